/// One screenful: exactly `size.rows` lines, each at most `size.columns` columns, and where the
/// cursor goes (nil hides it).
package struct BrowseFrame: Sendable, Hashable {
    package var lines: [String]
    package var cursor: CursorPosition?

    package init(lines: [String], cursor: CursorPosition?) {
        self.lines = lines
        self.cursor = cursor
    }
}

/// Draws a `BrowseState`: a pure function of the state, the colour decision and the language.
/// SKELETON until the view lands.
package enum BrowseView {
    package static func frame(_ state: BrowseState, style: TextStyle, language: Language) -> BrowseFrame {
        BrowseFrame(lines: Array(repeating: "", count: state.size.rows), cursor: nil)
    }
}
