/// `GET /sites/{SITE}/search` over the sandbox catalog: `q` (every word must start a word of the
/// title, brand or category names, ignoring case and accents), `category`, `condition`, `shipping_cost=free`,
/// `price=MIN-MAX` (`*` for open), `sort`, `offset`, `limit`, and the offered sorts and filters
/// with result counts. Unknown parameters are ignored, as the API does.
struct SandboxSearch {
    struct BadRequest: Error {
        var message: String
    }

    let site: SandboxCatalog.SiteCatalog
    let parameters: [String: String]

    static let sortIDs = ["relevance", "price_asc", "price_desc"]

    func run() throws(BadRequest) -> JSONValue {
        let limit = try integer("limit", default: 50, range: 1...50)
        let offset = try integer("offset", default: 0, range: 0...10_000)
        let sort = parameters["sort"] ?? "relevance"
        guard Self.sortIDs.contains(sort) else { throw BadRequest(message: "invalid sort: \(sort)") }
        var price: ClosedRange<Double>?
        if let text = parameters["price"] {
            guard let range = PriceRange.parse(text) else { throw BadRequest(message: "invalid price filter: \(text)") }
            price = range
        }
        let words = parameters["q"].map(TextFolding.words) ?? []
        let category = parameters["category"]

        var matches = site.items.filter { item in
            words.allSatisfy { word in item.searchWords.contains { $0.hasPrefix(word) } }
                && (category == nil || item.categoryID == category || item.topCategoryID == category)
                && (parameters["condition"] == nil || item.condition == parameters["condition"])
                && (parameters["shipping_cost"] != "free" || item.freeShipping)
                && (price.map { $0.contains(item.price) } ?? true)
        }
        matches.sort { a, b in
            switch sort {
            case "price_asc": a.price != b.price ? a.price < b.price : a.rank < b.rank
            case "price_desc": a.price != b.price ? a.price > b.price : a.rank < b.rank
            default: relevance(a, words) != relevance(b, words) ? relevance(a, words) > relevance(b, words) : a.rank < b.rank
            }
        }
        let page = matches.dropFirst(offset).prefix(limit)
        var members: [(String, JSONValue)] = [("site_id", .string(site.id))]
        if let q = parameters["q"] { members.append(("query", .string(q))) }
        members += [
            ("paging", .object([("total", .number(Double(matches.count))), ("primary_results", .number(Double(matches.count))),
                                ("offset", .number(Double(offset))), ("limit", .number(Double(limit)))])),
            ("results", .array(page.map(SandboxJSON.searchResult))),
            ("sort", sortJSON(sort)),
            ("available_sorts", .array(Self.sortIDs.filter { $0 != sort }.map(sortJSON))),
            ("filters", .array(appliedFilters(price: price))),
            ("available_filters", .array(availableFilters(matches))),
        ]
        return .object(members)
    }

    /// Sold units, plus a large bonus per query word that starts the title's first words.
    private func relevance(_ item: SandboxCatalog.Item, _ words: [String]) -> Int {
        let leading = item.searchWords.prefix(3)
        return item.soldQuantity + words.filter { word in leading.contains { $0.hasPrefix(word) } }.count * 1000
    }

