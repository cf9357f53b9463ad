/// The MercadoLibre sites meli knows without asking: country name and currency, for messages such as
/// `in Argentina (MLA)` and for writing numbers the site's way.
enum KnownSites {
    static let all: [String: (name: String, currency: String)] = [
        "MLA": ("Argentina", "ARS"), "MLB": ("Brasil", "BRL"), "MCO": ("Colombia", "COP"), "MLM": ("México", "MXN"),
        "MLC": ("Chile", "CLP"), "MLU": ("Uruguay", "UYU"), "MPE": ("Perú", "PEN"), "MLV": ("Venezuela", "VES"),
        "MEC": ("Ecuador", "USD"), "MBO": ("Bolivia", "BOB"), "MPY": ("Paraguay", "PYG"), "MRD": ("Dominicana", "DOP"),
        "MPA": ("Panamá", "PAB"), "MCR": ("Costa Rica", "CRC"), "MGT": ("Guatemala", "GTQ"), "MHN": ("Honduras", "HNL"),
        "MNI": ("Nicaragua", "NIO"), "MSV": ("El Salvador", "USD"), "MCU": ("Cuba", "CUP"), "MPT": ("Portugal", "EUR"),
    ]

    /// `Argentina (MLA)`, or the id alone for a site not listed.
    static func label(_ id: String) -> String {
        all[id].map { "\($0.name) (\(id))" } ?? id
    }

    /// The thousands separator of the site that an id (site, category or item) starts with.
    static func groupingSeparator(for id: String) -> Character {
        CurrencyFormat.for(all[String(id.prefix(3))]?.currency ?? "USD").groupingSeparator
    }

    /// The country domain of the site's authorization page: `auth.<domain>/authorization`.
    static let domains: [String: String] = [
        "MLA": "mercadolibre.com.ar", "MLB": "mercadolivre.com.br", "MCO": "mercadolibre.com.co", "MLM": "mercadolibre.com.mx",
        "MLC": "mercadolibre.cl", "MLU": "mercadolibre.com.uy", "MPE": "mercadolibre.com.pe", "MLV": "mercadolibre.com.ve",
        "MEC": "mercadolibre.com.ec", "MBO": "mercadolibre.com.bo", "MPY": "mercadolibre.com.py", "MRD": "mercadolibre.com.do",
        "MPA": "mercadolibre.com.pa", "MCR": "mercadolibre.co.cr", "MGT": "mercadolibre.com.gt", "MHN": "mercadolibre.com.hn",
        "MNI": "mercadolibre.com.ni", "MSV": "mercadolibre.com.sv",
    ]

    /// Where the user allows the application, for the site's country (Argentina's when unknown).
    static func authorizationURL(site: String, clientID: String, redirectURI: String) -> String {
        "https://auth.\(domains[site] ?? "mercadolibre.com.ar")/authorization"
            + Endpoint.query([("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI)])
    }
}
