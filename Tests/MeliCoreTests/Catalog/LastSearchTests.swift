import Foundation
import Testing
@testable import MeliCore

/// The last search kept for completion: what a server's names hold cannot break its records,
/// and it is bounded however long the page.
@Suite("Last search kept for completion")
struct LastSearchTests {
    func page(filterName: String, results: Int = 3) -> SearchPage {
        SearchPage(
            siteID: "MLA", query: "x", total: results, offset: 0, limit: 50,
            results: (0..<results).map { ItemSummary(id: "MLA\($0)", title: "Item\t\($0)\nline", price: 1, currencyID: "ARS", condition: nil, availableQuantity: nil, permalink: nil, thumbnail: nil, freeShipping: false) },
            sort: SortOption(id: "relevance", name: "Más relevantes"), availableSorts: [SortOption(id: "price_asc", name: "Menor precio")],
            filters: [], availableFilters: [SearchFilter(id: "condition", name: filterName, values: [.init(id: "new", name: "Nuevo", results: 3)])])
    }

    @Test func readsBackWhatWasKeptWithoutTheControlCharactersOfAServer() throws {
        let kept = LastSearch(page(filterName: "Condición\nvalue\tcondition\tused\tForged"))
        let read = try #require(LastSearch(decoding: kept.encoded))
        #expect(LastSearch(decoding: read.encoded) == read, "read back as written")
        #expect(read.sorts.map(\.id) == ["relevance", "price_asc"])
        #expect(read.filters == [.init(id: "condition", name: "CondiciónvalueconditionusedForged")])
        #expect(read.values["condition"] == [.init(id: "new", name: "Nuevo (3)")], "no value forged by a line break in a name")
        #expect(read.results.first == .init(id: "MLA0", name: "Item0line"))
    }

    @Test func isBoundedAndRefusesAnotherFormat() {
        let kept = LastSearch(page(filterName: String(repeating: "n", count: 10_000), results: 500))
        #expect(kept.results.count == LastSearch.most.results)
        #expect(kept.encoded.count < LastSearch.maxBytes)
        #expect(LastSearch(decoding: Array("not a last search\nsite\tMLA\n".utf8)) == nil)
    }

    /// What a crash can leave of the file (written to a temporary name and renamed, not synced,
    /// its blocks given before its data: FileSystem's reserveBlocks): zeros where its data was not
    /// written out yet, whole or after its first page, or the file cut short. Each is no last
    /// search, never a shorter one (the attack round of issue 28 had completion offer half the
    /// filters and no items from a hint whose second page was zeros).
    /// A hostile page (found by an attack round): 50 filters of one id, each with 40 values whose
    /// names and ids are 200 emoji. Each filter was written with every filter's values, 100,000
    /// records and 241 MB; now each id's values once, and the file stays within what is read back.
    @Test func aPageOfRepeatedIdsStaysWithinTheLimitAndKeepsEachValueOnce() throws {
        let wide = String(repeating: "😀", count: 200)
        let filters = (0..<50).map { n in
            SearchFilter(id: "same", name: wide, values: (0..<40).map { .init(id: "\(n)-\($0)-" + wide, name: wide, results: Int.min) })
        }
        let page = SearchPage(
            siteID: "MLA", query: nil, total: 1, offset: 0, limit: 50,
            results: [ItemSummary(id: "MLA1", title: wide, price: 1, currencyID: "ARS", condition: nil, availableQuantity: nil, permalink: nil, thumbnail: nil, freeShipping: false)],
            sort: nil, availableSorts: [], filters: [], availableFilters: filters)
        let bytes = LastSearch.encoded(page)
        #expect(bytes.count <= LastSearch.maxBytes)
        #expect(bytes == LastSearch(page).encoded)
        let read = try #require(LastSearch(decoding: bytes), "what is written can be read back")
        #expect(read.results.map(\.id) == ["MLA1"], "the results come before the values that were cut")
        let kept = try #require(read.values["same"])
        #expect(!kept.isEmpty && kept.count < 2000, "cut to fit")
        #expect(Set(kept.map(\.id)).count == kept.count, "each value once")
    }

