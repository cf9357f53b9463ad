/// A message to show, held in both languages until the language is known.
///
/// Each message is defined once, in the enum of the feature that owns it: `Messages+Area.swift`
/// declares `enum Area {}` inside `extension Message` and holds its messages as static members of
/// `extension Message.Area`, with their English and Spanish side by side and their arguments named:
///
///     extension Message.Catalog {
///         static func noResults(query: String, site: String) -> Message {
///             Message(en: "No results for \"\(query)\" in \(site).", es: "Sin resultados para \"\(query)\" en \(site).")
///         }
///     }
///
/// A use names the feature: `app.text(.Catalog.noResults(query: q, site: s))`. Names need only be
/// unique within a feature: `Message.Configuration.badTimeout` (a timeout setting's bad value) and another
/// feature's own `badTimeout` would be two messages. Helpers for any feature (`verbatim`) stay on
/// `Message` itself, in this file.
///
/// A message that takes another message (a reason, a problem) takes it as a `Message` and
/// interpolates `inner.english` in the English text and `inner.spanish` in the Spanish one, so
/// the inner message follows the outer one's language.
package struct Message: Sendable, Hashable, CustomStringConvertible {
    package let english: String
    package let spanish: String

    init(en english: String, es spanish: String) {
        self.english = english
        self.spanish = spanish
    }

    /// The message in `language`.
    package func text(_ language: Language) -> String {
        language == .spanish ? spanish : english
    }

    /// Text that needs no translation (a path, a name).
    static func verbatim(_ text: String) -> Message { Message(en: text, es: text) }

    /// English, for logs and tests.
    package var description: String { english }
}
