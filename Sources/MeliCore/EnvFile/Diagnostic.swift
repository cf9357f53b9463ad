/// One problem found in a configuration file (or in a value that overrides one).
package struct Diagnostic: Hashable, Sendable {
    /// How bad the problem is: errors stop the program, warnings do not.
    package enum Severity: String, Sendable {
        case error
        case warning
    }

    package var severity: Severity
    package var text: Message
    /// Where the problem is; `nil` when it is not in a file (a process environment variable).
    package var location: SourceLocation?
    /// What the problem is about when it has no location (`MELI_LOG_LEVEL (process environment)`).
    package var subject: Message?

    /// The message in English, for logs and tests.
    package var message: String { text.description }

    package init(_ severity: Severity, _ text: Message, at location: SourceLocation? = nil, subject: Message? = nil) {
        self.severity = severity
        self.text = text
        self.location = location
        self.subject = subject
    }

    static func error(_ text: Message, at location: SourceLocation? = nil, subject: Message? = nil) -> Diagnostic {
        Diagnostic(.error, text, at: location, subject: subject)
    }

    static func warning(_ text: Message, at location: SourceLocation? = nil, subject: Message? = nil) -> Diagnostic {
        Diagnostic(.warning, text, at: location, subject: subject)
    }

    /// `path:line:column: error: message`, then the line and a caret under the column.
    package func rendered(style: TextStyle = .plain, language: Language = .english) -> String {
        let word = (severity == .error ? Message.errorLabel : .warningLabel).text(language)
        let label = style.paint(word, severity == .error ? .red : .yellow, bold: true)
        let message = text.text(language)
        guard let location else {
            let head = subject.map { "\($0.text(language)): " } ?? ""
            return "\(style.paint(head, bold: true))\(label) \(message)\n"
        }
        var text = "\(style.paint("\(location):", bold: true)) \(label) \(message)\n"
        text += location.sourceLine + "\n"
        text += caretPadding(for: location) + style.paint("^", .green, bold: true) + "\n"
        return text
    }

    /// Spaces up to the column, keeping tabs so the caret lines up under tab-indented text.
    private func caretPadding(for location: SourceLocation) -> String {
        let prefix = location.sourceLine.prefix(max(0, location.column - 1))
        return String(prefix.map { $0 == "\t" ? "\t" : " " })
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of these stops the program.
    package var containsErrors: Bool { contains { $0.severity == .error } }
}
