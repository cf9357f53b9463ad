/// `GET /sites` entries and `GET /sites/{SITE}`. Only `id` is required: the API has changed shape often.
struct SiteDTO: Decodable, Sendable {
    var id: String
    var name: String?
    var countryID: String?
    var defaultCurrencyID: String?
    var categories: [CategoryRefDTO]?

    enum CodingKeys: String, CodingKey {
        case id, name, categories
        case countryID = "country_id"
        case defaultCurrencyID = "default_currency_id"
    }
}

/// `{id, name}` as found in category lists, paths and children.
struct CategoryRefDTO: Decodable, Sendable {
    var id: String
    var name: String?
    var totalItemsInThisCategory: Int?

    enum CodingKeys: String, CodingKey {
        case id, name
        case totalItemsInThisCategory = "total_items_in_this_category"
    }
}

/// `GET /categories/{CAT}`.
struct CategoryDTO: Decodable, Sendable {
    var id: String
    var name: String?
    var pathFromRoot: [CategoryRefDTO]?
    var childrenCategories: [CategoryRefDTO]?
    var totalItemsInThisCategory: Int?

    enum CodingKeys: String, CodingKey {
        case id, name
        case pathFromRoot = "path_from_root"
        case childrenCategories = "children_categories"
        case totalItemsInThisCategory = "total_items_in_this_category"
    }
}
