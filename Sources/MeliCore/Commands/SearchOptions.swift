/// `search`'s options, declared once and checked while parsing: bad values are usage errors (exit 2).
struct SearchOptions: Sendable {
    static let sorts = ["relevance", "price_asc", "price_desc"]

    static let query = Argument.variadic("query", minimum: 1, help: .searchQueryHelp)
    static let site = SiteOption.key
    static let category = Option<String>("category", placeholder: "id", help: .searchCategoryHelp) { text throws(UsageError) in
        guard let id = CatalogID.parse(text) else { throw UsageError(.badCategoryID(value: text)) }
        return id
    }
    static let sort = Option<String>("sort", placeholder: "id", values: .choices(sorts), help: .searchSortHelp)
    static let filter = Repeated<SearchFilterTerm>("filter", placeholder: "key=value", help: .searchFilterHelp) {
        text throws(UsageError) in try SearchFilterTerm(text)
    }
    static let limit = Option<Int>("limit", placeholder: "n", help: .searchLimitHelp) { text throws(UsageError) in
        guard let value = Int(text), (1...50).contains(value) else { throw UsageError(.badLimit(value: text)) }
        return value
    }
    static let page = Option<Int>("page", placeholder: "n", help: .searchPageHelp) { text throws(UsageError) in
        guard let page = Int(text), page >= 1 else { throw UsageError(.badPage(value: text)) }
        return page
    }
    static let offset = Option<Int>("offset", placeholder: "n", help: .searchOffsetHelp) { text throws(UsageError) in
        guard let value = Int(text), value >= 0 else { throw UsageError(.badOffset(value: text)) }
        return value
    }

    /// The words searched for, as given.
    var words: [String]
    var site: SiteID?
    var category: String?
    var sort: String?
    var filters: [(String, String)]
    var limit: Int
    /// Whether `--limit` was given (the next-page command repeats it only then).
    var limitGiven: Bool
    var offset: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments[Self.query]
        guard !words.joined(separator: " ").trimmingWhitespace.isEmpty else { throw UsageError(.emptyQuery) }
        site = arguments[Self.site]
        category = arguments[Self.category]
        sort = arguments[Self.sort]
        limitGiven = arguments[Self.limit] != nil
        limit = arguments[Self.limit] ?? 20
        let (page, offset, limit) = (arguments[Self.page], arguments[Self.offset], self.limit)
        if page != nil, offset != nil { throw UsageError(.pageWithOffset) }
        if let page {
            // A page so far on that its offset does not fit is no page: refused, not a crash.
            let (start, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
            guard !overflow else { throw UsageError(.pageTooFar(page: page, limit: limit)) }
            self.offset = start
        } else {
            self.offset = offset ?? 0
        }
        filters = arguments[Self.filter].map { ($0.key, $0.value) }
    }

    var query: String { words.joined(separator: " ") }

    /// The page number, when the offset falls on a page boundary.
    var page: Int { offset / limit + 1 }
}

/// One `--filter KEY=VALUE`.
struct SearchFilterTerm: Sendable {
    var key: String
    var value: String

    init(_ text: String) throws(UsageError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, SettingName.isValid(parts[0]), !parts[1].isEmpty else { throw UsageError(.badFilter(value: text)) }
        if Self.reserved.contains(parts[0].lowercased()) { throw UsageError(.reservedFilter(key: parts[0])) }
        if parts[0] == "price", PriceRange.parse(parts[1]) == nil { throw UsageError(.badPriceFilter(value: parts[1])) }
        (key, value) = (parts[0], parts[1])
    }

    /// Parameters meli sets itself, or that change what the answer is: a filter may not set them
    /// (`--filter limit=1000` passed the 1-50 check; `--filter access_token=X` put a token into
    /// a URL that is logged and is the cache key). Compared in lower case, as servers often do.
    static let reserved: Set<String> = ["q", "offset", "limit", "sort", "access_token", "attributes", "callback"]

    /// What to do instead of `--filter KEY=...` for a reserved key.
    static func instead(of key: String) -> Message {
        switch key.lowercased() {
        case "q": .reservedFilterQuery
        case "offset": .reservedFilterPage
        case "limit": .reservedFilterLimit
        case "sort": .reservedFilterSort
        case "access_token": .reservedFilterToken
        default: .reservedFilterShape
        }
    }
}
