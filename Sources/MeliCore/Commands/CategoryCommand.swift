/// `category ID`: a category's path from the root and its children.
struct CategoryCommand: Command {
    static let id = Argument.required("id", help: .StandardInput.categoryIDHelp) { text throws(UsageError) in
        guard text == StandardInputIDs.dash || CatalogID.parse(text) != nil else { throw UsageError(.Catalog.badCategoryID(value: text)) }
    }.completing(.categories)
    static let json = JSONSelection.option(fields: CategoryReport.fields.names, help: .CatalogHelp.categoryJSONHelp)
    static let web = Flag("web", help: .Web.categoryHelp)

    static let spec = CommandSpec(
        name: "category", summary: .CatalogHelp.categorySummary, arguments: [id], options: [json, web],
        examples: ["$0 category MLA1051", "printf 'MLA1051\\nMLA1000\\n' | $0 category - --json=id,name"],
        pages: true, command: Self.self)

    /// The category's id in capitals, or `-`: the ids on standard input (`StandardInputIDs`).
    var id: String
    var json: JSONSelection?
    var web: Bool
    var noColor: Bool

    init(_ arguments: ParsedArguments) {
        web = arguments[Self.web]
        id = CatalogID.parse(arguments[Self.id]) ?? arguments[Self.id]
        json = arguments[Self.json]
        noColor = arguments[GlobalOptions.noColor]
    }

    func run(_ app: App) async throws {
        if web {
            guard id != StandardInputIDs.dash else { throw UsageError(.StandardInput.webWithDash) }
            // Built from the id alone: no request (see WebPages).
            guard let page = WebPages.category(id) else { throw WebError.noWebSite(site: String(id.prefix(3))) }
            return try await app.openInBrowser(page)
        }
        let client = try app.apiClient()
        if id == StandardInputIDs.dash {
            try await StandardInputIDs(app: app, json: json, noColor: noColor).answer(parse: CatalogID.parse, invalid: { .Catalog.badCategoryID(value: $0) }) { id in
                client.budget.restart()  // each id its own time budget
                return CategoryReport(category: try await client.category(id))
            }
            return
        }
        app.show(CategoryReport(category: try await client.category(id)), json: json)
    }
}

/// One category with its path and children.
struct CategoryReport: Report {
    static func ref(_ c: CategoryRef) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(c.id)), ("name", .string(c.name))]
        if let total = c.totalItems { members.append(("total_items_in_this_category", .number(Double(total)))) }
        return .object(members)
    }

    static let fields = JSONFields<Category>([
        ("id", { .string($0.id) }), ("name", { .string($0.name) }),
        ("path_from_root", { .array($0.path.map(ref)) }), ("children_categories", { .array($0.children.map(ref)) }),
        ("total_items_in_this_category", { $0.totalItems.map { .number(Double($0)) } ?? .null }),
    ])

    var category: Category

    func json() -> JSONValue { Self.fields.object(category) }
    var records: JSONRecords { .one(category, Self.fields) }

    /// A count in the site's format (`1.234` in Argentina), for a person.
    private func count(_ n: Int?) -> String {
        n.map { NumberText.grouped(Int64($0), separator: KnownSites.groupingSeparator(for: category.id)) } ?? ""
    }

    /// Piped: `kind<TAB>id<TAB>name<TAB>count` lines, counts as the API gives them (`1234`).
    func lines(_ view: ReportView) -> String {
        func raw(_ n: Int?) -> String { n.map { String($0) } ?? "" }
        let rows = [["category", category.id, category.name, raw(category.totalItems)]]
            + category.path.map { ["path", $0.id, $0.name, ""] } + category.children.map { ["child", $0.id, $0.name, raw($0.totalItems)] }
        return Table(rows).tabSeparated()
    }

    func terminal(_ view: ReportView) -> String {
        let category = category.forTerminal
        var out = view.style.paint("\(category.name) (\(category.id))", bold: true) + "\n"
        out += view.text(.Catalog.categoryPath(path: category.path.map(\.name).joined(separator: " > "))) + "\n"
        if let total = category.totalItems { out += view.text(.Catalog.categoryItems(count: count(total))) + "\n" }
        if category.children.isEmpty {
            out += view.text(.Catalog.noSubcategories) + "\n"
        } else {
            out += "\n" + view.text(.Catalog.subcategories) + "\n" + Table(category.children.map { [$0.id, $0.name, count($0.totalItems)] }).aligned(indent: 2)
        }
        return out
    }
}
