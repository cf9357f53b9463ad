/// `item ITEM_ID`: one listing in full.
enum ItemCommand {
    static let spec = CommandSpec(
        name: "item", summary: "Show one item: price, condition, attributes, pictures and description.",
        arguments: [ArgumentSpec("item-id", help: "An item id such as MLA1400000100.")],
        options: [
            OptionSpec("no-description", help: "Do not fetch the description."),
            OptionSpec("json", help: "Print the item as JSON, with the API's field names."),
        ],
        examples: ["$0 item MLA1400000100", "$0 item MLA1400000100 --json"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let id = context.arguments.positionals[0].uppercased()
        let item = try await context.apiClient().item(id, withDescription: !context.arguments.flag("no-description"))
        if context.arguments.flag("json") {
            context.printJSON(json(item))
        } else {
            context.stdout.write(text(item, style: context.style, terminal: context.stdout.isTerminal))
        }
    }

    static func json(_ item: Item) -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        return .object([
            ("id", .string(item.id)), ("title", .string(item.title)), ("price", item.price.map { .number($0) } ?? .null),
            ("currency_id", .string(item.currencyID)), ("condition", optional(item.condition)), ("status", optional(item.status)),
            ("available_quantity", item.availableQuantity.map { .number(Double($0)) } ?? .null),
            ("warranty", optional(item.warranty)), ("permalink", optional(item.permalink)),
            ("pictures", .array(item.pictures.map { .object([("url", .string($0))]) })),
            ("attributes", .array(item.attributes.map {
                .object([("id", .string($0.id)), ("name", .string($0.name)), ("value_name", optional($0.value))])
            })),
            ("description", optional(item.description)),
        ])
    }

    static func text(_ item: Item, style: TextStyle, terminal: Bool) -> String {
        let price = item.price.map { CurrencyFormat.for(item.currencyID).format($0) } ?? "—"
        var facts: [[String]] = [["Price", price]]
        if let condition = item.condition { facts.append(["Condition", condition]) }
        if let status = item.status { facts.append(["Status", status]) }
        if let quantity = item.availableQuantity { facts.append(["Available", String(quantity)]) }
        facts.append(["Shipping", item.freeShipping ? "free" : "paid by the buyer"])
        if let warranty = item.warranty, !warranty.isEmpty { facts.append(["Warranty", warranty]) }
        if let location = item.sellerLocation { facts.append(["Seller in", location]) }
        if let permalink = item.permalink { facts.append(["Link", permalink]) }
        guard terminal else {
            var rows = [["id", item.id], ["title", item.title]] + facts.map { [$0[0].lowercased(), $0[1]] }
            rows += item.attributes.map { ["attribute", $0.name, $0.value ?? ""] }
            rows += item.pictures.map { ["picture", $0] }
            if let description = item.description { rows.append(["description", description]) }
            return Table(rows).tabSeparated()
        }
        var out = style.paint(item.title, bold: true) + "\n" + style.paint(item.id, .gray) + "\n\n" + Table(facts).aligned()
        if !item.attributes.isEmpty {
            out += "\n" + style.paint("Attributes", bold: true) + "\n" + Table(item.attributes.map { [$0.name, $0.value ?? "—"] }).aligned(indent: 2)
        }
        if !item.pictures.isEmpty {
            out += "\n" + style.paint("Pictures", bold: true) + "\n" + item.pictures.map { "  \($0)\n" }.joined()
        }
        out += "\n" + style.paint("Description", bold: true) + "\n"
        out += (item.description.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n") } ?? "  (none)") + "\n"
        return out
    }
}
