/// The search screen's keys, by focus: the query line, the list, the panel.
extension BrowseState {
    /// A key on the search screen, to the part that has the focus.
    mutating func pressOnSearch(_ key: KeyPress) -> [BrowseEffect] {
        switch search?.focus {
        case .query: pressOnQuery(key)
        case .list: pressOnList(key)
        case .panel: pressOnPanel(key)
        case nil: []
        }
    }

    /// The query line has the cursor: characters are text; the arrows up and down, PgUp and
    /// PgDn still move the list; Enter searches at once for words not searched yet (typing
    /// has not paused), else opens the selected item; Esc or Tab goes to the list.
    mutating func pressOnQuery(_ key: KeyPress) -> [BrowseEffect] {
        guard var screen = search else { return [] }
        switch key {
        case .enter:
            let text = screen.query.trimmed
            return !text.isEmpty && text != screen.asked ? searchFirstPage(text) : openSelected()
        case .escape, .tab:
            search?.focus = .list
            return []
        case .control("r"): return retry()
        case .home, .end:
            screen.query.moveCursor(toEnd: key == .end)
            search = screen
            return []
        case .up, .down, .pageUp, .pageDown, .wheelUp, .wheelDown: return moveSelection(key, letters: false)
        default:
            let before = screen.query.text
            guard screen.query.edit(key) else { return [] }
            search = screen
            return screen.query.text == before ? [] : edited()
        }
    }

    /// The list has the focus: letters are commands.
    mutating func pressOnList(_ key: KeyPress) -> [BrowseEffect] {
        switch key {
        case .enter: return openSelected()
        case .character("/"), .backTab: search?.focus = .query
        case .tab:
            search?.focus = .panel
            clampPanel()
        case .character("r"), .control("r"): return retry()
        case .character("?"): help = true
        case .character("q"): return [.quit]
        default: return moveSelection(key, letters: true)
        }
        return []
    }

    /// The panel has the focus: Enter applies its row and searches again at once.
    mutating func pressOnPanel(_ key: KeyPress) -> [BrowseEffect] {
        guard var screen = search else { return [] }
        let entries = PanelEntry.entries(screen)
        let rows = BrowseLayout.bodyRows(size)
        switch key {
        case .tab, .escape, .backTab: screen.focus = .list
        case .character("?"): help = true
        case .character("q"): return [.quit]
        case .enter:
            guard entries.indices.contains(screen.panelSelection) else { return [] }
            entries[screen.panelSelection].apply(to: &screen)
            screen.focus = .list
            // The entries reorder (the sort and the filters in force come first): the panel
            // opens again at its top rather than on whatever entry moved to the old row.
            (screen.panelSelection, screen.panelScroll) = (0, 0)
            search = screen
            clampPanel()
            let text = screen.query.trimmed
            return text.isEmpty ? [] : searchFirstPage(text)
        default:
            guard let moved = BrowseLayout.move(screen.panelSelection, key, count: entries.count, page: rows, letters: true) else { return [] }
            screen.panelSelection = moved
            screen.panelScroll = BrowseLayout.scroll(screen.panelScroll, keeping: moved, visible: BrowseLayout.panelRows(rows), count: entries.count)
        }
        search = screen
        return []
    }

    /// Moves the list's selection (keeping it in view), then asks for the next page when it nears the end.
    mutating func moveSelection(_ key: KeyPress, letters: Bool) -> [BrowseEffect] {
        guard var screen = search else { return [] }
        let rows = BrowseLayout.bodyRows(size)
        guard !screen.results.isEmpty,
            let moved = BrowseLayout.move(screen.selection, key, count: screen.results.count, page: rows, letters: letters)
        else { return [] }
        screen.selection = moved
        screen.scroll = BrowseLayout.scroll(screen.scroll, keeping: moved, visible: rows, count: screen.results.count)
        search = screen
        return pageIfNeeded()
    }

    /// Enter on a result: the item screen, loading.
    mutating func openSelected() -> [BrowseEffect] {
        guard let screen = search, screen.results.indices.contains(screen.selection) else { return [] }
        let summary = screen.results[screen.selection]
        let ticket = ticket()
        item = ItemScreen(summary: summary, ticket: ticket)
        return [.loadItem(summary.id, ticket: ticket)]
    }

    /// The panel's selection within its rows, which change with each answer.
    mutating func clampPanel() {
        guard var screen = search else { return }
        let count = PanelEntry.entries(screen).count
        screen.panelSelection = max(0, min(screen.panelSelection, count - 1))
        screen.panelScroll = BrowseLayout.scroll(screen.panelScroll, keeping: screen.panelSelection, visible: BrowseLayout.panelRows(BrowseLayout.bodyRows(size)), count: count)
        search = screen
    }
}
