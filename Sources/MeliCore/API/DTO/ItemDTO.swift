/// `GET /items/{ITEM}`. 2025 responses dropped `available_quantity`, `sold_quantity` and more:
/// nothing but `id` is required.
struct ItemDTO: Decodable, Sendable {
    var id: String
    var siteID: String?
    var title: String?
    var price: Double?
    var currencyID: String?
    var condition: String?
    var status: String?
    var availableQuantity: Int?
    var warranty: String?
    var permalink: String?
    var categoryID: String?
    var pictures: [PictureDTO]?
    var attributes: [AttributeDTO]?
    var shipping: ShippingDTO?
    var sellerAddress: SellerAddressDTO?

    enum CodingKeys: String, CodingKey {
        case id, title, price, condition, status, warranty, permalink, pictures, attributes, shipping
        case siteID = "site_id"
        case currencyID = "currency_id"
        case availableQuantity = "available_quantity"
        case categoryID = "category_id"
        case sellerAddress = "seller_address"
    }
}

struct PictureDTO: Decodable, Sendable {
    var url: String?
    var secureURL: String?

    enum CodingKeys: String, CodingKey {
        case url
        case secureURL = "secure_url"
    }
}

struct AttributeDTO: Decodable, Sendable {
    var id: String?
    var name: String?
    var valueName: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case valueName = "value_name"
    }
}

struct SellerAddressDTO: Decodable, Sendable {
    struct Named: Decodable, Sendable {
        var name: String?
    }

    var city: Named?
    var state: Named?
    var country: Named?
}

/// `GET /items/{ITEM}/description`: either text may be empty.
struct DescriptionDTO: Decodable, Sendable {
    var text: String?
    var plainText: String?

    enum CodingKeys: String, CodingKey {
        case text
        case plainText = "plain_text"
    }
}

/// Error bodies, in all the shapes seen; may be missing or not JSON at all.
struct APIErrorBodyDTO: Decodable, Sendable {
    var message: String?
    var error: String?
    var status: Int?
}
