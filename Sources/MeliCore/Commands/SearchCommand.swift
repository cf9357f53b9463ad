/// `search QUERY...`: a page of results with the sorts and filters the site offers. Its options
/// are declared once and checked while parsing: bad values are usage errors (exit 2).
struct SearchCommand: Command {
    static let sorts = ["relevance", "price_asc", "price_desc"]

    static let query = Argument.variadic("query", minimum: 1, help: .CatalogHelp.searchQueryHelp)
    static let site = SiteOption.key
    static let category = Option<String>("category", placeholder: "id", help: .CatalogHelp.searchCategoryHelp) { text throws(UsageError) in
        guard let id = CatalogID.parse(text) else { throw UsageError(.Catalog.badCategoryID(value: text)) }
        return id
    }.completing(.categories)
    static let sort = Option<String>("sort", placeholder: "id", values: .choices(sorts), help: .CatalogHelp.searchSortHelp).completing(.sorts)
    static let filter = Repeated<SearchFilterTerm>("filter", placeholder: "key=value", help: .CatalogHelp.searchFilterHelp) {
        text throws(UsageError) in try SearchFilterTerm(text)
    }.completing(.filters)
    static let limit = Option<Int>("limit", placeholder: "n", help: .CatalogHelp.searchLimitHelp) { text throws(UsageError) in
        guard let value = Int(text), (1...50).contains(value) else { throw UsageError(.Search.badLimit(value: text)) }
        return value
    }
    static let page = Option<Int>("page", placeholder: "n", help: .CatalogHelp.searchPageHelp) { text throws(UsageError) in
        guard let page = Int(text), page >= 1 else { throw UsageError(.Search.badPage(value: text)) }
        return page
    }
    static let offset = Option<Int>("offset", placeholder: "n", help: .CatalogHelp.searchOffsetHelp) { text throws(UsageError) in
        guard let value = Int(text), value >= 0 else { throw UsageError(.Search.badOffset(value: text)) }
        return value
    }
    static let json = JSONSelection.option(fields: SearchReport.fields.names, help: .CatalogHelp.searchJSONHelp)
    static let web = Flag("web", help: .Web.searchHelp)

    static let spec = CommandSpec(
        name: "search", summary: .CatalogHelp.searchSummary, discussion: .CatalogHelp.searchDiscussion,
        arguments: [query],
        options: [site, category, sort, filter, limit, page, offset, json, web],
        examples: ["$0 search iphone", "$0 search zapatillas running --filter condition=new --sort price_asc",
                   "$0 search notebook --filter price=500000-1000000 --page 2", "$0 search iphone --json=id,title,price"],
        pages: true,
        command: Self.self)

    /// What to ask the API; its `site` is chosen when the command runs (`--site`, else the current site).
    var request: SearchRequest
    /// The command line as parsed, which the next-page hint repeats.
    var arguments: ParsedArguments
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let query = arguments[Self.query].joined(separator: " ")
        guard !query.trimmingWhitespace.isEmpty else { throw UsageError(.Search.emptyQuery) }
        let limit = arguments[Self.limit] ?? 20
        request = SearchRequest(
            site: "", text: query, category: arguments[Self.category], sort: arguments[Self.sort],
            filters: arguments[Self.filter].map { ($0.key, $0.value) }, offset: try Self.offset(arguments, limit: limit), limit: limit)
        self.arguments = arguments
        json = arguments[Self.json]
    }

    /// Where the page starts: `--offset`, or `--page` counted in pages of `limit`; not both.
    private static func offset(_ arguments: ParsedArguments, limit: Int) throws(UsageError) -> Int {
        let (page, offset) = (arguments[Self.page], arguments[Self.offset])
        if page != nil, offset != nil { throw UsageError(.Search.pageWithOffset) }
        guard let page else { return offset ?? 0 }
        // A page so far on that its offset does not fit is no page: refused, not a crash.
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
        guard !overflow else { throw UsageError(Self.tooFar(page: page, limit: limit)) }
        return start
    }

    /// Why `--page page` cannot be asked for at `limit` results a page, with the last page that can.
    static func tooFar(page: Int, limit: Int) -> Message {
        .Search.pageTooFar(page: page, limit: limit, last: Int.max / limit + 1)
    }

    func run(_ app: App) async throws {
        var request = self.request
        request.site = app.currentSite(flag: arguments[Self.site]).site.rawValue
        if arguments[Self.web] {
            guard let page = WebPages.search(site: request.site, words: request.text ?? "") else { throw WebError.noWebSite(site: request.site) }
            return try await app.openInBrowser(page)
        }
        let page = try await app.apiClient().search(request)
        app.rememberSearch(page)
        if json == nil, !app.stdout.isTerminal, page.results.isEmpty {
            app.note(SearchText.empty(page, query: request.text ?? ""))
            return
        }
        app.show(SearchReport(page: page, request: request, arguments: arguments), json: json)
    }
}
