/// The sandbox's answers in the API's own JSON shapes.
enum SandboxJSON {
    static func searchResult(_ item: SandboxCatalog.Item) -> JSONValue {
        .object([
            ("id", .string(item.id)), ("site_id", .string(item.siteID)), ("title", .string(item.title)),
            ("price", .number(item.price)), ("currency_id", .string(item.currencyID)), ("condition", .string(item.condition)),
            ("available_quantity", .number(Double(item.availableQuantity))), ("sold_quantity", .number(Double(item.soldQuantity))),
            ("permalink", .string(item.permalink)), ("thumbnail", .string(item.thumbnail)),
            ("shipping", .object([("free_shipping", .bool(item.freeShipping)), ("mode", .string("me2"))])),
            ("category_id", .string(item.categoryID)),
        ])
    }

    static func item(_ item: SandboxCatalog.Item, portuguese: Bool) -> JSONValue {
        let conditionName = SandboxSearch.Words(portuguese: portuguese).conditionName(item.condition)
        return .object([
            ("id", .string(item.id)), ("site_id", .string(item.siteID)), ("title", .string(item.title)),
            ("price", .number(item.price)), ("currency_id", .string(item.currencyID)),
            ("available_quantity", .number(Double(item.availableQuantity))), ("condition", .string(item.condition)),
            ("permalink", .string(item.permalink)), ("thumbnail", .string(item.thumbnail)),
            ("pictures", .array(item.pictures.map { .object([("url", .string($0)), ("secure_url", .string($0))]) })),
            ("attributes", .array([
                attribute("BRAND", portuguese ? "Marca" : "Marca", item.brand),
                attribute("MODEL", "Modelo", item.model),
                attribute("ITEM_CONDITION", portuguese ? "Condição do item" : "Condición del ítem", conditionName),
            ])),
            ("shipping", .object([("free_shipping", .bool(item.freeShipping)), ("mode", .string("me2"))])),
            ("seller_address", .object([
                ("city", .object([("name", .string(item.city))])), ("state", .object([("name", .string(item.state))])),
                ("country", .object([("name", .string(item.country))])),
            ])),
            ("warranty", .string(item.warranty)), ("status", .string("active")), ("category_id", .string(item.categoryID)),
        ])
    }

    private static func attribute(_ id: String, _ name: String, _ value: String) -> JSONValue {
        .object([("id", .string(id)), ("name", .string(name)), ("value_name", .string(value))])
    }

    static func error(_ status: Int, _ error: String, _ message: String) -> JSONValue {
        .object([("message", .string(message)), ("error", .string(error)), ("status", .number(Double(status))), ("cause", .array([]))])
    }
}
