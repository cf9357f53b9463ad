/// How many terminal columns text takes: wide characters (CJK, fullwidth forms, emoji) take two,
/// combining marks, format and control characters none, and meli's own SGR colour escapes none.
package enum DisplayWidth {
    /// The columns `text` takes as a terminal shows it (SGR escapes in it take none).
    package static func of(_ text: String) -> Int {
        // Most text on the screen (labels, most titles, prices) is printable ASCII: one column a
        // byte, with no Unicode property looked up (that lookup was 70% of a selection move).
        if isPrintableASCII(text) { return text.utf8.count }
        if !text.utf8.contains(0x1B) { return text.reduce(0) { $0 + columns($1) } }
        return pieces(of: text).reduce(0) { total, piece in total + piece.columns }
    }

    /// `text` cut to at most `columns` columns; a cut text ends with "…" (one column). A wide
    /// character that does not fit is dropped; escapes before the cut are kept.
    package static func truncate(_ text: String, to columns: Int) -> String {
        if isPrintableASCII(text) {
            guard text.utf8.count > columns else { return text }
            return columns > 0 ? String(text.prefix(columns - 1)) + "…" : ""
        }
        let pieces = pieces(of: text)
        guard pieces.reduce(0, { $0 + $1.columns }) > columns else { return text }
        guard columns > 0 else { return "" }
        var budget = columns - 1
        var kept = ""
        for piece in pieces {
            guard piece.columns <= budget else { break }
            budget -= piece.columns
            kept += piece.text
        }
        return kept + "…"
    }

    /// `text` cut or padded with spaces to exactly `columns` columns.
    package static func fit(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    /// The columns one grapheme cluster takes.
    package static func columns(_ cluster: Character) -> Int {
        if let ascii = cluster.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first, !scalars.allSatisfy(takesNoColumn) else { return 0 }
        if isWide(first.value) || first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return 2 }
        return 1
    }

    /// Whether every byte of `text` is printable ASCII (one column each).
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// A piece of text as the terminal draws it: one grapheme cluster, or one SGR escape (no columns).
    private struct Piece {
        var text: String
        var columns: Int
    }

    /// `text` split into SGR escapes (`ESC [ digits;… m`) and the grapheme clusters between them.
    private static func pieces(of text: String) -> [Piece] {
        guard text.utf8.contains(0x1B) else { return text.map { Piece(text: String($0), columns: columns($0)) } }
        var result: [Piece] = []
        var plain = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        /// The plain text gathered so far, as clusters.
        func flushPlain() {
            result += String(plain).map { Piece(text: String($0), columns: columns($0)) }
            plain.removeAll()
        }
        while index < scalars.count {
            if let end = sgrEnd(scalars, from: index) {
                flushPlain()
                var escape = String.UnicodeScalarView()
                escape.append(contentsOf: scalars[index..<end])
                result.append(Piece(text: String(escape), columns: 0))
                index = end
            } else {
                plain.append(scalars[index])
                index += 1
            }
        }
        flushPlain()
        return result
    }

    /// Where the SGR escape starting at `start` ends (one past its `m`), or nil when none starts there.
    private static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard scalars[start] == "\u{1B}", start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "m" { return index + 1 }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }

    /// Combining marks, format characters (zero-width joiner, variation selectors' kin) and controls.
    private static func takesNoColumn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    /// East Asian Wide and Fullwidth ranges, and the emoji blocks terminals draw two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// Whether a scalar is in one of `wideRanges`.
    private static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && wideRanges.contains { $0.contains(value) }
    }
}