    private func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws(BadRequest) -> Int {
        guard let text = parameters[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw BadRequest(message: "invalid \(name): \(text); expected \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    private var words: Words { Words(portuguese: site.portuguese) }

    private func sortJSON(_ id: String) -> JSONValue {
        .object([("id", .string(id)), ("name", .string(words.sortName(id)))])
    }

    private func filterJSON(_ id: String, _ values: [(id: String, name: String, results: Int?)]) -> JSONValue {
        .object([
            ("id", .string(id)), ("name", .string(words.filterName(id))), ("type", .string("text")),
            ("values", .array(values.map { value in
                var members: [(String, JSONValue)] = [("id", .string(value.id)), ("name", .string(value.name))]
                if let results = value.results { members.append(("results", .number(Double(results)))) }
                return .object(members)
            })),
        ])
    }

    private func appliedFilters(price: ClosedRange<Double>?) -> [JSONValue] {
        var applied: [JSONValue] = []
        if let category = parameters["category"], let node = site.categories[category] {
            applied.append(filterJSON("category", [(category, node.name, nil)]))
        }
        if let condition = parameters["condition"] {
            applied.append(filterJSON("condition", [(condition, words.conditionName(condition), nil)]))
        }
        if parameters["shipping_cost"] == "free" {
            applied.append(filterJSON("shipping_cost", [("free", words.free, nil)]))
        }
        if let text = parameters["price"], let price {
            applied.append(filterJSON("price", [(text, priceName(price), nil)]))
        }
        return applied
    }

    private func availableFilters(_ matches: [SandboxCatalog.Item]) -> [JSONValue] {
        var offered: [JSONValue] = []
        if parameters["category"] == nil || site.categories[parameters["category"]!]?.parentID == nil {
            let parent = parameters["category"]
            let ids = parent.flatMap { site.categories[$0]?.childIDs } ?? site.topCategoryIDs
            let counted = ids.compactMap { id -> (String, String, Int?)? in
                let count = matches.filter { $0.categoryID == id || $0.topCategoryID == id }.count
                return count > 0 ? (id, site.categories[id]!.name, count) : nil
            }
            if !counted.isEmpty { offered.append(filterJSON("category", counted)) }
        }
        if parameters["condition"] == nil {
            let counted = ["new", "used"].compactMap { id -> (String, String, Int?)? in
                let count = matches.filter { $0.condition == id }.count
                return count > 0 ? (id, words.conditionName(id), count) : nil
            }
            if !counted.isEmpty { offered.append(filterJSON("condition", counted)) }
        }
        if parameters["shipping_cost"] == nil {
            let count = matches.filter(\.freeShipping).count
            if count > 0 { offered.append(filterJSON("shipping_cost", [("free", words.free, count)])) }
        }
        if parameters["price"] == nil, matches.count >= 3 {
            offered.append(filterJSON("price", priceBuckets(matches)))
        }
        return offered
    }

    /// Three ranges splitting the results' prices in thirds, at round numbers.
    private func priceBuckets(_ matches: [SandboxCatalog.Item]) -> [(id: String, name: String, results: Int?)] {
        let prices = matches.map(\.price).sorted()
        let low = Self.roundNumber(prices[prices.count / 3])
        let high = max(low + 1, Self.roundNumber(prices[2 * prices.count / 3]))
        let ranges: [(String, ClosedRange<Double>)] = [
            ("*-\(Int(low))", 0...low), ("\(Int(low))-\(Int(high))", low...high), ("\(Int(high))-*", high...Double.greatestFiniteMagnitude),
        ]
        return ranges.compactMap { id, range in
            let count = matches.filter { range.contains($0.price) }.count
            return count > 0 ? (id, priceName(range), count) : nil
        }
    }

    /// Two significant digits: 628999 → 630000.
    static func roundNumber(_ value: Double) -> Double {
        var scale = 1.0
        while value / scale >= 100 { scale *= 10 }
        return (value / scale).rounded() * scale
    }

    private func priceName(_ range: ClosedRange<Double>) -> String {
        let format = CurrencyFormat.for(site.currency)
        if range.lowerBound == 0 { return "\(words.upTo) \(format.format(range.upperBound))" }
        if range.upperBound == .greatestFiniteMagnitude { return "\(words.moreThan) \(format.format(range.lowerBound))" }
        return "\(format.format(range.lowerBound)) \(words.to) \(format.format(range.upperBound))"
    }

    /// The few words the sandbox answers in, per the site's language.
    struct Words {
        var portuguese: Bool
        var free: String { portuguese ? "Grátis" : "Gratis" }
        var upTo: String { portuguese ? "Até" : "Hasta" }
        var moreThan: String { portuguese ? "Mais de" : "Más de" }
        var to: String { "a" }

        func sortName(_ id: String) -> String {
            switch id {
            case "price_asc": portuguese ? "Menor preço" : "Menor precio"
            case "price_desc": portuguese ? "Maior preço" : "Mayor precio"
            default: portuguese ? "Mais relevantes" : "Más relevantes"
            }
        }

        func filterName(_ id: String) -> String {
            switch id {
            case "category": portuguese ? "Categorias" : "Categorías"
            case "condition": portuguese ? "Condição" : "Condición"
            case "shipping_cost": portuguese ? "Custo do frete" : "Costo de envío"
            case "price": portuguese ? "Preço" : "Precio"
            default: id
            }
        }

        func conditionName(_ id: String) -> String {
            switch id {
            case "new": portuguese ? "Novo" : "Nuevo"
            case "used": "Usado"
            default: id
            }
        }
    }
}
