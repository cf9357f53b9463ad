/// Something asked for and not yet answered, answered, or failed.
package enum Loading<Value: Sendable & Hashable>: Sendable, Hashable {
    case loading
    case failed(BrowseFailure)
    case loaded(Value)
}

/// The site screen: the sites, a filter line over them, the selected one.
package struct SiteScreen: Sendable, Hashable {
    package var filter = TextLine()
    package var sites: Loading<[Site]> = .loading
    /// The site selected when the list arrives (the saved or default one).
    package var preselected: String
    /// An index into `matches`.
    package var selection = 0
    package var scroll = 0

    package init(preselected: String) {
        self.preselected = preselected
    }

    /// The sites whose id or name holds the filter's text, ignoring case and accents.
    package var matches: [Site] {
        guard case .loaded(let sites) = sites else { return [] }
        let wanted = TextFolding.fold(filter.trimmed)
        guard !wanted.isEmpty else { return sites }
        return sites.filter { TextFolding.fold($0.id).contains(text: wanted) || TextFolding.fold($0.name).contains(text: wanted) }
    }
}

/// The search screen: the query line, the results loaded so far, what is in flight, the panel.
package struct SearchScreen: Sendable, Hashable {
    /// Where the keys go.
    package enum Focus: Sendable, Hashable { case query, list, panel }

    /// A request sent and not yet answered.
    package struct Request: Sendable, Hashable {
        package var ticket: Int
        package var query: BrowseQuery
    }

    /// A request that failed, kept to send it again.
    package struct Failed: Sendable, Hashable {
        package var failure: BrowseFailure
        package var query: BrowseQuery
    }

    package var site: String
    package var query: TextLine
    package var focus = Focus.query
    /// Counts the edits of the query; a debounce timer for an older edit does nothing.
    package var generation = 0
    /// The text of the last search asked for (nil after the line was emptied).
    package var asked: String?
    package var inFlight: Request?
    /// The first page's query of the results shown; nil while there are none to show (the hint).
    package var shown: BrowseQuery?
    package var results: [ItemSummary] = []
    package var total = 0
    /// The last page answered: its sorts and filters fill the panel.
    package var page: SearchPage?
    package var fromCache = false
    /// A page came back empty: no more pages are asked for.
    package var exhausted = false
    package var failed: Failed?
    package var sort: String?
    package var filters: [BrowseFilterChoice] = []
    package var selection = 0
    package var scroll = 0
    package var panelSelection = 0
    package var panelScroll = 0

    package init(site: String, query: String) {
        self.site = site
        self.query = TextLine(query)
    }

    /// A first page is being fetched (the list shown, if any, is an older query's).
    package var searching: Bool { inFlight.map { $0.query.offset == 0 } ?? false }

    /// A next page is being fetched.
    package var pageLoading: Bool { inFlight.map { $0.query.offset > 0 } ?? false }
}

/// The item screen: the item asked for, then its lines, and how far they are scrolled.
package struct ItemScreen: Sendable, Hashable {
    /// The row it was opened from: its title while the item loads.
    package var summary: ItemSummary
    package var ticket: Int
    package var item: Loading<Answer<Item>> = .loading
    package var scroll = 0

    package init(summary: ItemSummary, ticket: Int) {
        self.summary = summary
        self.ticket = ticket
    }
}
