/// `search`'s options, checked before any request: bad values are usage errors (exit 2).
struct SearchOptions {
    static let sorts = ["relevance", "price_asc", "price_desc"]

    var query: String
    var category: String?
    var sort: String?
    var filters: [(String, String)]
    var limit: Int
    var offset: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        func fail(_ key: MessageKey, _ value: String = "") -> UsageError { UsageError(key, value, commandPath: ["search"]) }
        query = arguments.positionals.joined(separator: " ")
        guard !query.trimmingWhitespace.isEmpty else { throw fail(.emptyQuery) }
        category = arguments.value("category")
        sort = arguments.value("sort")
        limit = 20
        if let text = arguments.value("limit") {
            guard let value = Int(text), (1...50).contains(value) else { throw fail(.badLimit, text) }
            limit = value
        }
        offset = 0
        if arguments.value("page") != nil, arguments.value("offset") != nil {
            throw fail(.pageWithOffset)
        }
        if let text = arguments.value("page") {
            guard let page = Int(text), page >= 1 else { throw fail(.badPage, text) }
            offset = (page - 1) * limit
        }
        if let text = arguments.value("offset") {
            guard let value = Int(text), value >= 0 else { throw fail(.badOffset, text) }
            offset = value
        }
        filters = []
        for text in arguments.values("filter") {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, SettingName.isValid(parts[0]), !parts[1].isEmpty else {
                throw fail(.badFilter, text)
            }
            if parts[0] == "price", PriceRange.parse(parts[1]) == nil {
                throw fail(.badPriceFilter, parts[1])
            }
            filters.append((parts[0], parts[1]))
        }
    }

    /// The page number, when the offset falls on a page boundary.
    var page: Int { offset / limit + 1 }
}
