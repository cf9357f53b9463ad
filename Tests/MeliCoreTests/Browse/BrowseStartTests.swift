import Testing
@testable import MeliCore

/// What `browse QUERY` starts with, followed through to its answer, as the runtime drives it.
@Suite("Browse: start")
struct BrowseStartTests {
    /// The search asked for at start is the one awaited: its answer fills the list.
    @Test func theFirstSearchsAnswerIsShown() throws {
        let (state, effects) = Browse.start(BrowseFixtures.searchState(query: "iphone"))
        let ticket = try #require(BrowseDriver.searches(effects).first?.1)
        let (answered, _) = Browse.update(state, .searchLoaded(ticket: ticket, .success(Answer(BrowseFixtures.page(count: 3, total: 3)))))
        #expect(answered.search?.results.count == 3)
    }
}
