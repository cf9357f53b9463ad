/// `item ITEM_ID`: one listing in full.
struct ItemCommand: Command {
    static let id = Argument.required("item-id", help: .StandardInput.itemIDHelp) { text throws(UsageError) in
        guard text == StandardInputIDs.dash || CatalogID.parse(text) != nil else { throw UsageError(.Catalog.badItemID(value: text)) }
    }.completing(.items)
    static let noDescription = Flag("no-description", help: .CatalogHelp.itemNoDescriptionHelp)
    static let json = JSONSelection.option(fields: ItemReport.fields.names, help: .CatalogHelp.itemJSONHelp)
    static let web = Flag("web", help: .Web.itemHelp)

    static let spec = CommandSpec(
        name: "item", summary: .CatalogHelp.itemSummary,
        arguments: [id], options: [noDescription, json, web],
        examples: [
            "$0 item MLA1400000100", "$0 item MLA1400000100 --json", "$0 item MLA1400000100 --json=title,price",
            "$0 search iphone | cut -f1 | $0 item - --json=id,price",
        ],
        pages: true,
        command: Self.self)

    /// The item's id in capitals, or `-`: the ids on standard input (`StandardInputIDs`).
    var id: String
    var withDescription: Bool
    var json: JSONSelection?
    var web: Bool
    var noColor: Bool

    init(_ arguments: ParsedArguments) {
        web = arguments[Self.web]
        id = CatalogID.parse(arguments[Self.id]) ?? arguments[Self.id]
        withDescription = !arguments[Self.noDescription]
        json = arguments[Self.json]
        noColor = arguments[GlobalOptions.noColor]
    }

    func run(_ app: App) async throws {
        if web {
            guard id != StandardInputIDs.dash else { throw UsageError(.StandardInput.webWithDash) }
            return try await Self.openPage(of: id, app)
        }
        let client = try app.apiClient()
        if id == StandardInputIDs.dash {
            try await StandardInputIDs(app: app, json: json, noColor: noColor).answer(parse: CatalogID.parse, invalid: { .Catalog.badItemID(value: $0) }) { id in
                client.budget.restart()  // each id its own time budget
                return ItemReport(item: try await client.item(id, withDescription: withDescription), described: withDescription)
            }
            return
        }
        app.show(ItemReport(item: try await client.item(id, withDescription: withDescription), described: withDescription), json: json)
    }
}

extension ItemCommand {
    /// `--web`: the item's permalink, as the API gives it (so the item is asked for, from the
    /// cache when fresh), else the page built from its id (`WebPages.item`), opened in the browser.
    static func openPage(of id: String, _ app: App) async throws {
        let item = try await app.apiClient().item(id, withDescription: false)
        guard let page = item.permalink.flatMap({ $0.isEmpty ? nil : $0 }) ?? WebPages.item(id) else {
            throw WebError.noWebSite(site: String(id.prefix(3)))
        }
        try await app.openInBrowser(page)
    }
}

/// One item in full.
struct ItemReport: Report {
    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    static let fields = JSONFields<Item>([
        ("id", { .string($0.id) }), ("title", { .string($0.title) }), ("price", { $0.price.map { .number($0) } ?? .null }),
        ("currency_id", { .string($0.currencyID) }), ("condition", { optional($0.condition) }), ("status", { optional($0.status) }),
        ("available_quantity", { $0.availableQuantity.map { .number(Double($0)) } ?? .null }),
        ("warranty", { optional($0.warranty) }), ("permalink", { optional($0.permalink) }),
        ("pictures", { .array($0.pictures.map { .object([("url", .string($0))]) }) }),
        ("attributes", { .array($0.attributes.map {
            .object([("id", .string($0.id)), ("name", .string($0.name)), ("value_name", optional($0.value))])
        }) }),
        ("description", { optional($0.description) }),
    ])

    var item: Item
    /// Whether the description was asked for: with `--no-description` the terminal view leaves its
    /// section out, rather than saying "(none)" of a description it never asked for.
    var described = true

    /// The price in the site's format, for a person.
    private var price: String { item.price.map { CurrencyFormat.for(TerminalText.clean(item.currencyID)).format($0) } ?? "—" }

    func json() -> JSONValue { Self.fields.object(item) }
    var records: JSONRecords { .one(item, Self.fields) }

    /// Piped: `field<TAB>value` lines with stable English field names and the API's values: the
    /// price as a plain number (`978999`, `41998.99`) with its currency id in a column of its own.
    func lines(_ view: ReportView) -> String {
        var rows = [["id", item.id], ["title", item.title], ["price", item.price.map(JSONValue.format) ?? "", item.currencyID]]
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

    /// On a terminal: the facts, attributes, pictures and description, labelled in the user's language.
    func terminal(_ view: ReportView) -> String {
        let style = view.style
        let item = item.forTerminal
        var facts: [[String]] = [[view.text(.Catalog.labelPrice), price]]
        if let condition = item.condition { facts.append([view.text(.Catalog.labelCondition), view.conditionName(condition)]) }
        if let status = item.status { facts.append([view.text(.Catalog.labelStatus), view.statusName(status)]) }
        if let quantity = item.availableQuantity { facts.append([view.text(.Catalog.labelAvailable), String(quantity)]) }
        facts.append([view.text(.Catalog.labelShipping), item.freeShipping ? view.text(.Catalog.free) : view.text(.Catalog.paidByBuyer)])
        if let warranty = item.warranty, !warranty.isEmpty { facts.append([view.text(.Catalog.labelWarranty), warranty]) }
        if let location = item.sellerLocation { facts.append([view.text(.Catalog.labelSellerIn), location]) }
        if let permalink = item.permalink { facts.append([view.text(.Catalog.labelLink), permalink]) }
        var out = style.paint(item.title, bold: true) + "\n" + style.paint(item.id, .gray) + "\n\n" + Table(facts).aligned()
        if !item.attributes.isEmpty {
            out += "\n" + style.paint(view.text(.Catalog.labelAttributes), bold: true) + "\n" + Table(item.attributes.map { [$0.name, $0.value ?? "—"] }).aligned(indent: 2)
        }
        if !item.pictures.isEmpty {
            out += "\n" + style.paint(view.text(.Catalog.labelPictures), bold: true) + "\n" + item.pictures.map { "  \($0)\n" }.joined()
        }
        guard described else { return out }
        out += "\n" + style.paint(view.text(.Catalog.labelDescription), bold: true) + "\n"
        out += (item.description.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n") } ?? "  " + view.text(.Catalog.noneLabel)) + "\n"
        return out
    }
}
