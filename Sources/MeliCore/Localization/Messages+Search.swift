/// The messages of `search` options, in English and Spanish.
extension Message {
    static let emptyQuery = Message(
        en: "the query is empty; give words to search for",
        es: "la búsqueda está vacía; indica palabras a buscar")
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
    static func reservedFilter(key: String, value: String) -> Message {
        Message(
            en: "--filter cannot set '\(key)' (in '\(value)'): q, offset, limit and sort come from the query, --page/--offset, --limit and --sort, and a token never goes in a URL; give a filter id the results offer, such as condition=new",
            es: "--filter no puede fijar '\(key)' (en '\(value)'): q, offset, limit y sort vienen de la búsqueda, --page/--offset, --limit y --sort, y un token nunca va en una URL; indica un filtro que ofrezcan los resultados, como condition=new")
    }
    static func badItemID(value: String) -> Message {
        Message(
            en: "'\(value)' is not an item id; an item id is the site's three letters followed by letters and digits, such as MLA1400000100",
            es: "'\(value)' no es un id de producto; un id de producto son las tres letras del sitio seguidas de letras y dígitos, como MLA1400000100")
    }
    static func badCategoryID(value: String, option: String?) -> Message {
        let en = option.map { "\($0) takes a category id, not '\(value)'" } ?? "'\(value)' is not a category id"
        let es = option.map { "\($0) lleva un id de categoría, no '\(value)'" } ?? "'\(value)' no es un id de categoría"
        return Message(
            en: en + "; a category id is the site's three letters followed by letters and digits, such as MLA1051 (see 'categories')",
            es: es + "; un id de categoría son las tres letras del sitio seguidas de letras y dígitos, como MLA1051 (ver 'categories')")
    }
    static func badPriceFilter(value: String) -> Message {
        Message(
            en: "--filter price takes MIN-MAX, such as price=100-500, price=*-500 or price=100-*, not '\(value)'",
            es: "--filter price lleva MIN-MAX, como price=100-500, price=*-500 o price=100-*, no '\(value)'")
    }
}
