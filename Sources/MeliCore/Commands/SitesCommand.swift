/// `sites`: every MercadoLibre site with its currency.
enum SitesCommand {
    static let spec = CommandSpec(
        name: "sites", summary: "List the MercadoLibre sites (countries) and their currencies.",
        options: [OptionSpec("json", help: "Print JSON: [{id, name, default_currency_id}].")],
        examples: ["$0 sites", "$0 sites --json"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let sites = try await context.apiClient().sites().sorted { $0.id < $1.id }
        if context.arguments.flag("json") {
            context.printJSON(.array(sites.map {
                .object([("id", .string($0.id)), ("name", .string($0.name)), ("default_currency_id", .string($0.currencyID))])
            }))
            return
        }
        let rows = sites.map { [$0.id, $0.name, $0.currencyID] }
        context.stdout.write(context.stdout.isTerminal ? Table([[context.t(.columnID), context.t(.columnName), context.t(.columnCurrency)]] + rows).aligned() : Table(rows).tabSeparated())
    }
}
