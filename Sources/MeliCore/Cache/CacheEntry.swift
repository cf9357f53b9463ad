#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One cached response, as stored in one file: a short text header, then the body bytes.
///
///     meli-cache 2
///     key: GET https://api.mercadolibre.com/sites
///     identity: anonymous
///     stored: 1763745173.512
///     lifetime: 300
///     status: 200
///     header: etag: "abc"
///     body-fnv1a64: 9c1f0e22a4b7d310
///     body-length: 1234
///
///     <body>
///
/// The checksum and length make a truncated or damaged file detectable: such an entry is ignored
/// and removed, never shown. The checksum is FNV-1a (64 bits), not SHA-256: it guards against damage,
/// not against someone who can write the cache folder, and it is read on every cached answer, where
/// SHA-256 of an 87 KiB search page took 6.3M of the 23M instructions (callgrind). Format 1 entries
/// (body-sha256) no longer read back whole: they are removed and fetched again.
///
/// `lifetime` is what the response's headers gave (or, without them, the `MELI_CACHE_TTL_*` in force
/// when it was stored). Only the first counts when the entry is read: an answer without cache
/// headers is fresh for the setting in force at read time (`lifetime(fallback:)`), so a lower
/// `MELI_CACHE_TTL_SEARCH` applies to what is already cached. The format did not change for it:
/// whether the headers gave the lifetime is read from the headers kept (`cache-control`,
/// `expires`), in the entries of every meli that wrote format 2.
package struct CacheEntry: Sendable, Hashable {
    /// `GET <url>`.
    package var key: String
    /// Whose response this is (`anonymous`, or a one-way digest naming a login); never a token.
    package var identity: String
    /// When the response (or its last 304 revalidation) arrived, in seconds since 1970.
    package var stored: Double
    /// Seconds it stays fresh after `stored`, as computed when stored (see the type's note).
    package var lifetime: Double
    package var status: Int
    /// The response headers worth keeping: validators, type, cache directives.
    package var headers: [String: String]
    package var body: [UInt8]

    static let magic = "meli-cache 2"
    /// The largest entry meli writes (`ResponseCache.store` keeps none larger): the largest answer
    /// it accepts (`APIClient.maxAnswerBytes`) and 1 MiB for the header text. Every reader refuses
    /// a larger file unread, as damaged.
    package static let maximumBytes = APIClient.maxAnswerBytes + (1 << 20)
    static let keptHeaders: Set = ["etag", "last-modified", "content-type", "cache-control", "expires", "date", "age"]

    /// Seconds it stays fresh after `stored`: what its headers gave, or else `fallback` (the
    /// endpoint's `MELI_CACHE_TTL_*` in force now) less the response's `Age`.
    package func lifetime(fallback: Double) -> Double {
        CachePolicy.headerLifetime(headers, now: Date(timeIntervalSince1970: stored)) != nil
            ? lifetime : CachePolicy.fallback(fallback, headers: headers)
    }

    /// Whether it is fresh at `now`, `fallback` being the endpoint's `MELI_CACHE_TTL_*` in force now.
    package func isFresh(at now: Double, fallback: Double) -> Bool { now < stored + lifetime(fallback: fallback) }

    func encoded() -> [UInt8] {
        var text = "\(Self.magic)\nkey: \(key)\nidentity: \(identity)\nstored: \(stored)\nlifetime: \(lifetime)\nstatus: \(status)\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where Self.keptHeaders.contains(name) {
            text += "header: \(name): \(Self.singleLine(value))\n"
        }
        text += "body-fnv1a64: \(Self.checksum(body))\nbody-length: \(body.count)\n\n"
        return Array(text.utf8) + body
    }

    /// The entry in `bytes`, or `nil` when they are not a whole, intact entry.
    static func decode(_ bytes: [UInt8]) -> CacheEntry? {
        guard let end = headerEnd(bytes) else { return nil }
        let lines = headerLines(bytes[..<end])
        guard lines.first == magic else { return nil }
        var fields: [String: String] = [:]
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            let value = Self.value(Substring(line), after: colon)
            if name == "header" {
                guard let inner = value.firstIndex(of: ":") else { return nil }
                headers[String(value[..<inner])] = Self.value(Substring(value), after: inner)
            } else {
                fields[name] = value
            }
        }
        let body = Array(bytes[(end + 2)...])
        guard let key = fields["key"], let identity = fields["identity"],
              let stored = fields["stored"].flatMap(Double.init), let lifetime = fields["lifetime"].flatMap(Double.init),
              let status = fields["status"].flatMap(Int.init), fields["body-length"] == String(body.count),
              fields["body-fnv1a64"] == Self.checksum(body)
        else { return nil }
        return CacheEntry(key: key, identity: identity, stored: stored, lifetime: lifetime, status: status, headers: headers, body: body)
    }

    /// FNV-1a, 64 bits, of `bytes`, as 16 lower-case hex digits: any one byte changed changes it.
    static func checksum(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The header's lines. What meli writes is ASCII without a carriage return, split on its
    /// bytes (splitting it as Characters took 0.13M instructions of a cached search); anything
    /// else as Characters, as before (where `\r\n` is one Character, not a line break).
    private static func headerLines(_ header: ArraySlice<UInt8>) -> [String] {
        if header.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return header.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        return String(decoding: header, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Index of the blank line's first newline ending the header.
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for i in 0..<(bytes.count - 1) where bytes[i] == 10 && bytes[i + 1] == 10 { return i }
        return nil
    }

    /// What follows `": "` at `colon`.
    private static func value(_ line: Substring, after colon: Substring.Index) -> String {
        let start = line.index(colon, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
        return String(line[start...])
    }

    private static func singleLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
