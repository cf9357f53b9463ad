import Testing
@testable import MeliCore

/// What browse keeps of huge answers and pastes: bounded, so that every frame stays small.
@Suite("Browse: bounds")
struct BrowseBoundsTests {
    /// A 1 MB title and a 10 MB description are cut where the screens keep them, ending in "…".
    @Test func hugeTextsFromTheServerAreCut() {
        var item = BrowseFixtures.item(text: String(repeating: "x", count: 1_000_000), description: String(repeating: "y", count: 10_000_000))
        item.attributes = (0..<5_000).map { Item.Attribute(id: "A\($0)", name: "N", value: String(repeating: "v", count: 5_000)) }
        let kept = Bounded.item(item)
        #expect(kept.title.count == Bounded.title && kept.title.hasSuffix("…"))
        #expect(kept.description?.count == Bounded.description)
        #expect(kept.attributes.count == Bounded.attributes)
        #expect(kept.attributes.allSatisfy { ($0.value?.count ?? 0) == Bounded.value })
        #expect(Bounded.text("corto", 10) == "corto")
        #expect(Bounded.text("ñandú", 5) == "ñandú", "five characters in more than five bytes are kept whole")
    }

    /// The answer the state machine keeps is the bounded one.
    @Test func theStateKeepsTheBoundedAnswer() {
        var driver = BrowseDriver(BrowseFixtures.searchState())
        driver.type("x")
        let ticket = BrowseDriver.searches(driver.send(.timer(.debounce(driver.state.search!.generation)))).first!.1
        var page = BrowseFixtures.page(count: 1, total: 1)
        page.results[0].title = String(repeating: "t", count: 100_000)
        driver.send(.searchLoaded(ticket: ticket, .success(Answer(page))))
        #expect(driver.state.search?.results.first?.title.count == Bounded.title)
    }

    /// A word wider than a line is cut into lines of the width, every character kept.
    @Test func aLongWordIsCutIntoLines() {
        let word = String(repeating: "ab", count: 50_000)
        let lines = BrowseText.wrap(word, width: 40)
        #expect(lines.count == 2_500)
        #expect(lines.allSatisfy { DisplayWidth.of($0) == 40 })
        #expect(lines.joined() == word)
        #expect(BrowseText.wrap("漢字漢字漢", width: 4) == ["漢字", "漢字", "漢"])
    }

    /// The query line holds at most `TextLine.limit` characters: a huge paste is cut there.
    @Test func theQueryLineHoldsAtMostItsLimit() {
        var line = TextLine(String(repeating: "q", count: 10_000))
        #expect(line.characters.count == TextLine.limit)
        _ = line.edit(.character("z"))
        #expect(line.characters.count == TextLine.limit)
        _ = line.edit(.backspace)
        _ = line.edit(.character("z"))
        #expect(line.text.hasSuffix("z"))
    }
}
