/// Turns frames (one string a row, each at most the terminal's width, with meli's own SGR
/// escapes) into the bytes that bring the screen from the last frame to this one: only the rows
/// that changed are written. SKELETON: writes every row until the terminal part lands.
package struct ScreenWriter: Sendable {
    private var last: [String]? = nil

    package init() {}

    /// The bytes that draw `lines` and put the cursor at `cursor` (hidden when nil).
    package mutating func frame(_ lines: [String], cursor: CursorPosition?) -> String {
        var out = "\u{1B}[H"
        for (row, line) in lines.enumerated() { out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K" }
        last = lines
        if let cursor { out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h" } else { out += "\u{1B}[?25l" }
        return out
    }

    /// Forget what the screen shows: the next frame is written in full (after a resize or `fg`).
    package mutating func invalidate() { last = nil }
}
