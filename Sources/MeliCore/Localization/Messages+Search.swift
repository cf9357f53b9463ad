extension Message {
    /// The messages of `search` options, in English and Spanish.
    enum Search {}
}

extension Message.Search {
    static let emptyQuery = Message(
        en: "the query is empty; give words to search for",
        es: "la búsqueda está vacía; indique palabras a buscar")
    static func badLimit(value: String) -> Message {
        Message(
            en: "--limit must be a whole number from 1 to 50, not '\(value)'",
            es: "--limit debe ser un número entero de 1 a 50, no '\(value)'")
    }
    static let pageWithOffset = Message(
        en: "--page and --offset cannot be used together",
        es: "--page y --offset no se pueden usar juntos")
    static func badPage(value: String) -> Message {
        Message(
            en: "--page must be a whole number from 1 up, not '\(value)'",
            es: "--page debe ser un número entero desde 1, no '\(value)'")
    }
    static func pageTooFar(page: Int, limit: Int, last: Int) -> Message {
        Message(
            en: "--page \(page) is too far: with \(limit) \(limit == 1 ? "result" : "results") a page, the last page that can be asked for is \(last)",
            es: "--page \(page) está demasiado lejos: con \(limit) \(limit == 1 ? "resultado" : "resultados") por página, la última página que se puede pedir es la \(last)")
    }
    static func badOffset(value: String) -> Message {
        Message(
            en: "--offset must be a whole number from 0 up, not '\(value)'",
            es: "--offset debe ser un número entero desde 0, no '\(value)'")
    }
    static func badFilter(value: String) -> Message {
        Message(
            en: "--filter takes KEY=VALUE, such as condition=new or price=100-500, not '\(value)'",
            es: "--filter lleva CLAVE=VALOR, como condition=new o price=100-500, no '\(value)'")
    }
    static func reservedFilter(key: String, instead: Message) -> Message {
        Message(
            en: "--filter cannot set '\(key)': meli sets it itself; \(instead.english)",
            es: "--filter no puede fijar '\(key)': meli lo fija por su cuenta; \(instead.spanish)")
    }
    static let reservedFilterQuery = Message(en: "give the search words instead", es: "indique las palabras a buscar")
    static let reservedFilterPage = Message(en: "use --page or --offset", es: "use --page u --offset")
    static let reservedFilterLimit = Message(en: "use --limit (1-50)", es: "use la opción --limit (1-50)")
    static let reservedFilterSort = Message(en: "use --sort", es: "use la opción --sort")
    static let reservedFilterToken = Message(
        en: "set MELI_ACCESS_TOKEN or run 'auth login' (a token in a URL is logged and cached)",
        es: "defina MELI_ACCESS_TOKEN o ejecute 'auth login' (un token en una URL queda en logs y caché)")
    static let reservedFilterShape = Message(
        en: "it changes the shape of the answer meli reads", es: "cambia la forma de la respuesta que meli lee")
    static func badPriceFilter(value: String) -> Message {
        Message(
            en: "--filter price takes MIN-MAX, such as price=100-500, price=*-500 or price=100-*, not '\(value)'",
            es: "--filter price lleva MIN-MAX, como price=100-500, price=*-500 o price=100-*, no '\(value)'")
    }
}
