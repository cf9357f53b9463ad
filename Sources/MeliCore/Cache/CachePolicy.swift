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
/// freshness from the environment file applies (`MELI_CACHE_TTL_*`), the one in force when the
/// answer is read (`CacheEntry.lifetime(fallback:)`).
package struct CachePolicy: Sendable, Hashable {
    package var storable: Bool
    /// Seconds the response stays fresh after it was received.
    package var lifetime: Double

    /// The longest delta in seconds a header may give (RFC 9111 §1.2.2): a larger one, up to
    /// `max-age=9223372036854775807`, counts as this (68 years), so no sum on it can overflow.
    package static let greatestDelta = 2_147_483_648.0

    /// Whether the headers set the lifetime (`no-cache`, `max-age` or `Expires`); when they do not,
    /// `fallbackLifetime` (the endpoint's `MELI_CACHE_TTL_*`) does.
    package var fromHeaders: Bool

    package init(headers: [String: String], fallbackLifetime: Double, now: Date) {
        storable = Self.directives(headers["cache-control"] ?? "")["no-store"] == nil
        let fromHeaders = Self.headerLifetime(headers, now: now)
        self.fromHeaders = fromHeaders != nil
        lifetime = fromHeaders ?? Self.fallback(fallbackLifetime, headers: headers)
    }

    /// `fallbackLifetime` less the response's `Age`: what a `MELI_CACHE_TTL_*` leaves of a
    /// response that set no lifetime itself. Applied when the answer is read, so the setting in
    /// force at that moment is the one that counts (0 revalidates every time).
    package static func fallback(_ fallbackLifetime: Double, headers: [String: String]) -> Double {
        let age = headers["age"].flatMap(Self.deltaSeconds) ?? 0
        let lifetime = max(0, fallbackLifetime - age)
        return lifetime.isNaN ? 0 : min(lifetime, greatestDelta)
    }

    /// The lifetime `headers` give (`no-cache`: 0, `max-age`, `Expires`), less `Age`; nil when they
    /// give none and the endpoint's setting applies.
    package static func headerLifetime(_ headers: [String: String], now: Date) -> Double? {
        let directives = Self.directives(headers["cache-control"] ?? "")
        let age = headers["age"].flatMap(Self.deltaSeconds) ?? 0
        var lifetime: Double
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAgeText = directives["max-age"] {
            // An invalid max-age (`-5`, `abc`, none at all) means stale (RFC 9111 §4.2.1, §1.2.2).
            lifetime = maxAgeText.flatMap(Self.deltaSeconds).map { max(0, $0 - age) } ?? 0
        } else if let expiresText = headers["expires"] {
            // An Expires that does not parse (such as "0") means already expired.
            if let expires = HTTPDate.parse(expiresText) {
                let date = headers["date"].flatMap(HTTPDate.parse) ?? now
                lifetime = max(0, expires.timeIntervalSince(date) - age)
            } else {
                lifetime = 0
            }
        } else {
            return nil
        }
        // NaN from a date at the edge of what a Double holds is no lifetime either.
        return lifetime.isNaN ? 0 : min(lifetime, greatestDelta)
    }

    /// `delta-seconds` (RFC 9111 §1.2.2): digits only, at most `greatestDelta`; nil when not digits
    /// (`-1`, `1.5`, `1e9`, `nan` and `inf` are not).
    static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return min(Double(text) ?? greatestDelta, greatestDelta)
    }

    /// `no-cache, max-age=60` as `["no-cache": nil, "max-age": "60"]`; names lower-cased, quotes removed.
    /// A directive given twice counts as its first occurrence (RFC 9111 §4.2.1 allows the first or
    /// stale): `max-age=0, max-age=9999` is 0.
    static func directives(_ header: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            let value = pieces.count > 1 ? pieces[1].trimmingCharacters(quotes: true) : nil
            if result.index(forKey: name) == nil { result[name] = .some(value) }
        }
        return result
    }
}

private extension String {
    func trimmingCharacters(quotes: Bool) -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
