extension Message {
    /// The messages of `site`, in English and Spanish.
    enum SiteChoice {}
}

extension Message.SiteChoice {
    static func siteFrom(site: String, origin: String) -> Message {
        Message(en: "\(site), from \(origin)", es: "\(site), de \(origin)")
    }
    static func siteSet(name: String, site: String, binary: String) -> Message {
        Message(en: "Site set to \(name) (\(site)) for \(binary).", es: "Sitio fijado en \(name) (\(site)) para \(binary).")
    }
    static func siteForgotten(site: String, origin: String) -> Message {
        Message(
            en: "Forgot the saved site. Now using \(site), from \(origin).",
            es: "Se olvidó el sitio guardado. Ahora se usa \(site), de \(origin).")
    }
    static func siteNothingSaved(binary: String, site: String, origin: String) -> Message {
        Message(
            en: "No site was saved for \(binary), so there was nothing to forget. Using \(site), from \(origin).",
            es: "No había un sitio guardado para \(binary), así que no había nada que olvidar. Se usa \(site), de \(origin).")
    }
    static let clearTakesNoID = Message(en: "--clear takes no site id", es: "--clear no lleva id de sitio")
    static func cannotRemove(path: String, reason: String) -> Message {
        Message(en: "cannot remove \(path): \(reason)", es: "no se puede borrar \(path): \(reason.spanishReason)")
    }
    static func cannotSaveSite(path: String, reason: String) -> Message {
        Message(en: "cannot save the site in \(path): \(reason)", es: "no se puede guardar el sitio en \(path): \(reason.spanishReason)")
    }
    static func siteOverridden(key: String) -> Message {
        Message(
            en: "\(key) is set in the process environment and wins over the saved site",
            es: "\(key) está definido en el entorno del proceso y gana sobre el sitio guardado")
    }
    static func badSite(value: String, option: String) -> Message {
        Message(
            en: "'\(value)' is not a site id for \(option); a site id is M and two letters, such as MLA, MLB or MCO",
            es: "'\(value)' no es un id de sitio para \(option); un id de sitio es M y dos letras, como MLA, MLB o MCO")
    }
}
