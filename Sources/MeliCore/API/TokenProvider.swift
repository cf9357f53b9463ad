/// Gives the API client the access token for a request, and a new one when the API rejects it.
package protocol TokenProvider: Sendable {
    /// Names whose responses the cache may serve: never the token itself (a one-way digest, or
    /// `anonymous`), so one login's answers are never served to another.
    var identity: String { get async }
    /// The token to send, renewed first when it is about to expire; nil to send none.
    func token() async throws(APIError) -> String?
    /// A new token after the API answered 401 to `rejected`, or nil when none can be had.
    func renew(rejected: String) async throws(APIError) -> String?
}

/// A token given as is (`MELI_ACCESS_TOKEN`): never renewed, never stored.
package struct FixedToken: TokenProvider {
    let value: String

    package init(_ value: String) { self.value = value }

    package var identity: String { "token:" + String(SHA256.hex("meli-token\n" + value).prefix(16)) }
    package func token() async throws(APIError) -> String? { value }
    package func renew(rejected: String) async throws(APIError) -> String? { nil }
}
