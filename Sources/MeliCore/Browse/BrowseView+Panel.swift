/// The sorts-and-filters panel: beside the list on a wide screen, instead of it on a narrow one.
extension BrowseView {
    static func withPanel(_ list: [String], search: SearchScreen, pen: Pen, rows: Int) -> [String] {
        let beside = pen.width >= BrowseLayout.panelBesideFrom
        let panelWidth = beside ? BrowseLayout.panelColumns : pen.width
        let panel = panelRows(search, pen: Pen(style: pen.style, language: pen.language, width: panelWidth), rows: rows)
        guard beside else { return panel }
        let listWidth = pen.width - panelWidth - 1
        let listPen = Pen(style: pen.style, language: pen.language, width: listWidth)
        // The list is drawn again at its narrower width, so that no row is cut inside an escape.
        var narrower = search
        narrower.focus = .list
        let left = search.results.isEmpty ? list.map { DisplayWidth.fit($0, to: listWidth) } : resultRows(narrower, pen: listPen, rows: rows)
        return (0..<rows).map { row in
            (left.indices.contains(row) ? left[row] : listPen.blank) + pen.style.paint("│", .gray) + (panel.indices.contains(row) ? panel[row] : String(repeating: " ", count: panelWidth))
        }
    }

    /// The panel's rows, `pen.width` wide: a heading, then its entries from `panelScroll`.
    static func panelRows(_ search: SearchScreen, pen: Pen, rows: Int) -> [String] {
        let entries = PanelEntry.entries(search)
        let heading = pen.style.paint(pen.line(" " + pen.say(.Browse.filtersTitle)), bold: true)
        guard !entries.isEmpty else {
            return [heading] + BrowseText.wrap(pen.say(.Browse.nothingToFilter), width: max(1, pen.width - 1)).map { pen.line(" " + $0) }
        }
        let separator = KnownSites.groupingSeparator(for: search.site)
        let room = BrowseLayout.panelRows(rows)
        let first = BrowseLayout.scroll(search.panelScroll, keeping: search.panelSelection, visible: room, count: entries.count)
        let shown = entries.enumerated().dropFirst(first).prefix(room).map { index, entry in
            let selected = index == search.panelSelection
            let text = DisplayWidth.fit((selected ? "› " : "  ") + label(entry, pen: pen, separator: separator), to: pen.width)
            return selected ? pen.reversed(text) : text
        }
        return [heading] + shown
    }

    /// How a panel row reads: `Sort: Price (current)`, `✕ Condition: New (remove)`, `Condition: Used (1.234)`.
    static func label(_ entry: PanelEntry, pen: Pen, separator: Character) -> String {
        switch entry {
        case .sort(let sort, let current):
            let name = TerminalText.clean(sort.name)
            return pen.say(.Browse.sortEntry(current ? pen.say(.Catalog.current(sort: name)) : name))
        case .applied(let choice):
            return pen.say(.Browse.removeFilter(TerminalText.clean(choice.name)))
        case .value(let filter, let value):
            let count = value.results.map { " (" + NumberText.grouped(Int64($0), separator: separator) + ")" } ?? ""
            return TerminalText.clean(filter.name) + ": " + TerminalText.clean(value.name) + count
        }
    }
}
