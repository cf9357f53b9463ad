/// The site screen's events: typing filters the sites, the arrows move, Enter chooses.
extension BrowseState {
    /// A key on the site screen: Ctrl-R retries, Enter chooses, the arrows move, the rest edits the filter.
    mutating func pressOnSites(_ key: KeyPress) -> [BrowseEffect] {
        guard var screen = sites else { return [] }
        defer { sites = screen }
        let rows = BrowseLayout.bodyRows(size)
        let before = screen.matches
        let selectedID = before.indices.contains(screen.selection) ? before[screen.selection].id : nil
        if key == .control("r") {
            guard case .failed = screen.sites else { return [] }
            screen.sites = .loading
            return [.loadSites]
        }
        if key == .enter {
            guard before.indices.contains(screen.selection) else { return [] }
            sites = screen
            return choose(before[screen.selection].id)
        }
        if let moved = BrowseLayout.move(screen.selection, key, count: before.count, page: rows, letters: false) {
            screen.selection = moved
        } else if key == .escape || screen.filter.edit(key) {
            if key == .escape { _ = screen.filter.edit(.control("u")) }
            // Keep the site that was selected when it still matches; else the saved or default
            // one (a filter that matched nothing, then cleared, comes back to it); else the first.
            let matches = screen.matches
            screen.selection = matches.firstIndex { $0.id == selectedID } ?? matches.firstIndex { $0.id == screen.preselected } ?? 0
        }
        screen.scroll = BrowseLayout.scroll(screen.scroll, keeping: screen.selection, visible: rows, count: screen.matches.count)
        return []
    }

    /// The sites arrived (sorted by id, the preselected one selected), or why not.
    mutating func sitesLoaded(_ result: Result<[Site], BrowseFailure>) {
        guard var screen = sites else { return }
        switch result {
        case .success(let list):
            screen.sites = .loaded(list.sorted { $0.id < $1.id })
            screen.selection = screen.matches.firstIndex { $0.id == screen.preselected } ?? 0
            screen.scroll = BrowseLayout.scroll(0, keeping: screen.selection, visible: BrowseLayout.bodyRows(size), count: screen.matches.count)
        case .failure(let failure):
            screen.sites = .failed(failure)
        }
        sites = screen
    }

    /// Enter on a site: save it, and search on it (at once when words were given on the command line).
    mutating func choose(_ id: String) -> [BrowseEffect] {
        search = SearchScreen(site: id, query: initialQuery)
        initialQuery = ""
        return [.saveSite(id)] + searchAtOnce()
    }
}
