import Testing
@testable import MeliCore

/// The search screen's state machine: debounce, tickets, paging, retries, the panel.
@Suite("Browse: search")
struct BrowseSearchTests {
    typealias Driver = BrowseDriver

    @Test func aGivenQuerySearchesAtOnceAndNoQueryAsksNothing() {
        let (state, effects) = Browse.start(BrowseFixtures.searchState(query: "iphone 15"))
        #expect(Driver.searches(effects).map(\.0) == [BrowseQuery(site: "MLA", text: "iphone 15", offset: 0, limit: 50)])
        #expect(state.search?.inFlight?.ticket == Driver.searches(effects).first?.1, "the state awaits the search it asked for")
        #expect(Browse.start(BrowseFixtures.searchState()).1.isEmpty)
    }

    @Test func typingQuicklyMakesOneSearchForTheLastText() {
        var driver = Driver(BrowseFixtures.searchState())
        let effects = driver.type("iphone 15")
        #expect(effects == (1...9).map { BrowseEffect.wait(.debounce($0), .milliseconds(250)) })
        #expect(driver.send(.timer(.debounce(3))).isEmpty, "an earlier timer does nothing")
        let search = Driver.searches(driver.send(.timer(.debounce(9))))
        #expect(search.map(\.0.text) == ["iphone 15"])
        #expect(driver.send(.timer(.debounce(9))).isEmpty, "the same text is not asked twice")
    }

    @Test func enterSearchesWordsNotSearchedYetElseOpensTheSelectedItem() {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("tv")
        let asked = Driver.searches(driver.press(.enter))
        #expect(asked.map(\.0.text) == ["tv"])
        #expect(driver.send(.timer(.debounce(2))).isEmpty, "the pause after it asks nothing more")
        driver.send(.searchLoaded(ticket: asked[0].1, .success(Answer(BrowseFixtures.page(count: 3, total: 3)))))
        guard case .loadItem(let id, _) = driver.press(.down, .enter).first else { Issue.record("no item asked for"); return }
        #expect(id == "MLA1001")
    }

    @Test func aStaleAnswerIsDroppedAndTheInFlightOneCancelled() {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("a")
        let first = Driver.searches(driver.send(.timer(.debounce(1))))[0].1
        driver.type("b")
        let effects = driver.send(.timer(.debounce(2)))
        #expect(effects.first == .cancel(ticket: first))
        let second = Driver.searches(effects)[0].1
        #expect(second != first)
        let before = driver.state
        driver.send(.searchLoaded(ticket: first, .success(Answer(BrowseFixtures.page(count: 5, total: 5)))))
        #expect(driver.state == before, "the older answer is never shown")
        driver.send(.searchLoaded(ticket: second, .success(Answer(BrowseFixtures.page(count: 3, total: 3)))))
        #expect(driver.state.search?.results.count == 3)
        #expect(driver.state.search?.shown?.text == "ab")
    }

    @Test func emptyingTheLineCancelsAndShowsTheHint() {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("x")
        let ticket = Driver.searches(driver.send(.timer(.debounce(1))))[0].1
        driver.press(.backspace)
        #expect(driver.send(.timer(.debounce(2))) == [.cancel(ticket: ticket)])
        #expect(driver.state.search?.shown == nil)
        #expect(driver.state.search?.results.isEmpty == true)
    }

