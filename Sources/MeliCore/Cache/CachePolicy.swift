#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a response's headers say about caching it (RFC 9111, for a private cache).
///
/// Honoured: `Cache-Control: no-store` (never stored), `no-cache` (stored, but revalidated before
/// every use), `max-age` (over `Expires`), `Expires` (relative to the response's `Date` when given),
/// `Age`, and the validators `ETag` / `Last-Modified`. Without any of these, the endpoint's
/// freshness from the environment file applies (`MELI_CACHE_TTL_*`).
package struct CachePolicy: Sendable, Hashable {
    package var storable: Bool
    /// Seconds the response stays fresh after it was received.
    package var lifetime: Double

    /// The longest delta in seconds a header may give (RFC 9111 §1.2.2): a larger one, up to
    /// `max-age=9223372036854775807`, counts as this (68 years), so no sum on it can overflow.
    package static let greatestDelta = 2_147_483_648.0

    package init(headers: [String: String], fallbackLifetime: Double, now: Date) {
        let directives = Self.directives(headers["cache-control"] ?? "")
        storable = directives["no-store"] == nil
        let age = headers["age"].flatMap(Self.deltaSeconds) ?? 0
        var lifetime: Double
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAge = directives["max-age"].flatMap({ $0.flatMap(Self.deltaSeconds) }) {
            lifetime = max(0, maxAge - age)
        } else if let expiresText = headers["expires"] {
            // An Expires that does not parse (such as "0") means already expired.
            if let expires = HTTPDate.parse(expiresText) {
                let date = headers["date"].flatMap(HTTPDate.parse) ?? now
                lifetime = max(0, expires.timeIntervalSince(date) - age)
            } else {
                lifetime = 0
            }
        } else {
            lifetime = max(0, fallbackLifetime - age)
        }
        // NaN from a date at the edge of what a Double holds is no lifetime either.
        self.lifetime = lifetime.isNaN ? 0 : min(lifetime, Self.greatestDelta)
    }

    /// `delta-seconds` (RFC 9111 §1.2.2): digits only, at most `greatestDelta`; nil when not digits
    /// (`-1`, `1.5`, `1e9`, `nan` and `inf` are not).
    static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return min(Double(text) ?? greatestDelta, greatestDelta)
    }

    /// `no-cache, max-age=60` as `["no-cache": nil, "max-age": "60"]`; names lower-cased, quotes removed.
    static func directives(_ header: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            let value = pieces.count > 1 ? pieces[1].trimmingCharacters(quotes: true) : nil
            result[name] = .some(value)
        }
        return result
    }
}

private extension String {
    func trimmingCharacters(quotes: Bool) -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
