/// How long a response without cache headers stays fresh: `0` (always revalidate), seconds such as
/// `300`, or a number with a unit: `90s`, `5m`, `2h`, `1d`.
package struct CacheLifetime: Hashable, Sendable, CustomStringConvertible {
    package let seconds: Int

    package init(seconds: Int) { self.seconds = seconds }

    package init?(parsing text: String) {
        var digits = Substring(text)
        var unit = 1
        if let last = text.last, let factor = Self.unitSeconds(last) {
            digits = digits.dropLast()
            unit = factor
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
              number <= 366 * 86_400 / unit
        else { return nil }
        seconds = number * unit
    }

    /// The seconds of a unit letter. A switch, not a `[Character: Int]` literal, which was built
    /// (hashing each Character) at every parse: 148K instructions for the three lifetimes of a run.
    private static func unitSeconds(_ unit: Character) -> Int? {
        switch unit {
        case "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86_400
        default: nil
        }
    }

    package var description: String { Self.text(seconds) }

    /// `300` as `5m`, `7200` as `2h`: the largest unit that divides it.
    ///
    /// Plain conditions on purpose: Swift 6.3.1 (-O, Linux) unrolled a loop over a `[(unit, size)]`
    /// literal here into instructions whose order changed from one clean build to the next unless
    /// address randomisation was off (scripts/build; scripts/reproducible checks it).
    static func text(_ seconds: Int) -> String {
        guard seconds > 0 else { return "\(seconds)s" }
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}

/// The cache's size cap in whole megabytes (10⁶ bytes); `0` turns caching off.
package struct CacheSize: Hashable, Sendable, CustomStringConvertible {
    package let megabytes: Int

    package init?(parsing text: String) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number <= 1_000_000 else { return nil }
        megabytes = number
    }

    package var bytes: Int { megabytes * 1_000_000 }
    package var description: String { String(megabytes) }
}

/// The response cache's settings from the environment file.
package struct CacheSettings: Hashable, Sendable {
    /// Sites and categories (`MELI_CACHE_TTL_CATALOG`).
    package var catalog: CacheLifetime
    /// Search pages (`MELI_CACHE_TTL_SEARCH`).
    package var search: CacheLifetime
    /// Items and descriptions (`MELI_CACHE_TTL_ITEM`).
    package var item: CacheLifetime
    /// `MELI_CACHE_MAX_MB`.
    package var maxSize: CacheSize
}
