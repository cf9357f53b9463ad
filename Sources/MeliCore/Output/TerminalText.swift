/// Text from outside (a feed, the notifier's state file, a server's answer) made safe to print on a
/// terminal: without control characters (C0, DEL, C1: escapes that move the cursor, retitle the
/// window or clear the screen) and without format characters (Cf: the bidirectional overrides and
/// isolates U+202A–U+202E and U+2066–U+2069, zero-width marks) nor line and paragraph separators,
/// which make text show other than it reads. The one function every such text goes through.
enum TerminalText {
    /// `text` without those characters; with `keepingNewlines`, "\n" stays (a multi-line message).
    static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        let drop = { (scalar: Unicode.Scalar) in isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") }
        guard text.unicodeScalars.contains(where: drop) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !drop($0) }))
    }

    /// `clean(text)`, at most `limit` characters (an ellipsis ends a shortened one).
    static func clean(_ text: String, limit: Int) -> String {
        let clean = clean(text)
        return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
