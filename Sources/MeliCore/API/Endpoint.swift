/// One API path meli calls, declared once beside the calls that use it (`Catalog/CatalogAPI.swift`,
/// `Auth/TokenEndpoint.swift`): where it is, what a 404 says is missing, how long an answer
/// without cache headers stays fresh, and how a refusal reads. Nothing switches on endpoints.
package struct Endpoint: Sendable, Hashable {
    /// `/items/MLA1`: every segment escaped (`segment`).
    package let path: String
    /// What a 404 says is missing, such as `item MLA1`.
    package let missing: Message
    /// Which cache lifetime setting keeps its answers fresh when they carry no cache headers.
    package let lifetime: CacheClass
    /// How a 401 or 403 reads.
    package let refusal: Refusal

    /// The endpoint at `/segments[0]/segments[1]/...`, each segment escaped, so that no id given
    /// as a segment can change the path.
    init(_ segments: String..., missing: Message, lifetime: CacheClass, refusal: Refusal = .request) {
        path = "/" + segments.map(Self.segment).joined(separator: "/")
        self.missing = missing
        self.lifetime = lifetime
        self.refusal = refusal
    }

    /// What a 401 or 403 from an endpoint tells the user (`ErrorMessages+API`).
    package enum Refusal: Sendable, Hashable {
        /// A request refused: the token is missing or wrong.
        case request
        /// Search, which MercadoLibre closed to anonymous callers.
        case search
        /// The login itself (the token endpoint).
        case login
    }

    /// One path segment: escaped, and `.` or `..` with their dots encoded too, so that no id can
    /// climb out of its path (commands check ids first; this holds whatever reaches here).
    static func segment(_ text: String) -> String {
        let escaped = PercentEncoding.escape(text)
        return escaped.isEmpty || escaped.contains(where: { $0 != "." }) ? escaped : String(repeating: "%2E", count: escaped.count)
    }

    /// `?a=1&b=2` from ordered pairs, escaped; empty without pairs.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "" : "?" + pairs.map { PercentEncoding.escape($0.0) + "=" + PercentEncoding.escape($0.1) }.joined(separator: "&")
    }
}
