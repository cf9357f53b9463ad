/// `search QUERY...`: a page of results with the sorts and filters the site offers.
struct SearchCommand: Command {
    static let json = JSONSelection.option(fields: SearchReport.fields.names, help: .searchJSONHelp)

    static let spec = CommandSpec(
        name: "search", summary: .searchSummary, discussion: .searchDiscussion,
        arguments: [SearchOptions.query],
        options: [
            SearchOptions.site, SearchOptions.category, SearchOptions.sort, SearchOptions.filter, SearchOptions.limit,
            SearchOptions.page, SearchOptions.offset, json,
        ],
        examples: ["$0 search iphone", "$0 search zapatillas running --filter condition=new --sort price_asc",
                   "$0 search notebook --filter price=500000-1000000 --page 2", "$0 search iphone --json=id,title,price"],
        command: Self.self)

    var options: SearchOptions
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SearchOptions(arguments)
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let site = app.currentSite(flag: options.site).site
        let request = SearchRequest(
            site: site.rawValue, text: options.query, category: options.category, sort: options.sort,
            filters: options.filters, offset: options.offset, limit: options.limit)
        let page = try await app.apiClient().search(request)
        if json == nil, !app.stdout.isTerminal, page.results.isEmpty {
            app.note(.noResults(query: options.query, site: KnownSites.label(page.siteID)))
            return
        }
        app.show(SearchReport(page: page, options: options), json: json)
    }
}
