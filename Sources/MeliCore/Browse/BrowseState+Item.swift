/// The item screen's events: its answer, scrolling, opening the link, going back.
extension BrowseState {
    /// A key on the item screen: scroll, `o` opens the link, `r` retries, Esc goes back.
    mutating func pressOnItem(_ key: KeyPress) -> [BrowseEffect] {
        guard var screen = item else { return [] }
        switch key {
        case .escape, .backspace, .left, .character("h"):
            item = nil
            if case .loading = screen.item { return [.cancel(ticket: screen.ticket)] }
            return []
        case .character("q"): return [.quit]
        case .character("?"): help = true
        case .character("o"):
            guard case .loaded(let answer) = screen.item, let link = answer.value.permalink, !link.isEmpty else {
                status = .Browse.noLink
                return []
            }
            return [.open(link)]
        case .character("r"), .control("r"):
            guard case .failed = screen.item else { return [] }
            screen.ticket = ticket()
            screen.item = .loading
            item = screen
            return [.loadItem(screen.summary.id, ticket: screen.ticket)]
        default:
            let rows = BrowseLayout.bodyRows(size)
            let top = max(0, itemLineCount - rows)
            // The selection is the first line shown: moving it scrolls.
            guard let moved = BrowseLayout.move(screen.scroll, key, count: top + 1, page: rows, letters: true) else { return [] }
            screen.scroll = moved
            item = screen
        }
        return []
    }

    /// The item's answer, when it is the one awaited.
    mutating func itemLoaded(ticket: Int, _ result: Result<Answer<Item>, BrowseFailure>) {
        guard var screen = item, screen.ticket == ticket else { return }
        switch result {
        case .success(let answer): screen.item = .loaded(answer)
        case .failure(let failure): screen.item = .failed(failure)
        }
        screen.scroll = 0
        item = screen
    }

    /// How many lines the item screen's body has at this width (0 until the item is in).
    var itemLineCount: Int {
        guard let screen = item, case .loaded(let answer) = screen.item else { return 0 }
        return ItemLine.lines(answer.value, width: BrowseLayout.itemWidth(size), language: .english).count
    }
}
