/// Answers API requests for `sandbox://` from the catalog built into the binary: the same endpoints,
/// the same JSON shapes, the same client code path, no network. Deterministic.
package struct SandboxTransport: HTTPTransport {
    package static let baseURL = "sandbox://"

    /// This transport's catalog, built a site at a time as requests name them.
    private let catalog = SandboxCatalog()

    package init() {}

    package var answersLocally: Bool { true }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard request.url.hasPrefix(Self.baseURL) else { throw .invalidURL(request.url) }
        let target = request.url.dropFirst(Self.baseURL.count)
        let path = String(target.prefix { $0 != "?" })
        let parameters = Self.parameters(target.drop { $0 != "?" }.dropFirst())
        let (status, body) = route(path.split(separator: "/").map { Self.unescape($0) }, parameters)
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body.compactUTF8())
    }

    private func route(_ parts: [String], _ parameters: [String: String]) -> (Int, JSONValue) {
        switch (parts.count, parts.first) {
        case (1, "sites"):
            return (200, .array(catalog.seeds.map { site in
                .object([("default_currency_id", .string(site.currency)), ("id", .string(site.id)), ("name", .string(site.name))])
            }))
        case (2, "sites"), (3, "sites"):
            guard let site = catalog.site(parts[1]) else { return notFound("Site not found") }
            if parts.count == 2 {
                return (200, .object([
                    ("id", .string(site.id)), ("name", .string(site.name)), ("country_id", .string(site.countryID)),
                    ("default_currency_id", .string(site.currency)),
                    ("categories", .array(site.topCategoryIDs.map { categoryRef(site.categories[$0]!, site: site) })),
                ]))
            }
            switch parts[2] {
            case "categories":
                return (200, .array(site.topCategoryIDs.map { categoryRef(site.categories[$0]!, site: site, counted: false) }))
            case "search":
                do {
                    return (200, try SandboxSearch(site: site, parameters: parameters).run())
                } catch {
                    return (400, SandboxJSON.error(400, "bad_request", error.message))
                }
            default:
                return notFound("Resource not found")
            }
        case (2, "categories"):
            guard let (site, node) = catalog.category(parts[1]) else { return notFound("Category not found") }
            var path = [node]
            while let parent = path.first?.parentID, let up = site.categories[parent] { path.insert(up, at: 0) }
            return (200, .object([
                ("id", .string(node.id)), ("name", .string(node.name)),
                ("path_from_root", .array(path.map { categoryRef($0, site: site, counted: false) })),
                ("children_categories", .array(node.childIDs.map { categoryRef(site.categories[$0]!, site: site) })),
                ("total_items_in_this_category", .number(Double(count(node.id, in: site)))),
            ]))
        case (2, "items"), (3, "items"):
            guard let item = catalog.item(parts[1]) else { return notFound("Item with id \(parts[1]) not found") }
            let portuguese = catalog.site(item.siteID)?.portuguese ?? false
            if parts.count == 2 { return (200, SandboxJSON.item(item, portuguese: portuguese)) }
            guard parts[2] == "description" else { return notFound("Resource not found") }
            guard let text = item.description else { return notFound("Description not found") }
            return (200, .object([("text", .string("")), ("plain_text", .string(text))]))
        default:
            return notFound("Resource not found")
        }
    }

    private func categoryRef(_ node: SandboxCatalog.CategoryNode, site: SandboxCatalog.SiteCatalog, counted: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(node.id)), ("name", .string(node.name))]
        if counted { members.append(("total_items_in_this_category", .number(Double(count(node.id, in: site))))) }
        return .object(members)
    }

    private func count(_ categoryID: String, in site: SandboxCatalog.SiteCatalog) -> Int {
        site.items.filter { $0.categoryID == categoryID || $0.topCategoryID == categoryID }.count
    }

    private func notFound(_ message: String) -> (Int, JSONValue) {
        (404, SandboxJSON.error(404, "not_found", message))
    }

    /// `a=1&b=x%20y` into a dictionary (the last value of a repeated name wins).
    static func parameters(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            result[unescape(parts[0])] = parts.count > 1 ? unescape(parts[1]) : ""
        }
        return result
    }

    /// Percent-decoding; `+` is a space, as in forms.
    static func unescape(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
               let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
