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

    /// `path:line:column: error: message`, then the line and a caret under the column (not in a
    /// file whose lines are not quoted: `SourceLocation.quotesLine`).
    package func rendered(style: TextStyle = .plain, language: Language = .english) -> String {
        let word = (severity == .error ? Message.Reporting.errorLabel : .Reporting.warningLabel).text(language)
        let label = style.paint(word, severity == .error ? .red : .yellow, bold: true)
        let message = text.text(language)
        guard let location else {
            let head = subject.map { "\($0.text(language)): " } ?? ""
            return "\(style.paint(head, bold: true))\(label) \(message)\n"
        }
        var text = "\(style.paint("\(location):", bold: true)) \(label) \(message)\n"
        guard location.quotesLine else { return text }
        let (quoted, before) = Self.quotedLine(location)
        text += quoted + "\n"
        text += String(before.map { $0 == "\t" ? "\t" : " " }) + style.paint("^", .green, bold: true) + "\n"
        return text
    }

    /// The source line, or for a long one the part around the column with `…` where it is cut,
    /// and the text before the column (tabs kept, so the caret lines up under tab-indented text).
    static func quotedLine(_ location: SourceLocation) -> (line: String, beforeColumn: Substring) {
        let written = location.quotesUpToColumn ? cut(location.sourceLine, after: location.column) : location.sourceLine
        let line = maskingSecretValue(written)
        let width = EnvFileLimits.quotedLineWidth
        let column = max(0, location.column - 1)
        guard line.utf8.count > width else { return (line, line.prefix(column)) }
        let skip = max(0, column - width / 2)
        let start = line.index(line.startIndex, offsetBy: skip, limitedBy: line.endIndex) ?? line.endIndex
        let end = line.index(start, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
        let head = start == line.startIndex ? "" : "…"
        let tail = end == line.endIndex ? "" : "…"
        let shown = head + line[start..<end] + tail
        let before = line[start...].prefix(column - skip)
        return (shown, (head + before)[...])
    }
}

extension Diagnostic {
    /// `line` up to and including its `column`th character, then `…` when anything was cut.
    static func cut(_ line: String, after column: Int) -> String {
        var end = line.startIndex
        var count = 0
        while end < line.endIndex, count < max(column, 1) {
            line.formIndex(after: &end)
            count += 1
        }
        return end == line.endIndex ? line : String(line[..<end]) + "…"
    }

    /// `line`, with the value of an assignment to a secret-named key (`MELI_CLIENT_SECRET = ...`)
    /// replaced by `<redacted>`: a line is quoted even when it could not be parsed, before any
    /// value in it is known to be a secret.
    static func maskingSecretValue(_ line: String) -> String {
        let chars = Array(line.unicodeScalars)
        var i = 0
        func skipBlanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        func name() -> String {
            let start = i
            while i < chars.count, chars[i] == "_" || ("A"..."Z").contains(chars[i]) || ("a"..."z").contains(chars[i])
                || (i > start && ("0"..."9").contains(chars[i])) { i += 1 }
            return String(String.UnicodeScalarView(chars[start..<i]))
        }
        skipBlanks()
        var key = name()
        if key == "export", i < chars.count, chars[i] == " " || chars[i] == "\t" {
            skipBlanks()
            key = name()
        }
        guard !key.isEmpty, SettingKey.isSecret(key) else { return line }
        // Conditions, as Xcode writes them: `KEY[arch=x86_64][env=qa] = value`.
        while i < chars.count, chars[i] == "[" {
            while i < chars.count, chars[i] != "]" { i += 1 }
            if i < chars.count { i += 1 }
        }
        skipBlanks()
        guard i < chars.count, chars[i] == "=" else { return line }
        i += 1
        skipBlanks()
        guard i < chars.count else { return line }
        return String(String.UnicodeScalarView(chars[..<i])) + Redactor.mask
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of these stops the program.
    package var containsErrors: Bool { contains { $0.severity == .error } }

    /// These, with at most `EnvFileLimits.maximumDiagnosticsPerFile` of each file's (the first in
    /// this order) and, for a file with more, one summary counting the rest, placed where the
    /// problems without a place begin: an error when any of the rest is one, else a warning. The
    /// parser's, the loader's and the resolver's problems all count, so that 10,000 bad lines,
    /// includes, references or unknown keys make a report in proportion to the file.
    package func limitedPerFile() -> [Diagnostic] {
        let limit = EnvFileLimits.maximumDiagnosticsPerFile
        var shown: [String: Int] = [:]
        var hidden: [(path: String, count: Int, error: Bool)] = []
        var hiddenIndex: [String: Int] = [:]
        var kept: [Diagnostic] = []
        for diagnostic in self {
            guard let path = diagnostic.location?.path else {
                kept.append(diagnostic)
                continue
            }
            if shown[path, default: 0] < limit {
                shown[path, default: 0] += 1
                kept.append(diagnostic)
            } else if let index = hiddenIndex[path] {
                hidden[index].count += 1
                hidden[index].error = hidden[index].error || diagnostic.severity == .error
            } else {
                hiddenIndex[path] = hidden.count
                hidden.append((path, 1, diagnostic.severity == .error))
            }
        }
        guard !hidden.isEmpty else { return self }
        let summaries = hidden.map { file in
            Diagnostic(file.error ? .error : .warning, .EnvFile.moreProblems(count: String(file.count)), subject: .verbatim(file.path))
        }
        kept.insert(contentsOf: summaries, at: kept.firstIndex { $0.location == nil } ?? kept.endIndex)
        return kept
    }
}
