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
    static func badPriceFilter(value: String) -> Message {
        Message(
            en: "--filter price takes MIN-MAX, such as price=100-500, price=*-500 or price=100-*, not '\(value)'",
            es: "--filter price lleva MIN-MAX, como price=100-500, price=*-500 o price=100-*, no '\(value)'")
    }
}
