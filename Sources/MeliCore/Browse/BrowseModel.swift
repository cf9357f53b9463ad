/// The values `browse`'s pure state machine (`Browse.update`) exchanges with the runtime that
/// drives it (`BrowseSession`): the events it is given and the effects it asks for. The runtime
/// performs each effect (a request, a timer, opening a browser) and answers with an event; the
/// state machine never waits, reads a clock or touches the terminal.
package enum BrowseEvent: Sendable, Hashable {
    case key(KeyPress)
    case resized(TerminalSize)
    /// A timer asked for with `BrowseEffect.wait` has run out.
    case timer(BrowseTimer)
    case sitesLoaded(Result<[Site], BrowseFailure>)
    /// The site was saved (`site ID`), or why it could not be.
    case siteSaved(String, BrowseFailure?)
    /// The answer to `BrowseEffect.search` with this ticket.
    case searchLoaded(ticket: Int, Result<Answer<SearchPage>, BrowseFailure>)
    /// The answer to `BrowseEffect.loadItem` with this ticket.
    case itemLoaded(ticket: Int, Result<Answer<Item>, BrowseFailure>)
    /// `BrowseEffect.open` was done: true when a browser took the URL, false when none could.
    case opened(String, Bool)
}

/// What the state machine asks the runtime to do.
package enum BrowseEffect: Sendable, Hashable {
    case loadSites
    /// Save `ID` as this binary's site, as `site ID` does.
    case saveSite(String)
    /// Send `.timer(timer)` after `duration`.
    case wait(BrowseTimer, Duration)
    /// Ask the API for a page; answer with `.searchLoaded(ticket:...)`.
    case search(BrowseQuery, ticket: Int)
    /// Cancel the request with this ticket, if it is still running (its answer may still come: it is dropped).
    case cancel(ticket: Int)
    /// Ask the API for an item with its description; answer with `.itemLoaded(ticket:...)`.
    case loadItem(String, ticket: Int)
    /// Open the URL in a browser; answer with `.opened`.
    case open(String)
    /// Restore the terminal and leave, with exit code 0.
    case quit
}

/// The timers the state machine uses.
package enum BrowseTimer: Sendable, Hashable {
    /// Typing paused: search for the query of this edit (the query's generation).
    case debounce(Int)
}

/// A filter value chosen in the panel (`condition=new`).
package struct BrowseFilterChoice: Sendable, Hashable {
    package var id: String
    package var value: String
    package var name: String

    package init(id: String, value: String, name: String) {
        self.id = id
        self.value = value
        self.name = name
    }
}

/// One page of a search as `browse` asks for it.
package struct BrowseQuery: Sendable, Hashable {
    package var site: String
    package var text: String
    package var sort: String?
    package var filters: [BrowseFilterChoice]
    package var offset: Int
    package var limit: Int

    package init(site: String, text: String, sort: String? = nil, filters: [BrowseFilterChoice] = [], offset: Int = 0, limit: Int = 50) {
        self.site = site
        self.text = text
        self.sort = sort
        self.filters = filters
        self.offset = offset
        self.limit = limit
    }

    /// The same request the `search` command sends.
    package var request: SearchRequest {
        SearchRequest(site: site, text: text, sort: sort, filters: filters.map { ($0.id, $0.value) }, offset: offset, limit: limit)
    }
}

/// An answer, and whether it came from the cache because the network could not give it
/// (offline, or a failure answered with a stale entry): shown marked as such.
package struct Answer<Value: Sendable & Hashable>: Sendable, Hashable {
    package var value: Value
    package var fromCache: Bool

    package init(_ value: Value, fromCache: Bool = false) {
        self.value = value
        self.fromCache = fromCache
    }
}

/// A failed request as the user sees it: the message the command would print (already in the
/// user's language, cleaned) and its exit code's class.
package struct BrowseFailure: Error, Sendable, Hashable {
    package var message: String
    package var exitCode: Int32

    package init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}
