/// A MercadoLibre country site.
package struct Site: Sendable, Hashable {
    package var id: String
    package var name: String
    package var currencyID: String
}

/// A category as listed: id, name and, where given, how many items it holds.
package struct CategoryRef: Sendable, Hashable {
    package var id: String
    package var name: String
    package var totalItems: Int?
}

/// One category with its place in the tree.
package struct Category: Sendable, Hashable {
    package var id: String
    package var name: String
    /// Root first, this category last.
    package var path: [CategoryRef]
    package var children: [CategoryRef]
    package var totalItems: Int?
}

/// A sort the search offers, such as `price_asc`.
package struct SortOption: Sendable, Hashable {
    package var id: String
    package var name: String
}

/// A filter applied to, or offered by, a search, with its values and their result counts.
package struct SearchFilter: Sendable, Hashable {
    package struct Value: Sendable, Hashable {
        package var id: String
        package var name: String
        package var results: Int?
    }

    package var id: String
    package var name: String
    package var values: [Value]
}

/// One result row of a search.
package struct ItemSummary: Sendable, Hashable {
    package var id: String
    package var title: String
    package var price: Double?
    package var currencyID: String
    package var condition: String?
    package var availableQuantity: Int?
    package var permalink: String?
    package var thumbnail: String?
    package var freeShipping: Bool
}

/// One page of search results.
package struct SearchPage: Sendable, Hashable {
    package var siteID: String
    package var query: String?
    package var total: Int
    package var offset: Int
    package var limit: Int
    package var results: [ItemSummary]
    package var sort: SortOption?
    package var availableSorts: [SortOption]
    package var filters: [SearchFilter]
    package var availableFilters: [SearchFilter]
}

/// An item's detail.
package struct Item: Sendable, Hashable {
    package struct Attribute: Sendable, Hashable {
        package var id: String
        package var name: String
        package var value: String?
    }

    package var id: String
    package var title: String
    package var price: Double?
    package var currencyID: String
    package var condition: String?
    package var status: String?
    package var availableQuantity: Int?
    package var warranty: String?
    package var permalink: String?
    package var pictures: [String]
    package var attributes: [Attribute]
    package var freeShipping: Bool
    /// `City, State, Country`, from what the seller's address gives.
    package var sellerLocation: String?
    /// Plain text; `nil` when the item has none (missing or empty).
    package var description: String?
}

/// What to search for.
package struct SearchRequest: Sendable {
    package var site: String
    package var text: String?
    package var category: String?
    package var sort: String?
    /// `FILTER_ID=VALUE_ID` pairs, in the order given.
    package var filters: [(String, String)]
    package var offset: Int
    package var limit: Int

    package init(site: String, text: String?, category: String? = nil, sort: String? = nil, filters: [(String, String)] = [], offset: Int = 0, limit: Int = 20) {
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
