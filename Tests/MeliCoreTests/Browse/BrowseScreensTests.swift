import Testing
@testable import MeliCore

/// The site and item screens' state machine, and going back from an item.
@Suite("Browse: sites and items")
struct BrowseScreensTests {
    typealias Driver = BrowseDriver

    static let sites = [
        Site(id: "MLM", name: "México", currencyID: "MXN"), Site(id: "MLA", name: "Argentina", currencyID: "ARS"),
        Site(id: "MLB", name: "Brasil", currencyID: "BRL"), Site(id: "MPE", name: "Perú", currencyID: "PEN"),
    ]

    /// The site screen with the sites loaded.
    static func siteDriver(query: String? = nil) -> Driver {
        let state = BrowseState(binary: "meli", site: nil, defaultSite: "MLB", query: query, size: BrowseFixtures.size)
        let (started, effects) = Browse.start(state)
        #expect(effects == [.loadSites])
        var driver = Driver(started)
        driver.send(.sitesLoaded(.success(sites)))
        return driver
    }

    @Test func theDefaultSiteIsPreselectedAndTypingFiltersWithoutAccents() {
        var driver = Self.siteDriver()
        #expect(driver.state.screen == .site)
        #expect(driver.state.sites?.matches.map(\.id) == ["MLA", "MLB", "MLM", "MPE"])
        #expect(driver.state.sites?.selection == 1)
        driver.type("ml")
        #expect(driver.state.sites?.matches.count == 3)
        #expect(driver.state.sites?.matches[driver.state.sites!.selection].id == "MLB", "the selected site stays selected")
        driver.press(.control("u"))
        driver.type("mexi")
        #expect(driver.state.sites?.matches.map(\.id) == ["MLM"])
        driver.press(.control("u"))
        driver.type("PERU")
        #expect(driver.state.sites?.matches.map(\.id) == ["MPE"])
    }

    /// A filter that matches nothing, then cleared (Ctrl-U or Esc), comes back to the default
    /// site, not to the first of the list.
    @Test(arguments: [KeyPress.control("u"), .escape])
    func clearingAFilterThatMatchedNothingComesBackToTheDefault(clear: KeyPress) {
        var driver = Self.siteDriver()
        driver.type("q")
        #expect(driver.state.sites?.matches.isEmpty == true)
        driver.press(clear)
        #expect(driver.state.sites?.matches[driver.state.sites!.selection].id == "MLB")
    }

    @Test func enterSavesTheSiteAndSearchesTheGivenWords() {
        var driver = Self.siteDriver(query: "tv 4k")
        let effects = driver.press(.down, .enter)
        #expect(effects.first == .saveSite("MLM"))
        #expect(Driver.searches(effects).map(\.0) == [BrowseQuery(site: "MLM", text: "tv 4k")])
        #expect(driver.state.screen == .search)
        driver.send(.siteSaved("MLM", BrowseFixtures.failure("permission denied", exitCode: 1)))
        #expect(driver.state.status?.english == "could not save the site: permission denied")
        driver.press(.character("x"))
        #expect(driver.state.status == nil, "a status lasts until the next key")
    }

    @Test func sitesThatFailRetryWithCtrlR() {
        let state = BrowseState(binary: "meli", site: nil, defaultSite: "MLA", query: nil, size: BrowseFixtures.size)
        var driver = Driver(state)
        driver.send(.sitesLoaded(.failure(BrowseFixtures.failure())))
        #expect(driver.press(.character("r")).isEmpty, "r is a letter on the filter line")
        #expect(driver.press(.control("r")) == [.loadSites])
    }

    @Test func backFromAnItemKeepsTheSelectionAndScroll() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 50, total: 50))
        driver.press(.pageDown, .down, .down)
        let before = try #require(driver.state.search)
        #expect(before.scroll > 0)
        let effects = driver.press(.enter)
        guard case .loadItem(let id, let ticket) = effects.first else { Issue.record("no item asked for"); return }
        #expect(id == before.results[before.selection].id)
        #expect(driver.state.screen == .item)
        driver.send(.itemLoaded(ticket: ticket, .success(Answer(BrowseFixtures.item()))))
        driver.press(.down, .character("j"))
        #expect(driver.state.item?.scroll == 2)
        for back in [KeyPress.escape, .backspace, .left, .character("h")] {
            var copy = driver
            copy.press(back)
            #expect(copy.state.screen == .search)
            #expect(copy.state.search == before)
        }
    }

    @Test func anItemAnswerForAnotherTicketIsDroppedAndAFailureRetries() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 5, total: 5))
        guard case .loadItem(_, let ticket) = driver.press(.enter).first else { Issue.record("no item asked for"); return }
        driver.send(.itemLoaded(ticket: ticket + 100, .success(Answer(BrowseFixtures.item()))))
        #expect(driver.state.item?.item == .loading)
        driver.send(.itemLoaded(ticket: ticket, .failure(BrowseFixtures.failure())))
        guard case .loadItem(_, let again) = driver.press(.character("r")).first else { Issue.record("no retry"); return }
        #expect(again != ticket)
        #expect(driver.state.item?.item == .loading)
    }

    @Test func oOpensTheLinkAndANoBrowserAnswerShowsIt() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 5, total: 5))
        guard case .loadItem(_, let ticket) = driver.press(.enter).first else { Issue.record("no item asked for"); return }
        #expect(driver.press(.character("o")).isEmpty)
        #expect(driver.state.status == .Browse.noLink)
        let item = BrowseFixtures.item()
        driver.send(.itemLoaded(ticket: ticket, .success(Answer(item))))
        #expect(driver.press(.character("o")) == [.open(item.permalink!)])
        driver.send(.opened(item.permalink!, false))
        #expect(driver.state.status?.english.contains(text: item.permalink!) == true)
        #expect(driver.press(.character("q")) == [.quit])
    }

    @Test func questionMarkShowsTheHelpAndAnyKeyClosesIt() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 5, total: 5))
        driver.press(.character("?"))
        #expect(driver.state.help)
        #expect(driver.press(.character("q")).isEmpty, "the key closes the help, and only that")
        #expect(!driver.state.help)
    }
}
