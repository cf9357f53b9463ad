/// One `--filter KEY=VALUE`.
struct SearchFilterTerm: Sendable {
    var key: String
    var value: String

    init(_ text: String) throws(UsageError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, SettingName.isValid(parts[0]), !parts[1].isEmpty else { throw UsageError(.Search.badFilter(value: text)) }
        if Self.reserved.contains(parts[0].lowercased()) { throw UsageError(Self.refusal(key: parts[0])) }
        if parts[0] == "price", PriceRange.parse(parts[1]) == nil { throw UsageError(.Search.badPriceFilter(value: parts[1])) }
        (key, value) = (parts[0], parts[1])
    }

    /// Parameters meli sets itself, or that change what the answer is: a filter may not set them
    /// (`--filter limit=1000` passed the 1-50 check; `--filter access_token=X` put a token into
    /// a URL that is logged and is the cache key). Compared in lower case, as servers often do.
    static let reserved: Set<String> = ["q", "offset", "limit", "sort", "access_token", "attributes", "callback"]

    /// Why `--filter KEY=...` is refused for a reserved `key`, and what to do instead.
    static func refusal(key: String) -> Message {
        .Search.reservedFilter(key: key, instead: instead(of: key))
    }

    /// What to do instead of `--filter KEY=...` for a reserved key.
    static func instead(of key: String) -> Message {
        switch key.lowercased() {
        case "q": .Search.reservedFilterQuery
        case "offset": .Search.reservedFilterPage
        case "limit": .Search.reservedFilterLimit
        case "sort": .Search.reservedFilterSort
        case "access_token": .Search.reservedFilterToken
        default: .Search.reservedFilterShape
        }
    }
}
