/// `categories [--site ID]`: a site's top-level categories.
enum CategoriesCommand {
    static let spec = CommandSpec(
        name: "categories", summary: "List a site's top-level categories.",
        options: [
            OptionSpec("site", kind: .value(placeholder: "id"), help: "The site (default: the current site)."),
            OptionSpec("json", help: "Print JSON: [{id, name}]."),
        ],
        examples: ["$0 categories", "$0 categories --site MLB --json"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let site = try context.currentSite().site
        let categories = try await context.apiClient().categories(site: site.rawValue)
        if context.arguments.flag("json") {
            context.printJSON(.array(categories.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) }))
            return
        }
        let rows = categories.map { [$0.id, $0.name] }
        context.stdout.write(context.stdout.isTerminal ? Table([[context.t(.columnID), context.t(.columnName)]] + rows).aligned() : Table(rows).tabSeparated())
    }
}

/// `category ID`: a category's path from the root and its children.
enum CategoryCommand {
    static let spec = CommandSpec(
        name: "category", summary: "Show a category: its path and its children.",
        arguments: [ArgumentSpec("id", help: "A category id such as MLA1051.")],
        options: [OptionSpec("json", help: "Print JSON: {id, name, path_from_root, children_categories, total_items_in_this_category}.")],
        examples: ["$0 category MLA1051"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let category = try await context.apiClient().category(context.arguments.positionals[0])
        if context.arguments.flag("json") {
            func ref(_ c: CategoryRef) -> JSONValue {
                var members: [(String, JSONValue)] = [("id", .string(c.id)), ("name", .string(c.name))]
                if let total = c.totalItems { members.append(("total_items_in_this_category", .number(Double(total)))) }
                return .object(members)
            }
            context.printJSON(.object([
                ("id", .string(category.id)), ("name", .string(category.name)),
                ("path_from_root", .array(category.path.map(ref))), ("children_categories", .array(category.children.map(ref))),
                ("total_items_in_this_category", category.totalItems.map { .number(Double($0)) } ?? .null),
            ]))
            return
        }
        let separator = KnownSites.groupingSeparator(for: category.id)
        func count(_ n: Int?) -> String { n.map { NumberText.grouped(Int64($0), separator: separator) } ?? "" }
        guard context.stdout.isTerminal else {
            let rows = [["category", category.id, category.name, count(category.totalItems)]]
                + category.path.map { ["path", $0.id, $0.name, ""] } + category.children.map { ["child", $0.id, $0.name, count($0.totalItems)] }
            context.stdout.write(Table(rows).tabSeparated())
            return
        }
        var out = context.style.paint("\(category.name) (\(category.id))", bold: true) + "\n"
        out += context.t(.categoryPath, category.path.map(\.name).joined(separator: " > ")) + "\n"
        if let total = category.totalItems { out += context.t(.categoryItems, count(total)) + "\n" }
        if category.children.isEmpty {
            out += context.t(.noSubcategories) + "\n"
        } else {
            out += "\n" + context.t(.subcategories) + "\n" + Table(category.children.map { [$0.id, $0.name, count($0.totalItems)] }).aligned(indent: 2)
        }
        context.stdout.write(out)
    }
}
