@testable import MeliCore

/// States, pages and items for the browse tests, and a driver that feeds events and gathers effects.
enum BrowseFixtures {
    static let size = TerminalSize(columns: 80, rows: 24)

    /// A result row.
    static func row(_ index: Int, title: String? = nil, free: Bool = false) -> ItemSummary {
        ItemSummary(
            id: "MLA\(1000 + index)", title: title ?? "Result \(index)", price: Double(1000 * index) + 0.5, currencyID: "ARS",
            condition: index % 2 == 0 ? "new" : "used", availableQuantity: 3, permalink: nil, thumbnail: nil, freeShipping: free || index % 3 == 0)
    }

    /// A page of `count` rows from `offset`, of `total`.
    static func page(offset: Int = 0, count: Int, total: Int, title: ((Int) -> String)? = nil) -> SearchPage {
        SearchPage(
            siteID: "MLA", query: "iphone", total: total, offset: offset, limit: 50,
            results: (offset..<offset + count).map { row($0, title: title?($0)) },
            sort: SortOption(id: "relevance", name: "Más relevantes"),
            availableSorts: [SortOption(id: "price_asc", name: "Menor precio"), SortOption(id: "price_desc", name: "Mayor precio")],
            filters: [],
            availableFilters: [SearchFilter(id: "condition", name: "Condición", values: [
                SearchFilter.Value(id: "new", name: "Nuevo", results: 1234), SearchFilter.Value(id: "used", name: "Usado", results: 56),
            ])])
    }

    /// An item with every field, its texts `text`.
    static func item(text: String = "Apple iPhone 15 128GB", description: String? = (1...12).map { "Line \($0) of the description." }.joined(separator: "\n")) -> Item {
        Item(
            id: "MLA1000", title: text, price: 1_874_999, currencyID: "ARS", condition: "new", status: "active", availableQuantity: 12,
            warranty: text, permalink: "https://articulo.mercadolibre.com.ar/MLA-1000-\(text)", pictures: ["https://http2.mlstatic.com/D_\(text).jpg"],
            attributes: [Item.Attribute(id: "BRAND", name: "Marca", value: text)], freeShipping: true, sellerLocation: text, description: description)
    }

    static func failure(_ message: String = "the API did not answer in 10s", exitCode: Int32 = 4) -> BrowseFailure {
        BrowseFailure(message: message, exitCode: exitCode)
    }

    /// The search screen for MLA, without a query.
    static func searchState(size: TerminalSize = size, query: String? = nil) -> BrowseState {
        BrowseState(binary: "meli-dev", site: "MLA", defaultSite: "MLA", query: query, size: size)
    }
}

/// Feeds events to `Browse.update` one after the other.
struct BrowseDriver {
    var state: BrowseState

    init(_ state: BrowseState) { self.state = state }

    /// The effects of `event`.
    @discardableResult
    mutating func send(_ event: BrowseEvent) -> [BrowseEffect] {
        let (next, effects) = Browse.update(state, event)
        state = next
        return effects
    }

    /// The effects of each key of `keys`, in order.
    @discardableResult
    mutating func press(_ keys: KeyPress...) -> [BrowseEffect] {
        keys.flatMap { send(.key($0)) }
    }

    /// Types `text` a character at a time.
    @discardableResult
    mutating func type(_ text: String) -> [BrowseEffect] {
        text.flatMap { send(.key(.character($0))) }
    }

    /// The tickets of the searches among `effects`.
    static func searches(_ effects: [BrowseEffect]) -> [(BrowseQuery, Int)] {
        effects.compactMap { if case .search(let query, let ticket) = $0 { (query, ticket) } else { nil } }
    }

    /// Types `text`, lets the debounce run out, answers with `page`: the search screen with results, the list focused.
    static func withResults(_ page: SearchPage, size: TerminalSize = BrowseFixtures.size, fromCache: Bool = false) -> BrowseDriver {
        var driver = BrowseDriver(BrowseFixtures.searchState(size: size))
        driver.type("iphone")
        let effects = driver.send(.timer(.debounce(driver.state.search!.generation)))
        let ticket = searches(effects).first!.1
        driver.send(.searchLoaded(ticket: ticket, .success(Answer(page, fromCache: fromCache))))
        driver.press(.tab)
        return driver
    }
}