    @Test func nearingTheEndLoadsTheNextPageOnceAndNeverPastTheTotal() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 50, total: 120))
        #expect(driver.press(.down).isEmpty)
        let asked = Driver.searches(driver.press(.end))
        let (query, ticket) = try #require(asked.first)
        #expect(asked.count == 1)
        #expect(query.offset == 50 && query.limit == 50 && query.text == "iphone")
        #expect(driver.press(.up).isEmpty, "a page in flight: nothing more is asked")
        driver.send(.searchLoaded(ticket: ticket, .success(Answer(BrowseFixtures.page(offset: 45, count: 55, total: 120)))))
        #expect(driver.state.search?.results.count == 100, "rows already listed are dropped")
        #expect(driver.state.search?.selection == 48)
        let last = try #require(Driver.searches(driver.press(.end)).first)
        #expect(last.0.offset == 100 && last.0.limit == 20)
        driver.send(.searchLoaded(ticket: last.1, .success(Answer(BrowseFixtures.page(offset: 100, count: 20, total: 120)))))
        #expect(driver.state.search?.results.count == 120)
        #expect(driver.press(.end, .up, .down).isEmpty, "all loaded")
    }

    @Test func anEmptyPageStopsThePaging() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 50, total: 500))
        let next = try #require(Driver.searches(driver.press(.end)).first)
        driver.send(.searchLoaded(ticket: next.1, .success(Answer(BrowseFixtures.page(offset: 50, count: 0, total: 500)))))
        #expect(driver.press(.up, .down).isEmpty)
    }

    @Test func anErrorThenRRetriesTheSameQuery() throws {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("tv")
        let (query, ticket) = try #require(Driver.searches(driver.send(.timer(.debounce(2)))).first)
        driver.send(.searchLoaded(ticket: ticket, .failure(BrowseFixtures.failure())))
        #expect(driver.state.search?.failed?.failure.exitCode == 4)
        let again = Driver.searches(driver.press(.control("r")))
        #expect(again.map(\.0) == [query])
        #expect(again.first?.1 != ticket)
        driver.send(.searchLoaded(ticket: again[0].1, .failure(BrowseFixtures.failure())))
        driver.press(.tab)
        #expect(Driver.searches(driver.press(.character("r"))).map(\.0) == [query], "r in the list")
    }

    @Test func thePanelSetsTheSortAndFiltersAndSearchesAtOnce() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 20, total: 20))
        driver.press(.tab)
        #expect(driver.state.search?.focus == .panel)
        // Rows: relevance (current), price_asc, price_desc, condition=new, condition=used.
        let sorted = Driver.searches(driver.press(.down, .enter))
        #expect(sorted.map(\.0.sort) == ["price_asc"])
        #expect(driver.state.search?.focus == .list)
        driver.send(.searchLoaded(ticket: sorted[0].1, .success(Answer(BrowseFixtures.page(count: 20, total: 20)))))
        let filtered = Driver.searches(driver.press(.tab, .end, .enter))
        #expect(filtered.map(\.0.filters) == [[BrowseFilterChoice(id: "condition", value: "used", name: "Condición: Usado")]])
        #expect(filtered.map(\.0.sort) == ["price_asc"])
        driver.send(.searchLoaded(ticket: filtered[0].1, .success(Answer(BrowseFixtures.page(count: 20, total: 20)))))
        // The applied filter is listed after the three sorts; Enter removes it.
        let removed = Driver.searches(driver.press(.tab, .home, .down, .down, .down, .enter))
        #expect(removed.map(\.0.filters) == [[]])
    }

    @Test func listKeysAndTextKeys() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 20, total: 20))
        #expect(driver.press(.character("j"), .character("j")).isEmpty)
        #expect(driver.state.search?.selection == 2)
        #expect(driver.press(.character("q")) == [.quit])
        driver.press(.character("/"))
        #expect(driver.state.search?.focus == .query)
        #expect(driver.press(.character("q")) == [.wait(.debounce(7), .milliseconds(250))], "q is a letter on the query line")
        #expect(driver.state.search?.query.text == "iphoneq")
        #expect(driver.press(.control("c")) == [.quit])
        driver.press(.control("w"))
        #expect(driver.state.search?.query.text == "")
    }

    @Test func resizingKeepsTheSelectionVisible() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 50, total: 50))
        driver.press(.pageDown, .pageDown)
        let selection = driver.state.search!.selection
        driver.send(.resized(TerminalSize(columns: 40, rows: 12)))
        let search = driver.state.search!
        let rows = BrowseLayout.bodyRows(driver.state.size)
        #expect(search.selection == selection)
        #expect(search.scroll <= selection && selection < search.scroll + rows)
    }

    @Test func anAnswerFromTheCacheIsMarked() {
        let driver = Driver.withResults(BrowseFixtures.page(count: 2, total: 2), fromCache: true)
        #expect(driver.state.search?.fromCache == true)
    }
}
