/// Rows of cells: aligned columns on a terminal, tab-separated lines when piped (stable for scripts).
package struct Table: Sendable {
    package var rows: [[String]]

    package init(_ rows: [[String]]) {
        self.rows = rows
    }

    /// Aligned, indented by `indent` spaces; trailing blank cells and spaces are dropped.
    package func aligned(indent: Int = 0, gap: Int = 2) -> String {
        // A line break inside a cell would start a row of its own, and a tab would move what follows
        // to the next tab stop, out of its column: each is shown as a space, as piped.
        // Each cell is made safe before it is measured (the view is cleaned again as a whole when
        // printed): a title with `ESC [ 2 J` was measured with its escape and shown without it,
        // which shifted the columns after it.
        let rows = rows.map { $0.map { cell in
            let flat = cell.contains(where: { $0.isNewline || $0 == "\t" }) ? String(cell.map { $0.isNewline || $0 == "\t" ? " " : $0 }) : cell
            return TerminalText.cleanView(flat)
        } }
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? Self.visibleWidth($0[column]) : 0 }.max() ?? 0 }
        let pad = String(repeating: " ", count: indent)
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - Self.visibleWidth(cell) + gap) }
            }
            while line.last == " " { line.removeLast() }
            return pad + line + "\n"
        }.joined()
    }

    /// Characters a terminal shows: colour escapes (`ESC [ ... m`) take no room.
    package static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// One line per row, cells joined by tabs (tabs and line breaks inside cells become spaces).
    package func tabSeparated() -> String {
        var out = ""
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column > 0 { out += "\t" }
                // A tab or line break inside a cell would split it: shown as a space ("\r\n" is
                // one Character, so one space). Most cells hold neither, and are appended whole
                // (String.replacing was a third of `env`'s instructions, piped).
                if cell.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 }) {
                    out += String(cell.map { $0 == "\t" || $0.isNewline ? " " : $0 })
                } else {
                    out += cell
                }
            }
            out += "\n"
        }
        return out
    }
}
