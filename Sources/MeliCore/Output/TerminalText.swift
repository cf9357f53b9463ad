/// Text from outside (a feed, the notifier's state file, a server's answer) made safe to print on a
/// terminal: without control characters (C0, DEL, C1: escapes that move the cursor, retitle the
/// window or clear the screen) and without format characters (Cf: the bidirectional overrides and
/// isolates U+202A–U+202E and U+2066–U+2069, zero-width marks) nor line and paragraph separators,
/// which make text show other than it reads. The one function every such text goes through.
enum TerminalText {
    /// `text` without those characters and without any escape sequence, whole (`TerminalEscapes`);
    /// with `keepingNewlines`, "\n" stays (a multi-line message).
    static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        let drop = { (scalar: Unicode.Scalar) in isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") }
        guard text.unicodeScalars.contains(where: drop) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            // A whole escape sequence goes (`ESC [ 31 m`, not only its `ESC`): meli's own colours
            // are added after the text is cleaned.
            if let end = TerminalEscapes.end(of: scalars, from: index) {
                index = end
                continue
            }
            if !drop(scalars[index]) { out.append(scalars[index]) }
            index += 1
        }
        return String(out)
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

extension TerminalText {
    /// A whole rendered view made safe in one pass: tabs, newlines and, when the view is coloured,
    /// the colour escapes meli writes (`TextStyle.sequences`: bold, its seven colours, reset) are
    /// kept; every other control or format character is dropped, so text from the API cannot move
    /// the cursor, clear the screen, retitle the window, write the clipboard, nor conceal or recolour
    /// text (`ESC [ 8 m`), whatever view it reaches. Uncoloured (piped, `--no-color`), the view holds
    /// no escape of meli's, so none is kept.
    static func cleanView(_ text: String, keepingColour: Bool = true) -> String {
        // Checked before the scalars are copied: most texts (every table cell) hold nothing to drop.
        guard holdsUnsafe(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepingColour, scalar == "\u{1B}", let end = colourEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if let end = TerminalEscapes.end(of: scalars, from: index) {
                index = end
                continue
            }
            if !isUnsafe(scalar) || scalar == "\n" || scalar == "\t" { out.append(scalar) }
            index += 1
        }
        return String(out)
    }

    /// Whether `text` holds a control or format character other than a newline or a tab: what
    /// `cleanView` drops. ASCII and Latin-1 are judged by their code (C0, DEL, C1 and the soft
    /// hyphen, U+00AD, a format character) without a Unicode property lookup: a search's table
    /// took 0.29M instructions in them.
    static func holdsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09, 0x0A: false
            case 0..<0x20, 0x7F...0x9F, 0xAD: true
            case 0x20..<0x7F, 0xA0...0xFF: false
            default: isUnsafe(scalar)
            }
        }
    }

    /// The index of the `m` ending a colour escape of meli's that starts at `start`, if it is one.
    private static func colourEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var codes = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) {
            codes.append(scalars[index])
            index += 1
        }
        return index < scalars.count && scalars[index] == "m" && TextStyle.sequences.contains(String(codes)) ? index : nil
    }
}
