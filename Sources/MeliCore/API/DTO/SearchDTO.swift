/// `GET /sites/{SITE}/search`. Old (2017) and new shapes decode alike; only what meli shows is read.
struct SearchPageDTO: Decodable, Sendable {
    var siteID: String?
    var query: String?
    var paging: PagingDTO?
    var results: [SearchResultDTO]
    var sort: SortDTO?
    var availableSorts: [SortDTO]?
    var filters: [FilterDTO]?
    var availableFilters: [FilterDTO]?

    enum CodingKeys: String, CodingKey {
        case query, paging, results, sort, filters
        case siteID = "site_id"
        case availableSorts = "available_sorts"
        case availableFilters = "available_filters"
    }
}

struct PagingDTO: Decodable, Sendable {
    var total: Int?
    var offset: Int?
    var limit: Int?
    var primaryResults: Int?

    enum CodingKeys: String, CodingKey {
        case total, offset, limit
        case primaryResults = "primary_results"
    }
}

struct SortDTO: Decodable, Sendable {
    var id: String
    var name: String?
}

struct FilterDTO: Decodable, Sendable {
    var id: String
    var name: String?
    var type: String?
    var values: [FilterValueDTO]?
}

struct FilterValueDTO: Decodable, Sendable {
    var id: String
    var name: String?
    var results: Int?
}

struct SearchResultDTO: Decodable, Sendable {
    var id: String
    var title: String?
    var price: Double?
    var currencyID: String?
    var condition: String?
    var availableQuantity: Int?
    var permalink: String?
    var thumbnail: String?
    var shipping: ShippingDTO?
    var categoryID: String?

    enum CodingKeys: String, CodingKey {
        case id, title, price, condition, permalink, thumbnail, shipping
        case currencyID = "currency_id"
        case availableQuantity = "available_quantity"
        case categoryID = "category_id"
    }
}

struct ShippingDTO: Decodable, Sendable {
    var freeShipping: Bool?

    enum CodingKeys: String, CodingKey {
        case freeShipping = "free_shipping"
    }
}
