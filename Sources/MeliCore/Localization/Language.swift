/// The language messages, labels and help are written in. Numbers and prices keep the site's format.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case spanish = "es"

    /// `MELI_LANG` first, then `LC_ALL`, `LC_MESSAGES` and `LANG` (the POSIX order): the first one
    /// set decides, and a value starting with `es` (`es`, `es_AR.UTF-8`) means Spanish. English otherwise.
    public static func detect(_ environment: [String: String]) -> Language {
        for name in ["MELI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("es") ? .spanish : .english
        }
        return .english
    }

    /// The message `key` in this language, `{0}`, `{1}`... replaced by `arguments`.
    public func text(_ key: MessageKey, _ arguments: String...) -> String {
        text(key, arguments)
    }

    func text(_ key: MessageKey, _ arguments: [String]) -> String {
        Message(key, arguments).text(self)
    }
}

/// A message to show, kept as a key and its arguments until the language is known.
public struct Message: Sendable, Hashable, CustomStringConvertible {
    public var key: MessageKey
    public var arguments: [String]
    /// Messages that are arguments too, after `arguments`, rendered in the same language.
    public var nested: [Message]

    public init(_ key: MessageKey, _ arguments: [String] = [], nested: [Message] = []) {
        self.key = key
        self.arguments = arguments
        self.nested = nested
    }

    /// The message in `language`, `{0}`, `{1}`... replaced by the arguments.
    public func text(_ language: Language) -> String {
        let arguments = self.arguments + nested.map { $0.text(language) }
        let template = (language == .spanish ? MessageCatalog.spanish[key] : nil) ?? MessageCatalog.english[key] ?? key.rawValue
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let index = Int(after[..<close]), arguments.indices.contains(index) {
                text += arguments[index]
                rest = after[after.index(after: close)...]
            } else {
                text += "{"
                rest = after
            }
        }
        return text + rest
    }

    /// Text that needs no translation (a path, a name).
    public static func verbatim(_ text: String) -> Message { Message(.verbatim, [text]) }

    /// English, for logs and tests.
    public var description: String { text(.english) }
}

/// Translates help texts, which commands declare in English.
public enum HelpText {
    public static func text(_ english: String, _ language: Language) -> String {
        language == .spanish ? (HelpCatalog.spanish[english] ?? english) : english
    }
}
