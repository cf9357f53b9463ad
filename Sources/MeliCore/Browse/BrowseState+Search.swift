/// The search screen's requests and answers: the debounced search, the next page, retries.
extension BrowseState {
    /// The search for the words already on the query line, without waiting (words given on the
    /// command line); none when the line is empty.
    mutating func searchAtOnce() -> [BrowseEffect] {
        guard let text = search?.query.trimmed, !text.isEmpty else { return [] }
        return searchFirstPage(text)
    }

    /// The query line changed: wait for typing to pause before searching.
    mutating func edited() -> [BrowseEffect] {
        guard var screen = search else { return [] }
        screen.generation += 1
        search = screen
        return [.wait(.debounce(screen.generation), .milliseconds(250))]
    }

    /// Typing paused: search for the line's words unless they are what was last asked for; an
    /// empty line clears the list back to the hint. A timer of an older edit does nothing.
    mutating func debounced(_ generation: Int) -> [BrowseEffect] {
        guard var screen = search, generation == screen.generation else { return [] }
        let text = screen.query.trimmed
        guard !text.isEmpty else {
            let cancel = screen.inFlight.map { [BrowseEffect.cancel(ticket: $0.ticket)] } ?? []
            screen.inFlight = nil
            screen.asked = nil
            screen.page = nil
            screen.failed = nil
            screen.startOver(showing: nil)
            search = screen
            return cancel
        }
        guard text != screen.asked else { return [] }
        return searchFirstPage(text)
    }

    /// Asks for the first page of `text` with the sort and filters chosen, cancelling any request in flight.
    mutating func searchFirstPage(_ text: String) -> [BrowseEffect] {
        guard let screen = search else { return [] }
        let query = BrowseQuery(site: screen.site, text: text, sort: screen.sort, filters: screen.filters, offset: 0, limit: BrowseLayout.pageSize)
        search?.asked = text
        return send(query)
    }

    /// Sends `query` with a new ticket, cancelling the request in flight.
    mutating func send(_ query: BrowseQuery) -> [BrowseEffect] {
        guard var screen = search else { return [] }
        var effects: [BrowseEffect] = screen.inFlight.map { [.cancel(ticket: $0.ticket)] } ?? []
        let ticket = ticket()
        screen.inFlight = SearchScreen.Request(ticket: ticket, query: query)
        screen.failed = nil
        effects.append(.search(query, ticket: ticket))
        search = screen
        return effects
    }

    /// The selection is near the end of what is loaded and there is more: ask for the next page.
    mutating func pageIfNeeded() -> [BrowseEffect] {
        guard let screen = search, let shown = screen.shown, screen.inFlight == nil, screen.failed == nil, !screen.exhausted,
            screen.results.count < screen.total, screen.selection >= screen.results.count - BrowseLayout.pagingMargin
        else { return [] }
        var query = shown
        query.offset = screen.results.count
        query.limit = min(BrowseLayout.pageSize, screen.total - screen.results.count)
        return send(query)
    }

    /// Ctrl-R or `r`: the request that failed, again.
    mutating func retry() -> [BrowseEffect] {
        guard let failed = search?.failed else { return [] }
        return send(failed.query)
    }

    /// An answer: dropped unless it is the one awaited; a first page replaces the list, a next
    /// page adds the results not listed yet.
    mutating func searchLoaded(ticket: Int, _ result: Result<Answer<SearchPage>, BrowseFailure>) -> [BrowseEffect] {
        guard var screen = search, let request = screen.inFlight, request.ticket == ticket else { return [] }
        screen.inFlight = nil
        let first = request.query.offset == 0
        switch result {
        case .failure(let failure):
            screen.failed = SearchScreen.Failed(failure: failure, query: request.query)
            if first { screen.startOver(showing: request.query) }
        case .success(let answer):
            let page = answer.value
            if first { screen.startOver(showing: request.query) }
            var seen = Set(screen.results.map(\.id))
            let fresh = page.results.filter { seen.insert($0.id).inserted }
            screen.results += fresh
            // A total below what is listed (a server's -5 or 0 beside 50 rows) is what is listed.
            screen.total = max(page.total, screen.results.count)
            screen.page = page
            screen.fromCache = screen.fromCache || answer.fromCache
            if fresh.isEmpty { screen.exhausted = true }
        }
        search = screen
        return pageIfNeeded()
    }
}

extension SearchScreen {
    /// An empty list at the top, for the answer to `query` (nil: the hint).
    mutating func startOver(showing query: BrowseQuery?) {
        shown = query
        results = []
        total = 0
        selection = 0
        scroll = 0
        exhausted = false
        fromCache = false
    }
}
