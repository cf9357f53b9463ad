/// A MercadoLibre country site.
public struct Site: Sendable, Hashable {
    public var id: String
    public var name: String
    public var currencyID: String
}

/// A category as listed: id, name and, where given, how many items it holds.
public struct CategoryRef: Sendable, Hashable {
    public var id: String
    public var name: String
    public var totalItems: Int?
}

/// One category with its place in the tree.
public struct Category: Sendable, Hashable {
    public var id: String
    public var name: String
    /// Root first, this category last.
    public var path: [CategoryRef]
    public var children: [CategoryRef]
    public var totalItems: Int?
}

/// A sort the search offers, such as `price_asc`.
public struct SortOption: Sendable, Hashable {
    public var id: String
    public var name: String
}

/// A filter applied to, or offered by, a search, with its values and their result counts.
public struct SearchFilter: Sendable, Hashable {
    public struct Value: Sendable, Hashable {
        public var id: String
        public var name: String
        public var results: Int?
    }

    public var id: String
    public var name: String
    public var values: [Value]
}

/// One result row of a search.
public struct ItemSummary: Sendable, Hashable {
    public var id: String
    public var title: String
    public var price: Double?
    public var currencyID: String
    public var condition: String?
    public var availableQuantity: Int?
    public var permalink: String?
    public var thumbnail: String?
    public var freeShipping: Bool
}

/// One page of search results.
public struct SearchPage: Sendable, Hashable {
    public var siteID: String
    public var query: String?
    public var total: Int
    public var offset: Int
    public var limit: Int
    public var results: [ItemSummary]
    public var sort: SortOption?
    public var availableSorts: [SortOption]
    public var filters: [SearchFilter]
    public var availableFilters: [SearchFilter]
}

/// An item's detail.
public struct Item: Sendable, Hashable {
    public struct Attribute: Sendable, Hashable {
        public var id: String
        public var name: String
        public var value: String?
    }

    public var id: String
    public var title: String
    public var price: Double?
    public var currencyID: String
    public var condition: String?
    public var status: String?
    public var availableQuantity: Int?
    public var warranty: String?
    public var permalink: String?
    public var pictures: [String]
    public var attributes: [Attribute]
    public var freeShipping: Bool
    /// `City, State, Country`, from what the seller's address gives.
    public var sellerLocation: String?
    /// Plain text; `nil` when the item has none (missing or empty).
    public var description: String?
}

/// What to search for.
public struct SearchRequest: Sendable {
    public var site: String
    public var text: String?
    public var category: String?
    public var sort: String?
    /// `FILTER_ID=VALUE_ID` pairs, in the order given.
    public var filters: [(String, String)]
    public var offset: Int
    public var limit: Int

    public init(site: String, text: String?, category: String? = nil, sort: String? = nil, filters: [(String, String)] = [], offset: Int = 0, limit: Int = 20) {
        self.site = site
        self.text = text
        self.category = category
        self.sort = sort
        self.filters = filters
        self.offset = offset
        self.limit = limit
    }

    /// The query string the API expects, in a stable order.
    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let text { items.append(("q", text)) }
        if let category { items.append(("category", category)) }
        if let sort { items.append(("sort", sort)) }
        items += filters
        items.append(("offset", String(offset)))
        items.append(("limit", String(limit)))
        return items
    }
}
