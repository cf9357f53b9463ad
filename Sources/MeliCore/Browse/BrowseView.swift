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
/// Row 0 is the title bar, row 1 the query line, row 2 the status line, the last row the keys;
/// the list, the item or the panel fill the rows between (`BrowseLayout`).
package enum BrowseView {
    /// The frame for `state`: exactly `size.rows` lines, none wider than `size.columns`.
    package static func frame(_ state: BrowseState, style: TextStyle, language: Language) -> BrowseFrame {
        let rows = max(0, state.size.rows)
        let pen = Pen(style: style, language: language, width: max(0, state.size.columns))
        let bodyRows = BrowseLayout.bodyRows(state.size)
        var screen: Screen
        switch state.screen {
        case .site: screen = siteScreen(state.sites ?? SiteScreen(preselected: ""), state: state, pen: pen, rows: bodyRows)
        case .search: screen = searchScreen(state.search ?? SearchScreen(site: "", query: ""), state: state, pen: pen, rows: bodyRows)
        case .item: screen = itemScreen(state.item ?? ItemScreen(summary: ItemSummary.placeholder, ticket: 0), state: state, pen: pen, rows: bodyRows)
        }
        if let status = state.status { screen.status = pen.line(" " + TerminalText.clean(pen.say(status))) }
        if state.help { screen.body = helpBox(pen: pen, rows: bodyRows) }
        let body = (0..<bodyRows).map { screen.body.indices.contains($0) ? screen.body[$0] : pen.blank }
        let lines = Array(([screen.title, screen.query, screen.status] + body + [screen.footer]).prefix(rows))
        let cursor = screen.cursor.flatMap { $0.row < rows && $0.column < pen.width && !state.help ? $0 : nil }
        return BrowseFrame(lines: lines, cursor: cursor)
    }

    /// A screen's parts before they are stacked into rows.
    struct Screen {
        var title: String
        var query: String
        var status: String
        var body: [String]
        var footer: String
        var cursor: CursorPosition?
    }

    /// The title bar: `meli-dev · Argentina (MLA)` on the left, `right` (counts) on the right.
    static func titleBar(_ state: BrowseState, site: String?, right: String, pen: Pen) -> String {
        let left = " " + TerminalText.clean(state.binary) + (site.map { " · " + KnownSites.label(TerminalText.clean($0)) } ?? "")
        return pen.style.paint(BrowseText.spread(left, right + " ", width: pen.width), bold: true)
    }

    /// A text line with a label and the cursor kept in view: the line, and the cursor's column.
    static func textLine(_ label: Message, _ line: TextLine, focused: Bool, pen: Pen) -> (String, Int) {
        let label = pen.say(label)
        let labelWidth = DisplayWidth.of(label)
        let room = max(0, pen.width - labelWidth)
        var start = 0
        let characters = line.characters
        while start < line.cursor, DisplayWidth.of(String(characters[start..<line.cursor])) > room - 1 { start += 1 }
        let text = DisplayWidth.fit(String(characters[start...]), to: room)
        let column = labelWidth + DisplayWidth.of(String(characters[start..<line.cursor]))
        let shownLabel = focused ? pen.style.paint(DisplayWidth.truncate(label, to: pen.width), bold: true) : DisplayWidth.truncate(label, to: pen.width)
        return (shownLabel + (room > 0 ? text : ""), column)
    }

    /// The footer: each key and what it does, in the order given (most useful first), as many as
    /// fit the width: the last one (quit) always, then the others in order.
    static func footer(_ keys: [(Message, Message)], pen: Pen) -> String {
        let parts = keys.map { (key: pen.say($0.0), action: pen.say($0.1)) }
        let priority = Array(parts.indices.suffix(1)) + Array(parts.indices.dropLast())
        var kept = Set<Int>()
        var used = 1
        for index in priority {
            let width = DisplayWidth.of(parts[index].key + " " + parts[index].action) + (kept.isEmpty ? 0 : 2)
            guard used + width <= pen.width else { continue }
            kept.insert(index)
            used += width
        }
        let shown = parts.indices.filter(kept.contains).map { parts[$0] }
        let out = shown.map { pen.style.paint($0.key, bold: true) + " " + $0.action }.joined(separator: "  ")
        return shown.isEmpty ? pen.blank : " " + out + String(repeating: " ", count: max(0, pen.width - used))
    }
}

/// What drawing needs besides the state: the colour decision, the language, the width.
struct Pen {
    var style: TextStyle
    var language: Language
    var width: Int

    func say(_ message: Message) -> String { message.text(language) }

    /// `text` cut or padded to the width.
    func line(_ text: String) -> String { DisplayWidth.fit(text, to: width) }

    var blank: String { String(repeating: " ", count: width) }

    /// Reverse video: the selected row, with colour or without (`NO_COLOR` allows it).
    func reversed(_ text: String) -> String { "\u{1B}[7m" + text + "\u{1B}[0m" }
}

extension ItemSummary {
    /// A row that stands for nothing, for a screen drawn without its state.
    static let placeholder = ItemSummary(id: "", title: "", price: nil, currencyID: "", condition: nil, availableQuantity: nil, permalink: nil, thumbnail: nil, freeShipping: false)
}

extension BrowseFailure {
    /// Whether trying again can help: a network or server failure (exit 1), not a missing site or
    /// item, a refused login or a configuration problem, which answer the same again.
    var canRetry: Bool { exitCode == 1 }

    /// The message on one line, cleaned: its lines (a message, then a hint) joined by a space.
    var line: String {
        TerminalText.clean(message, keepingNewlines: true).split(separator: "\n").map { $0.trimmingWhitespace }.joined(separator: " ")
    }
}
