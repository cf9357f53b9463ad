import Foundation
import Testing
@testable import MeliCore

/// The catalog commands run in process against the sandbox; golden files pin their terminal output.
@Suite("Catalog commands")
struct CatalogCommandTests {
    let run: InProcessRun
    var home: TemporaryDirectory { run.home }

    init() throws {
        run = try InProcessRun()
    }

    @Test(arguments: [
        (["sites"], "sites.txt"),
        (["categories", "--site", "MLB"], "categories-MLB.txt"),
        (["category", "MCO1051"], "category-MCO1051.txt"),
        (["search", "iphone"], "search-iphone.txt"),
        (["search", "celular", "--sort", "price_asc", "--limit", "2", "--page", "2"], "search-celular-page2.txt"),
        (["search", "zapatillas", "--filter", "condition=new", "--filter", "shipping_cost=free"], "search-filters.txt"),
        (["search", "nothing-matches-this"], "search-empty.txt"),
        (["item", "MLA1400000237"], "item-MLA1400000237.txt"),
    ])
    func terminalOutput(arguments: [String], golden: String) async throws {
        let result = await run(arguments)
        #expect(result.code == .success, "\(result.err)")
        try Golden.check(result.out, golden)
    }

    /// A word the terminal view would change (a soft hyphen, a zero-width mark, an escape, pasted
    /// with a title) gets no next-page line: the line shown would run another search (attack round).
    @Test(arguments: ["a\u{AD}a", "a\u{2060}a", "a\u{202E}a", "a\u{1B}[m"])
    func noNextPageLineThatWouldRunAnotherSearch(word: String) async throws {
        let plain = await run(["search", "a", "--limit", "1"])
        #expect(plain.out.contains("--page 2"), "the sandbox has a second page for 'a'")
        let result = await run(["search", word, "--limit", "1"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("condition: new"), "results, with more than one page: \(result.out)")
        #expect(!result.out.contains("--page 2"))
    }

    /// Piped, a page past the last result says so beside the output, as the terminal does; not
    /// that the search has no results (a new user's journey).
    @Test func pipedPastTheEndSaysSo() async throws {
        let result = await run(["search", "iphone", "--page", "50"], terminal: false)
        #expect(result.code == .success)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("Past the last result"), "\(result.err)")
        #expect(!result.err.contains("No results"))
    }

    /// A colour escape typed in a query does not reach a coloured terminal: the view keeps meli's
    /// own colours, so the query is cleaned before it is quoted.
    @Test func aQueryCannotColourTheTerminal() {
        let view = ReportView(language: .english, style: TextStyle(colored: true), width: 100, binary: "meli-dev", displayPath: { $0 })
        let page = SearchPage(
            siteID: "MLA", query: nil, total: 0, offset: 0, limit: 20, results: [], sort: nil, availableSorts: [], filters: [],
            availableFilters: [])
        let request = SearchRequest(site: "MLA", text: "iphone \u{1B}[31m")
        let shown = TerminalText.cleanView(
            SearchText(page: page, request: request, arguments: ParsedArguments(commands: []), view: view).render(), keepingColour: true)
        #expect(!shown.contains("\u{1B}"), "\(shown)")
        #expect(shown.contains("iphone [31m"))
    }

    /// `--no-description` leaves the section out on a terminal, rather than "(none)" of a
    /// description it never asked for; an item asked for with it keeps it.
    @Test func noDescriptionLeavesTheSectionOut() async throws {
        let without = await run(["item", "MLA1400000237", "--no-description"])
        #expect(without.code == .success)
        #expect(!without.out.contains("Description"), "\(without.out)")
        #expect(!without.out.contains("(none)"))
        #expect(await run(["item", "MLA1400000237"]).out.contains("Description\n"))
    }

    @Test func pipedOutputIsTabSeparated() async throws {
        let result = await run(["search", "iphone"], terminal: false)
        try Golden.check(result.out, "search-iphone.tsv")
        #expect(result.out.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6 })
    }

    @Test func jsonKeepsTheAPIFieldNames() async throws {
        let search = try JSONSerialization.jsonObject(with: Data(await run(["search", "iphone", "--json"]).out.utf8)) as? [String: Any]
        for key in ["site_id", "query", "paging", "sort", "available_sorts", "filters", "available_filters", "results"] {
            #expect(search?[key] != nil, "search --json has \(key)")
        }
        let result = try #require((search?["results"] as? [[String: Any]])?.first)
        #expect(Set(result.keys) == ["id", "title", "price", "currency_id", "condition", "available_quantity", "permalink", "thumbnail", "shipping"])
        let item = try JSONSerialization.jsonObject(with: Data(await run(["item", "MLA1400000237", "--json"]).out.utf8)) as? [String: Any]
        #expect(Set(item?.keys ?? [:].keys) == ["id", "title", "price", "currency_id", "condition", "status", "available_quantity",
                                                   "warranty", "permalink", "pictures", "attributes", "description"])
        let sites = try JSONSerialization.jsonObject(with: Data(await run(["sites", "--json"]).out.utf8)) as? [[String: String]]
        #expect(sites?.first.map { Set($0.keys) } == ["id", "name", "default_currency_id"])
        let categories = try JSONSerialization.jsonObject(with: Data(await run(["categories", "--json"]).out.utf8)) as? [[String: String]]
        #expect(categories?.first.map { Set($0.keys) } == ["id", "name"])
    }

    @Test(arguments: [
        ["search", "x", "--limit", "0"], ["search", "x", "--limit", "51"], ["search", "x", "--page", "-1"],
        ["search", "x", "--page", "0"], ["search", "x", "--offset", "-5"], ["search", "x", "--page", "2", "--offset", "3"],
        ["search", "x", "--filter", "condition"], ["search", "x", "--filter", "=new"], ["search", "x", "--filter", "price=cheap"],
        ["search", "x", "--sort", "cheapest"], ["search", "x", "--site", "Argentina"], ["search"], ["site", "Argentina"],
        ["item"], ["site", "MLA", "--clear"],
    ])
    func badValuesAreUsageErrorsBeforeAnyRequest(arguments: [String]) async {
        let result = await run(arguments)
        #expect(result.code == .usage, "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test(arguments: [
        (["site", "Colombia"], UsageError(.Configuration.badSiteID(value: "Colombia"), commandPath: ["site"])),
        (["categories", "--site", "XX"], UsageError(.SiteChoice.badSite(value: "XX", option: "--site"), commandPath: ["categories"])),
        (["item", "X", "--no-desc"], UsageError(.Usage.unknownOption(option: "--no-desc"), commandPath: ["item"], suggestion: "--no-description")),
        // Ids and filters are checked before a URL is built (issue 13, item 9): 'item ..'
        // requested GET /items/.. (and /items/../description); --filter set limit, q, a token.
        (["item", ".."], UsageError(.Catalog.badItemID(value: ".."), commandPath: ["item"])),
        (["item", "MLA1/../sites"], UsageError(.Catalog.badItemID(value: "MLA1/../sites"), commandPath: ["item"])),
        (["item", "MLA1%2F"], UsageError(.Catalog.badItemID(value: "MLA1%2F"), commandPath: ["item"])),
        (["item", "MLA1?x=1"], UsageError(.Catalog.badItemID(value: "MLA1?x=1"), commandPath: ["item"])),
        (["category", "../x"], UsageError(.Catalog.badCategoryID(value: "../x"), commandPath: ["category"])),
        (["search", "x", "--category", "MLA1055/.."], UsageError(.Catalog.badCategoryID(value: "MLA1055/.."), commandPath: ["search"])),
        (["search", "x", "--filter", "limit=1000"], UsageError(SearchFilterTerm.refusal(key: "limit"), commandPath: ["search"])),
        (["search", "x", "--filter", "access_token=APP_USR-1"], UsageError(SearchFilterTerm.refusal(key: "access_token"), commandPath: ["search"])),
        (["search", "x", "--filter", "Q=other"], UsageError(SearchFilterTerm.refusal(key: "Q"), commandPath: ["search"])),
        (["search", "x", "--filter", "offset=9"], UsageError(SearchFilterTerm.refusal(key: "offset"), commandPath: ["search"])),
    ])
    func usageErrorsPointAtTheCommandsHelp(arguments: [String], error: UsageError) async {
        let result = await run(arguments)
        #expect(result.code == .usage)
        #expect(result.err == Reported.stderr(error, binary: "meli-dev"))
    }

    @Test(arguments: [(["item", "MLA1"], Endpoint.item("MLA1")), (["category", "MLA0"], .category("MLA0")),
                      (["site", "MXX"], .site("MXX")), (["categories", "--site", "MXX"], .site("MXX"))])
    func missingThingsExit5(arguments: [String], endpoint: Endpoint) async {
        let result = await run(arguments)
        #expect(result.code == .notFound)
        #expect(result.err == Reported.stderr(APIError.notFound(endpoint), binary: "meli-dev"))
    }

    @Test func siteIsSavedPerBinaryAndPrecedenceHolds() async throws {
        #expect(await run(["site", "mco"]).code == .success)
        let state = home.path + "/.local/state/meli-dev/site"
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "MCO\n")
        // Piped, the path is whole: a script cannot open `~/...`.
        #expect(await run(["site"], terminal: false).out == "MCO\t\(home.path)/.local/state/meli-dev/site\n")
        #expect(await run(["site"], terminal: false, environment: ["MELI_DEFAULT_SITE": "MLB"]).out == "MLB\tMELI_DEFAULT_SITE\n")
        #expect(await run(["categories", "--site", "MLA"], terminal: false).out.hasPrefix("MLA1051\t"))
        #expect(await run(["categories"], terminal: false).out.hasPrefix("MCO1051\t"))
        let cleared = await run(["site", "--clear"])
        #expect(cleared.code == .success)
        #expect(Reported.matches(cleared.out, Message.SiteChoice.siteForgotten(site: KnownSites.label("MLA"), origin: Reported.any).english + "\n"))
        #expect(!FileManager.default.fileExists(atPath: state))
        #expect(await run(["site"], terminal: false).out.hasPrefix("MLA\t"))
        // Again, with nothing saved: said so, exit 0 (before: "Forgot the saved site." again).
        let again = await run(["site", "--clear"])
        #expect(again.code == .success)
        #expect(Reported.matches(again.out, Message.SiteChoice.siteNothingSaved(binary: "meli-dev", site: KnownSites.label("MLA"), origin: Reported.any).english + "\n"), "\(again.out)")
        #expect(!home.contents().contains { $0.contains("meli-qa") || $0.hasSuffix("/meli") }, "other environments untouched")
    }

    @Test func emptyResultPipedSaysSoOnStderrAndExits0() async {
        let result = await run(["search", "nothing-matches-this"], terminal: false)
        #expect(result.code == .success)
        #expect(result.out.isEmpty)
        #expect(result.err == Message.Catalog.noResults(query: "nothing-matches-this", site: KnownSites.label("MLA")).english + "\n")
    }

    /// The site id in that line is the server's: its escapes must not reach the terminal.
    @Test func emptyResultPipedDropsTheServersEscapes() async {
        let page = #"{"site_id":"MLA\u001b]0;pwned\u0007\u001b[2J","paging":{"total":0,"offset":0,"limit":20},"results":[]}"#
        let result = await NumberPropertyTests.run(["search", "x", "--site", "MLA"], terminal: false, home: home, transport: OneAnswer(page))
        #expect(result.code == .success)
        #expect(result.err == Message.Catalog.noResults(query: "x", site: "MLA]0;pwned[2J").english + "\n", "\(result.err.debugDescription)")
    }
}

/// Answers every request with one JSON body.
private struct OneAnswer: HTTPTransport {
    let body: String
    init(_ body: String) { self.body = body }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }
}
