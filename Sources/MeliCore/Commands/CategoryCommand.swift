/// `category ID`: a category's path from the root and its children.
struct CategoryCommand: Command {
    static let id = Argument.required("id", help: .CatalogHelp.categoryIDHelp) { text throws(UsageError) in
        guard CatalogID.parse(text) != nil else { throw UsageError(.Catalog.badCategoryID(value: text)) }
    }.completing(.categories)
    static let json = JSONSelection.option(fields: CategoryReport.fields.names, help: .CatalogHelp.categoryJSONHelp)
    static let web = Flag("web", help: .Web.categoryHelp)

    static let spec = CommandSpec(
        name: "category", summary: .CatalogHelp.categorySummary, arguments: [id], options: [json, web],
        examples: ["$0 category MLA1051"],
        pages: true, command: Self.self)

    var id: String
    var json: JSONSelection?
    var web: Bool

    init(_ arguments: ParsedArguments) {
        web = arguments[Self.web]
        id = CatalogID.parse(arguments[Self.id]) ?? arguments[Self.id]
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        if web {
            // Built from the id alone: no request (see WebPages).
            guard let page = WebPages.category(id) else { throw WebError.noWebSite(site: String(id.prefix(3))) }
            return try await app.openInBrowser(page)
        }
        app.show(CategoryReport(category: try await app.apiClient().category(id)), json: json)
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

    private func count(_ n: Int?) -> String {
        n.map { NumberText.grouped(Int64($0), separator: KnownSites.groupingSeparator(for: category.id)) } ?? ""
    }

    func lines(_ view: ReportView) -> String {
        let rows = [["category", category.id, category.name, count(category.totalItems)]]
            + category.path.map { ["path", $0.id, $0.name, ""] } + category.children.map { ["child", $0.id, $0.name, count($0.totalItems)] }
        return Table(rows).tabSeparated()
    }

    func terminal(_ view: ReportView) -> String {
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
