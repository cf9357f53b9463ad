/// A terminal's size in character cells.
package struct TerminalSize: Sendable, Hashable {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What the terminal tells a full-screen program while a `TerminalSession` runs.
package enum TerminalEvent: Sendable, Hashable {
    /// Keys decoded from one read, in order.
    case keys([KeyPress])
    /// SIGWINCH: the new size.
    case resized(TerminalSize)
    /// Back from a suspension (Ctrl-Z, then `fg`): the screen must be drawn again in full.
    case resumed
    /// SIGTERM or SIGHUP, or the end of input: restore the terminal and leave.
    case terminated(signal: Int32)
}

/// Where the cursor is shown in a frame, 0-based (`ScreenWriter`).
package struct CursorPosition: Sendable, Hashable {
    package var row: Int
    package var column: Int

    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
