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

    package init(headers: [String: String], fallbackLifetime: Double, now: Date) {
        let directives = Self.directives(headers["cache-control"] ?? "")
        storable = directives["no-store"] == nil
        let age = headers["age"].flatMap { Double($0) }.map { max(0, $0) } ?? 0
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAge = directives["max-age"].flatMap({ $0.flatMap { Int($0) } }) {
            lifetime = max(0, Double(maxAge) - age)
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
