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
            context.stdout.write(text(item, context: context))
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

    /// On a terminal: the facts, attributes, pictures and description, labelled in the user's language.
    /// Piped: `field<TAB>value` lines with stable English field names and the API's values.
    static func text(_ item: Item, context: CommandContext) -> String {
        let style = context.style
        let price = item.price.map { CurrencyFormat.for(item.currencyID).format($0) } ?? "—"
        guard context.stdout.isTerminal else {
            var rows = [["id", item.id], ["title", item.title], ["price", price]]
            if let condition = item.condition { rows.append(["condition", condition]) }
            if let status = item.status { rows.append(["status", status]) }
            if let quantity = item.availableQuantity { rows.append(["available_quantity", String(quantity)]) }
            rows.append(["free_shipping", String(item.freeShipping)])
            if let warranty = item.warranty { rows.append(["warranty", warranty]) }
            if let location = item.sellerLocation { rows.append(["seller_location", location]) }
            if let permalink = item.permalink { rows.append(["permalink", permalink]) }
            rows += item.attributes.map { ["attribute", $0.name, $0.value ?? ""] }
            rows += item.pictures.map { ["picture", $0] }
            if let description = item.description { rows.append(["description", description]) }
            return Table(rows).tabSeparated()
        }
        var facts: [[String]] = [[context.language.text(.labelPrice), price]]
        if let condition = item.condition { facts.append([context.language.text(.labelCondition), context.conditionName(condition)]) }
        if let status = item.status { facts.append([context.language.text(.labelStatus), status]) }
        if let quantity = item.availableQuantity { facts.append([context.language.text(.labelAvailable), String(quantity)]) }
        facts.append([context.language.text(.labelShipping), item.freeShipping ? context.language.text(.free) : context.language.text(.paidByBuyer)])
        if let warranty = item.warranty, !warranty.isEmpty { facts.append([context.language.text(.labelWarranty), warranty]) }
        if let location = item.sellerLocation { facts.append([context.language.text(.labelSellerIn), location]) }
        if let permalink = item.permalink { facts.append([context.language.text(.labelLink), permalink]) }
        var out = style.paint(item.title, bold: true) + "\n" + style.paint(item.id, .gray) + "\n\n" + Table(facts).aligned()
        if !item.attributes.isEmpty {
            out += "\n" + style.paint(context.language.text(.labelAttributes), bold: true) + "\n" + Table(item.attributes.map { [$0.name, $0.value ?? "—"] }).aligned(indent: 2)
        }
        if !item.pictures.isEmpty {
            out += "\n" + style.paint(context.language.text(.labelPictures), bold: true) + "\n" + item.pictures.map { "  \($0)\n" }.joined()
        }
        out += "\n" + style.paint(context.language.text(.labelDescription), bold: true) + "\n"
        out += (item.description.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n") } ?? "  " + context.language.text(.none)) + "\n"
        return out
    }
}
