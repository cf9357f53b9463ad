/// The shapes of the ids that become part of a request's path, checked before any URL is built:
/// only ASCII letters and digits reach a path, so `..`, `/` and `%` never do (`item ..` would
/// otherwise request `GET /`).
package enum CatalogID {
    /// An item id: a site's three letters, then 1 to 30 letters and digits (`MLA1400000100`), any
    /// case; upper-cased, or nil when it is not one.
    package static func item(_ text: String) -> String? { siteScoped(text) }

    /// A category id: a site's three letters, then 1 to 30 letters and digits (`MLA1051`), any
    /// case; upper-cased, or nil when it is not one.
    package static func category(_ text: String) -> String? { siteScoped(text) }

    private static func siteScoped(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard (4...33).contains(bytes.count), bytes.allSatisfy(isLetterOrDigit), bytes.prefix(3).allSatisfy(isLetter) else { return nil }
        return text.uppercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A `--filter` key: a plain filter id, a letter then letters, digits and `_` (`condition`,
    /// `shipping_cost`, `BRAND`), at most 64 characters.
    package static func isFilterID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count) && isLetter(bytes[0]) && bytes.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// Query parameters `search` sets itself (the words, the page, the sort) or that must never
    /// be put in a URL (a token): `--filter` cannot give them. Compared without regard to case.
    package static let reservedParameters = ["q", "offset", "limit", "sort", "access_token"]

    /// Whether `key` is one of `reservedParameters`, or names a token or secret.
    package static func isReservedParameter(_ key: String) -> Bool {
        let lower = key.lowercased()
        return reservedParameters.contains(lower) || SettingKey.isSecret(key)
    }
}
