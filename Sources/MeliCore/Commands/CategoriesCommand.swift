/// `categories [--site ID]`: a site's top-level categories.
struct CategoriesCommand: Command {
    static let site = SiteOption.key
    static let json = JSONSelection.option(fields: CategoriesReport.fields.names, help: .CatalogHelp.categoriesJSONHelp)

    static let spec = CommandSpec(
        name: "categories", summary: .CatalogHelp.categoriesSummary, options: [site, json],
        examples: ["$0 categories", "$0 categories --site MLB --json"],
        pages: true, command: Self.self)

    var site: SiteID?
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        site = arguments[Self.site]
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let site = app.currentSite(flag: site).site
        let categories = try await app.apiClient().categories(site: site.rawValue)
        app.show(CategoriesReport(categories: categories), json: json)
    }
}

/// A site's top-level categories.
struct CategoriesReport: Report {
    static let fields = JSONFields<CategoryRef>([("id", { .string($0.id) }), ("name", { .string($0.name) })])

    var categories: [CategoryRef]

    func json() -> JSONValue { .array(categories.map { Self.fields.object($0) }) }
    var records: JSONRecords { .list(categories, Self.fields) }

    func terminal(_ view: ReportView) -> String {
        let rows = categories.map(\.forTerminal).map { [$0.id, $0.name] }
        return Table([[view.text(.Catalog.columnID), view.text(.Catalog.columnName)]] + rows).aligned()
    }

    func lines(_ view: ReportView) -> String { Table(rows).tabSeparated() }

    private var rows: [[String]] { categories.map { [$0.id, $0.name] } }
}
