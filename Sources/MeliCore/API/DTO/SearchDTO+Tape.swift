/// The search page's DTOs read straight off the tape (`TapeReadable`): a cached search reads an
/// 88 KB page on every run. Each reads its fields in the order the struct declares them, as the
/// synthesized `init(from:)` does, so the first bad field is the one named.
extension SearchPageDTO: TapeReadable {
    private static let keys = TapeKeys(["site_id", "query", "paging", "results", "sort", "available_sorts", "filters", "available_filters"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        siteID = try object.optionalString(0)
        query = try object.optionalString(1)
        paging = try object.optional(2, PagingDTO.self)
        results = try object.array(3, of: SearchResultDTO.self)
        sort = try object.optional(4, SortDTO.self)
        availableSorts = try object.optionalArray(5, of: SortDTO.self)
        filters = try object.optionalArray(6, of: FilterDTO.self)
        availableFilters = try object.optionalArray(7, of: FilterDTO.self)
    }
}

extension PagingDTO: TapeReadable {
    private static let keys = TapeKeys(["total", "offset", "limit", "primary_results"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        total = try object.optionalInt(0)
        offset = try object.optionalInt(1)
        limit = try object.optionalInt(2)
        primaryResults = try object.optionalInt(3)
    }
}

extension SortDTO: TapeReadable {
    private static let keys = TapeKeys(["id", "name"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        id = try object.string(0)
        name = try object.optionalString(1)
    }
}

extension FilterDTO: TapeReadable {
    private static let keys = TapeKeys(["id", "name", "type", "values"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        id = try object.string(0)
        name = try object.optionalString(1)
        type = try object.optionalString(2)
        values = try object.optionalArray(3, of: FilterValueDTO.self)
    }
}

extension FilterValueDTO: TapeReadable {
    private static let keys = TapeKeys(["id", "name", "results"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        id = try object.string(0)
        name = try object.optionalString(1)
        results = try object.optionalInt(2)
    }
}

extension SearchResultDTO: TapeReadable {
    private static let keys = TapeKeys([
        "id", "title", "price", "currency_id", "condition", "available_quantity", "permalink", "thumbnail", "shipping", "category_id",
    ])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        let object = try TapeObject(tape, node, Self.keys)
        id = try object.string(0)
        title = try object.optionalString(1)
        price = try object.optionalDouble(2)
        currencyID = try object.optionalString(3)
        condition = try object.optionalString(4)
        availableQuantity = try object.optionalInt(5)
        permalink = try object.optionalString(6)
        thumbnail = try object.optionalString(7)
        shipping = try object.optional(8, ShippingDTO.self)
        categoryID = try object.optionalString(9)
    }
}

extension ShippingDTO: TapeReadable {
    private static let keys = TapeKeys(["free_shipping"])

    init(tape: JSONTape, node: Int) throws(BodyDecodingError) {
        freeShipping = try TapeObject(tape, node, Self.keys).optionalBool(0)
    }
}
