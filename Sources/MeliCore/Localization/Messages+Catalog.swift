extension Message {
    /// The messages of catalog output (sites, categories, search, items), in English and Spanish.
    enum Catalog {}
}

extension Message.Catalog {
    static let columnID = Message(en: "ID", es: "ID")
    static let columnTitle = Message(en: "TITLE", es: "TÍTULO")
    static let columnPrice = Message(en: "PRICE", es: "PRECIO")
    static let columnCondition = Message(en: "CONDITION", es: "CONDICIÓN")
    static let columnShipping = Message(en: "SHIPPING", es: "ENVÍO")
    static let columnName = Message(en: "NAME", es: "NOMBRE")
    static let columnCurrency = Message(en: "CURRENCY", es: "MONEDA")
    static let free = Message(en: "free", es: "gratis")
    static let conditionNew = Message(en: "new", es: "nuevo")
    static let conditionUsed = Message(en: "used", es: "usado")
    static let paidByBuyer = Message(en: "paid by the buyer", es: "a cargo del comprador")
    static func current(sort: String) -> Message {
        Message(en: "\(sort) (current)", es: "\(sort) (actual)")
    }
    static func showing(first: String, last: String, total: String, query: String, site: String) -> Message {
        Message(
            en: "Showing \(first)-\(last) of \(total) \(total == "1" ? "result" : "results") for \"\(query)\" in \(site)",
            es: "Mostrando \(first)-\(last) de \(total) \(total == "1" ? "resultado" : "resultados") para \"\(query)\" en \(site)")
    }
    static func filtersLine(filters: String) -> Message {
        Message(en: "Filters: \(filters)", es: "Filtros: \(filters)")
    }
    static func sortsLine(sorts: String) -> Message {
        Message(en: "Sorts: \(sorts)", es: "Orden: \(sorts)")
    }
    static let availableFilters = Message(
        en: "Available filters (--filter KEY=VALUE):",
        es: "Filtros disponibles (--filter CLAVE=VALOR):")
    static func nextPage(command: String) -> Message {
        Message(en: "Next page: \(command)", es: "Página siguiente: \(command)")
    }
    static func noResults(query: String, site: String) -> Message {
        Message(en: "No results for \"\(query)\" in \(site).", es: "No hay resultados para \"\(query)\" en \(site).")
    }
    static func pastTheEnd(total: String, query: String, site: String) -> Message {
        Message(
            en: "Past the last result: there \(total == "1" ? "is" : "are") \(total) \(total == "1" ? "result" : "results") for \"\(query)\" in \(site); try --page 1.",
            es: "No hay más resultados: hay \(total) \(total == "1" ? "resultado" : "resultados") para \"\(query)\" en \(site); pruebe --page 1.")
    }
    static let labelPrice = Message(en: "Price", es: "Precio")
    static let labelCondition = Message(en: "Condition", es: "Condición")
    static let labelStatus = Message(en: "Status", es: "Estado")
    static let labelAvailable = Message(en: "Available", es: "Disponibles")
    static let labelShipping = Message(en: "Shipping", es: "Envío")
    static let labelWarranty = Message(en: "Warranty", es: "Garantía")
    static let labelSellerIn = Message(en: "Seller in", es: "Vendedor en")
    static let labelLink = Message(en: "Link", es: "Enlace")
    static let labelAttributes = Message(en: "Attributes", es: "Atributos")
    static let labelPictures = Message(en: "Pictures", es: "Imágenes")
    static let labelDescription = Message(en: "Description", es: "Descripción")
    static let noneLabel = Message(en: "(none)", es: "(ninguna)")
    static func categoryPath(path: String) -> Message {
        Message(en: "Path: \(path)", es: "Ruta: \(path)")
    }
    static func categoryItems(count: String) -> Message {
        Message(en: "Items: \(count)", es: "Publicaciones: \(count)")
    }
    static let subcategories = Message(en: "Subcategories:", es: "Subcategorías:")
    static let noSubcategories = Message(en: "No subcategories.", es: "Sin subcategorías.")

    static func badItemID(value: String) -> Message {
        Message(
            en: "'\(value)' is not an item id; an item id is a site id and digits, such as MLA848214758",
            es: "'\(value)' no es un id de publicación; un id de publicación es un id de sitio y dígitos, como MLA848214758")
    }
    static func badCategoryID(value: String) -> Message {
        Message(
            en: "'\(value)' is not a category id; a category id is a site id and digits, such as MLA1055",
            es: "'\(value)' no es un id de categoría; un id de categoría es un id de sitio y dígitos, como MLA1055")
    }
}
