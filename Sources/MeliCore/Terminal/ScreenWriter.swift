/// Turns frames (one string a row, each at most the terminal's width, with meli's own SGR
/// escapes) into the bytes that bring the screen from the last frame to this one: only the rows
/// that changed are written, inside one synchronized update so the terminal shows it at once.
package struct ScreenWriter: Sendable {
    /// What the screen shows, or nil when unknown (first frame, after a resize or `fg`).
    private var last: [String]? = nil
    private var lastCursor: CursorPosition? = nil

    package init() {}

    /// Starts a synchronized update (DEC mode 2026); terminals without it ignore it.
    package static let beginUpdate = "\u{1B}[?2026h"
    /// Ends a synchronized update: every frame ends with it, so a reader knows a frame is whole.
    package static let endUpdate = "\u{1B}[?2026l"

    /// The bytes that draw `lines` and put the cursor at `cursor` (hidden when nil); "" when the
    /// screen already shows exactly that.
    package mutating func frame(_ lines: [String], cursor: CursorPosition?) -> String {
        if let last, last == lines, lastCursor == cursor { return "" }
        var out = Self.beginUpdate
        let previous = last ?? []
        if last == nil { out += "\u{1B}[0m\u{1B}[2J" }
        let changed = lines.indices.filter { last == nil || $0 >= previous.count || previous[$0] != lines[$0] }
        if !changed.isEmpty { out += "\u{1B}[?25l" }
        // The row is cleared before it is written, not after: with autowrap off (`TerminalMode.enter`)
        // the cursor stays on the last column of a full row, and a clear there would erase it.
        for row in changed { out += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" + lines[row] + "\u{1B}[0m" }
        for row in lines.count..<max(lines.count, previous.count) { out += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[K" }
        if let cursor {
            out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        } else {
            out += "\u{1B}[?25l"
        }
        last = lines
        lastCursor = cursor
        return out + Self.endUpdate
    }

    /// Forget what the screen shows: the next frame clears it and is written in full (after a
    /// resize or `fg`).
    package mutating func invalidate() {
        last = nil
        lastCursor = nil
    }
}
