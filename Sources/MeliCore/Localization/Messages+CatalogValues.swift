extension Message {
    /// The API's ids for an item's status and condition, as words for the terminal (JSON and
    /// piped lines keep the ids).
    enum CatalogValues {}
}

extension Message.CatalogValues {
    static let statusActive = Message(en: "active", es: "activa")
    static let statusPaused = Message(en: "paused", es: "pausada")
    static let statusClosed = Message(en: "closed", es: "finalizada")
    static let statusUnderReview = Message(en: "under review", es: "en revisión")
    static let statusInactive = Message(en: "inactive", es: "inactiva")
    static let statusPaymentRequired = Message(en: "payment required", es: "pago pendiente")
    static let statusNotYetActive = Message(en: "not yet active", es: "todavía no activa")
    static let conditionNotSpecified = Message(en: "not specified", es: "sin especificar")
    static let conditionRefurbished = Message(en: "refurbished", es: "reacondicionado")

    /// An item's `status` (`active`, `paused`, `closed`, `under_review`, `inactive`...) in words;
    /// one the API adds later as it came, without control characters.
    static func status(_ id: String) -> Message {
        switch id {
        case "active": statusActive
        case "paused": statusPaused
        case "closed": statusClosed
        case "under_review": statusUnderReview
        case "inactive": statusInactive
        case "payment_required": statusPaymentRequired
        case "not_yet_active": statusNotYetActive
        default: .verbatim(TerminalText.clean(id))
        }
    }

    /// An item's `condition` (`new`, `used`, `not_specified`, `refurbished`) in words; another as
    /// it came, without control characters.
    static func condition(_ id: String) -> Message {
        switch id {
        case "new": Message.Catalog.conditionNew
        case "used": Message.Catalog.conditionUsed
        case "not_specified": conditionNotSpecified
        case "refurbished": conditionRefurbished
        default: .verbatim(TerminalText.clean(id))
        }
    }
}