    /// Ordinary ids, every limit reached with long names: 1.2 MB before, cut to the limit now, and
    /// the same page again leaves an equal file (so the hint is not rewritten on each search).
    @Test func aPageOfLongNamesIsCutToTheLimitTheSameWayEachTime() throws {
        let long = String(repeating: "ñ", count: 200)
        let page = SearchPage(
            siteID: "MLA", query: nil, total: 0, offset: 0, limit: 50, results: [], sort: nil,
            availableSorts: (0..<30).map { SortOption(id: "s\($0)", name: long) }, filters: [],
            availableFilters: (0..<60).map { n in SearchFilter(id: "f\(n)", name: long, values: (0..<50).map { (m: Int) in .init(id: "v\(m)" + long, name: long, results: m) }) })
        let bytes = LastSearch.encoded(page)
        #expect(bytes.count <= LastSearch.maxBytes && bytes.count > LastSearch.maxBytes - 3000)
        #expect(bytes == LastSearch.encoded(page))
        let read = try #require(LastSearch(decoding: bytes))
        #expect(read.sorts.count == LastSearch.most.sorts && read.filters.count == LastSearch.most.filters)
    }

    /// An id is not spliced together from what is left around its control characters: the entry
    /// is left out (`MLA1\n23` is not `MLA123`); a name only loses them.
    @Test func anIdWithAControlCharacterLeavesItsEntryOut() throws {
        let page = SearchPage(
            siteID: "MLA", query: nil, total: 2, offset: 0, limit: 50,
            results: ["MLA1\n23", "MLA9"].map { ItemSummary(id: $0, title: "T\u{7F}", price: 1, currencyID: "ARS", condition: nil, availableQuantity: nil, permalink: nil, thumbnail: nil, freeShipping: false) },
            sort: SortOption(id: "price\tasc", name: "Precio"), availableSorts: [SortOption(id: "relevance", name: "Más\trelevantes")],
            filters: [],
            availableFilters: [
                SearchFilter(id: "BAD\nfilter", name: "Bad", values: [.init(id: "x", name: "X", results: 1)]),
                SearchFilter(id: "state", name: "Estado", values: [.init(id: "X\nvalue\tevil", name: "Evil", results: 1), .init(id: "TUC", name: "Tucumán\n", results: 2)]),
            ])
        let bytes = LastSearch.encoded(page)
        #expect(bytes == LastSearch(page).encoded)
        let read = try #require(LastSearch(decoding: bytes))
        #expect(read.results.map(\.id) == ["MLA9"])
        #expect(read.sorts == [.init(id: "relevance", name: "Másrelevantes")])
        #expect(read.filters.map(\.id) == ["state"])
        #expect(read.values == ["state": [.init(id: "TUC", name: "Tucumán (2)")]])
    }

    @Test func aFileACrashLeftPartlyWrittenIsNoLastSearch() throws {
        let kept = LastSearch(page(filterName: "Condición", results: 50)).encoded
        try #require(LastSearch(decoding: kept) != nil)
        let half = kept.count / 2
        #expect(LastSearch(decoding: [UInt8](repeating: 0, count: kept.count)) == nil, "all zeros")
        #expect(LastSearch(decoding: Array(kept[..<half]) + [UInt8](repeating: 0, count: kept.count - half)) == nil, "its first part only")
        var middle = kept
        middle.replaceSubrange(100..<200, with: [UInt8](repeating: 0, count: 100))
        #expect(LastSearch(decoding: middle) == nil, "zeros within")
        for cut in [kept.count - 1, kept.count - 4, half, 1] {
            #expect(LastSearch(decoding: Array(kept[..<cut])) == nil, "cut short at \(cut) of \(kept.count)")
        }
        #expect(LastSearch(decoding: kept + Array("item\tMLA9\tafter the end\n".utf8)) == nil, "nothing after the end line")
    }
}

