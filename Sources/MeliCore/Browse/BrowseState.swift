/// Everything `browse` shows, as a value: the screens open (site → search → item, the last one
/// on top), the help overlay, a transient status message, the next request's ticket.
package struct BrowseState: Sendable, Hashable {
    /// Which screen is on top.
    package enum Screen: Sendable, Hashable { case site, search, item }

    package var size: TerminalSize
    package var binary: String
    /// The site screen, until a site is chosen (nil when one was given).
    package var sites: SiteScreen?
    /// The search screen, once there is a site.
    package var search: SearchScreen?
    /// The item screen, above the search screen.
    package var item: ItemScreen?
    package var help = false
    /// A message for the status line until the next key (a site not saved, a link to copy).
    package var status: Message?
    /// The ticket of the next request: each request gets a new one, and an answer whose ticket
    /// is not the one awaited is dropped.
    package var nextTicket = 1
    /// The words to search for once the site is chosen.
    package var initialQuery: String

    /// `site`: the site to browse, nil to choose one first (`defaultSite` preselected);
    /// `query`: the words to search for at once.
    package init(binary: String, site: String?, defaultSite: String, query: String?, size: TerminalSize) {
        self.binary = binary
        self.size = size
        initialQuery = query ?? ""
        if let site {
            search = SearchScreen(site: site, query: initialQuery)
        } else {
            sites = SiteScreen(preselected: defaultSite)
        }
    }

    /// The screen on top: the item's, else the search's, else the sites'.
    package var screen: Screen {
        item != nil ? .item : search != nil ? .search : .site
    }

    /// A new ticket.
    mutating func ticket() -> Int {
        defer { nextTicket += 1 }
        return nextTicket
    }
}

/// `browse`'s state machine: pure functions from a state and an event to the next state and the
/// effects to perform.
package enum Browse {
    /// The effects to begin with (the sites to choose from, or the first search).
    package static func start(_ state: BrowseState) -> (BrowseState, [BrowseEffect]) {
        var state = state
        guard state.search != nil else { return (state, [.loadSites]) }
        let effects = state.searchAtOnce()
        return (state, effects)
    }

    /// The next state after `event`, and what to do.
    package static func update(_ state: BrowseState, _ event: BrowseEvent) -> (BrowseState, [BrowseEffect]) {
        var state = state
        let effects: [BrowseEffect]
        switch event {
        case .key(let key): effects = state.press(key)
        case .resized(let size):
            state.size = size
            state.keepSelectionsVisible()
            effects = []
        case .timer(.debounce(let generation)): effects = state.debounced(generation)
        case .sitesLoaded(let result):
            state.sitesLoaded(result.map(Bounded.sites))
            effects = []
        case .siteSaved(_, let failure):
            if let failure { state.status = .Browse.saveFailed(failure.line) }
            effects = []
        case .searchLoaded(let ticket, let result):
            effects = state.searchLoaded(ticket: ticket, result.map { Answer(Bounded.page($0.value), fromCache: $0.fromCache) })
        case .itemLoaded(let ticket, let result):
            state.itemLoaded(ticket: ticket, result.map { Answer(Bounded.item($0.value), fromCache: $0.fromCache) })
            effects = []
        case .opened(let url, let opened):
            state.status = opened ? .Browse.opened(TerminalText.clean(url)) : .Browse.noBrowser(TerminalText.clean(url))
            effects = []
        }
        return (state, effects)
    }
}

extension BrowseState {
    /// A key: Ctrl-C quits anywhere, any key closes the help, else the screen on top decides.
    mutating func press(_ key: KeyPress) -> [BrowseEffect] {
        if key == .control("c") { return [.quit] }
        if key == .control("l") { return [] }
        status = nil
        if help {
            help = false
            return []
        }
        switch screen {
        case .site: return pressOnSites(key)
        case .search: return pressOnSearch(key)
        case .item: return pressOnItem(key)
        }
    }

    /// After a resize: every selection still in view.
    mutating func keepSelectionsVisible() {
        let rows = BrowseLayout.bodyRows(size)
        if var sites {
            sites.scroll = BrowseLayout.scroll(sites.scroll, keeping: sites.selection, visible: rows, count: sites.matches.count)
            self.sites = sites
        }
        if var search {
            search.scroll = BrowseLayout.scroll(search.scroll, keeping: search.selection, visible: rows, count: search.results.count)
            let entries = PanelEntry.entries(search).count
            search.panelScroll = BrowseLayout.scroll(search.panelScroll, keeping: search.panelSelection, visible: BrowseLayout.panelRows(rows), count: entries)
            self.search = search
        }
        if var item {
            item.scroll = max(0, min(item.scroll, itemLineCount - rows))
            self.item = item
        }
    }
}
