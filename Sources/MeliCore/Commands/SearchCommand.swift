/// `search QUERY...`: a page of results with the sorts and filters the site offers.
enum SearchCommand {
    static let discussion = """
        Filters are KEY=VALUE as the API takes them: condition=new|used, shipping_cost=free,
        price=MIN-MAX (* for open), or any filter id the results offer. Sorts: relevance,
        price_asc, price_desc.
        """

    static let spec = CommandSpec(
        name: "search", summary: "Search a site's listings.",
        discussion: discussion,
        arguments: [ArgumentSpec("query", arity: .variadic(minimum: 1), help: "Words to search for.")],
        options: [
            OptionSpec("site", kind: .value(placeholder: "id"), help: "The site (default: the current site)."),
            OptionSpec("category", kind: .value(placeholder: "id"), help: "Only this category, such as MLA1051."),
            OptionSpec("sort", kind: .value(placeholder: "id"), values: .choices(SearchOptions.sorts), help: "relevance, price_asc or price_desc."),
            OptionSpec("filter", kind: .value(placeholder: "key=value"), repeatable: true, help: "Apply a filter; repeat for more."),
            OptionSpec("limit", kind: .value(placeholder: "n"), help: "Results per page, 1 to 50 (default 20)."),
            OptionSpec("page", kind: .value(placeholder: "n"), help: "Page number, from 1."),
            OptionSpec("offset", kind: .value(placeholder: "n"), help: "Skip this many results instead of --page."),
            OptionSpec("json", help: "Print the page as JSON, with the API's field names."),
        ],
        examples: ["$0 search iphone", "$0 search zapatillas running --filter condition=new --sort price_asc",
                   "$0 search notebook --filter price=500000-1000000 --page 2"],
        action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let options = try SearchOptions(context.arguments)
        let site = try context.currentSite().site
        let request = SearchRequest(
            site: site.rawValue, text: options.query, category: options.category, sort: options.sort,
            filters: options.filters, offset: options.offset, limit: options.limit)
        let page = try await context.apiClient().search(request)
        if context.arguments.flag("json") {
            context.printJSON(SearchJSON.page(page, query: options.query))
        } else if context.stdout.isTerminal {
            context.stdout.write(SearchText(page: page, options: options, context: context).render())
        } else if page.results.isEmpty {
            context.stderr.line(context.t(.noResults, options.query, KnownSites.label(page.siteID)))
        } else {
            let rows = page.results.map { r in
                [r.id, r.title, r.price.map { JSONValue.format($0) } ?? "", r.currencyID, r.condition ?? "", r.freeShipping ? "free" : ""]
            }
            context.stdout.write(Table(rows).tabSeparated())
        }
    }
}