/// What a search writes comes straight from its page (`LastSearch.encoded(_:)`): the same bytes
/// as the value's `encoded`, on real sandbox pages and on a page whose filters repeat an id.
@Suite("Last search written straight from the page")
struct LastSearchDirectTests {
    var client: APIClient {
        APIClient(
            baseURL: SandboxTransport.baseURL, transport: SandboxTransport(), userAgent: "test", accessToken: nil, timeout: 1,
            logger: Logger(level: .critical, output: OutputBuffer().output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() }))
    }

    @Test(arguments: [("MLA", "iphone"), ("MLB", "celular"), ("MLA", nil), ("MCO", "zapatillas")])
    func aSandboxPageIsWrittenAsTheValueWritesIt(_ site: String, _ text: String?) async throws {
        let page = try await client.search(SearchRequest(site: site, text: text, category: nil, sort: nil, filters: [], offset: 0, limit: 50))
        #expect(LastSearch.encoded(page) == LastSearch(page).encoded)
    }

    @Test func filtersOfOneIdShareTheirValuesAsTheValueKeepsThem() {
        let value = { (id: String, n: Int?) in SearchFilter.Value(id: id, name: "Nom\u{7F}bre\n\(id)", results: n) }
        let page = SearchPage(
            siteID: "MLA", query: "x", total: 1, offset: 0, limit: 50, results: [],
            sort: nil, availableSorts: (0..<30).map { SortOption(id: "s\($0)", name: "Orden \($0)") },
            filters: [SearchFilter(id: "condition", name: "Condición", values: [value("new", nil)])],
            availableFilters: [
                SearchFilter(id: "condition", name: "Condición\t", values: (0..<50).map { (n: Int) in value("v\(n)", n) }),
                SearchFilter(id: "price", name: String(repeating: "ñ", count: 300), values: []),
            ] + (0..<60).map { (n: Int) in SearchFilter(id: "f\(n % 7)", name: "F", values: [value("x\(n)", 1)]) })
        #expect(LastSearch.encoded(page) == LastSearch(page).encoded)
    }

    /// A value's count is written after its name without building the joined name: cut at the
    /// same character when the name is near the limit, whatever the count's sign and size.
    @Test(arguments: [0, 1, 9, 10, 99_999, -1, -10, Int.max, Int.min])
    func aValuesCountIsCutWhereTheJoinedNameIsCut(_ count: Int) {
        let limit = LastSearch.most.characters
        let names = [190, 193, 194, 195, 196, 197, 198, 199, 200, 201].flatMap { length in
            [String(repeating: "a", count: length), String(repeating: "é", count: length), String(repeating: "a", count: length - 2) + "\u{1}\u{7F}\t"]
        } + ["", "\u{0}", String(repeating: "\u{1F600}", count: limit - 3)]
        let page = SearchPage(
            siteID: "MLA", query: nil, total: 0, offset: 0, limit: 50, results: [], sort: nil, availableSorts: [], filters: [],
            availableFilters: [SearchFilter(id: "f", name: "F", values: names.enumerated().map { .init(id: "v\($0.offset)", name: $0.element, results: count) })])
        #expect(LastSearch.encoded(page) == LastSearch(page).encoded)
    }

    /// Random pages: ids that repeat or not, names of any length with controls and accents,
    /// counts or none, past every limit.
    @Test func randomPagesAreWrittenAsTheValueWritesThem() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "ñ", "\t", "\n", "\u{7F}", "\u{1F600}", " (", ")", "9", String(repeating: "x", count: 60)]
        func name() -> String { (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        for _ in 0..<25 {
            let filters = (0..<Int.random(in: 0...70, using: &generator)).map { _ in
                SearchFilter(
                    id: "f\(Int.random(in: 0...9, using: &generator))", name: name(),
                    values: (0..<Int.random(in: 0...45, using: &generator)).map { n in
                        .init(id: "v\(n)", name: name(), results: Bool.random(using: &generator) ? nil : Int.random(in: Int.min...Int.max, using: &generator))
                    })
            }
            let split = Int.random(in: 0...filters.count, using: &generator)
            let page = SearchPage(
                siteID: name(), query: nil, total: 0, offset: 0, limit: 50, results: [],
                sort: Bool.random(using: &generator) ? SortOption(id: name(), name: name()) : nil,
                availableSorts: (0..<Int.random(in: 0...25, using: &generator)).map { _ in SortOption(id: name(), name: name()) },
                filters: Array(filters[..<split]), availableFilters: Array(filters[split...]))
            #expect(LastSearch.encoded(page) == LastSearch(page).encoded)
        }
    }
}
