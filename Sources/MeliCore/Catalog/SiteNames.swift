/// Country names of the MercadoLibre sites, for messages such as `in Argentina (MLA)` without a request.
enum SiteNames {
    static let all: [String: String] = [
        "MLA": "Argentina", "MLB": "Brasil", "MCO": "Colombia", "MLM": "México", "MLC": "Chile", "MLU": "Uruguay",
        "MPE": "Perú", "MLV": "Venezuela", "MEC": "Ecuador", "MBO": "Bolivia", "MPY": "Paraguay", "MRD": "Dominicana",
        "MPA": "Panamá", "MCR": "Costa Rica", "MGT": "Guatemala", "MHN": "Honduras", "MNI": "Nicaragua",
        "MSV": "El Salvador", "MCU": "Cuba", "MPT": "Portugal",
    ]

    /// `Argentina (MLA)`, or the id alone for a site not listed.
    static func label(_ id: String) -> String {
        all[id].map { "\($0) (\(id))" } ?? id
    }
}
