/// The language messages, labels and help are written in. Numbers and prices keep the site's format.
package enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case spanish = "es"

    /// `MELI_LANG` first, then `LC_ALL`, `LC_MESSAGES` and `LANG` (the POSIX order): the first one
    /// set decides, and a value starting with `es` (`es`, `es_AR.UTF-8`) means Spanish. English otherwise.
    package static func detect(_ environment: [String: String]) -> Language {
        for name in ["MELI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("es") ? .spanish : .english
        }
        return .english
    }
}
