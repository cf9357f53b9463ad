/// `sites`: every MercadoLibre site with its currency.
struct SitesCommand: Command {
    static let json = JSONSelection.option(fields: SitesReport.fields.names, help: .CatalogHelp.sitesJSONHelp)

    static let spec = CommandSpec(
        name: "sites", summary: .CatalogHelp.sitesSummary,
        options: [json], examples: ["$0 sites", "$0 sites --json", "$0 sites --json=id"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let sites = try await app.apiClient().sites().sorted { $0.id < $1.id }
        app.show(SitesReport(sites: sites), json: json)
    }
}

/// The sites, sorted by id.
struct SitesReport: Report {
    static let fields = JSONFields<Site>([
        ("id", { .string($0.id) }), ("name", { .string($0.name) }), ("default_currency_id", { .string($0.currencyID) }),
    ])

    var sites: [Site]

    func json() -> JSONValue { .array(sites.map { Self.fields.object($0) }) }
    var records: JSONRecords { .list(sites, Self.fields) }

    func terminal(_ view: ReportView) -> String {
        let rows = sites.map(\.forTerminal).map { [$0.id, $0.name, $0.currencyID] }
        return Table([[view.text(.Catalog.columnID), view.text(.Catalog.columnName), view.text(.Catalog.columnCurrency)]] + rows).aligned()
    }

    func lines(_ view: ReportView) -> String { Table(rows).tabSeparated() }

    private var rows: [[String]] { sites.map { [$0.id, $0.name, $0.currencyID] } }
}
