import Foundation
import Testing
@testable import MeliCore

/// The same commands with a Spanish locale: labels, messages and help change; numbers keep the site's format.
@Suite("Spanish output")
struct SpanishOutputTests {
    let run: InProcessRun
    var home: TemporaryDirectory { run.home }

    init() throws {
        run = try InProcessRun(environment: ["LANG": "es_AR.UTF-8"])
    }

    @Test func searchInSpanish() async throws {
        let result = await run(["search", "celular", "--limit", "3"])
        #expect(result.code == .success)
        try Golden.check(result.out, "search-celular.es.txt")
    }

    @Test func itemInSpanish() async throws {
        let result = await run(["item", "MLA1400000237"])
        try Golden.check(result.out, "item-MLA1400000237.es.txt")
    }

    @Test func helpInSpanish() async throws {
        let result = await run(["search", "--help"])
        let root = Program.root(binary: "meli-dev", environment: .dev)
        let search = try #require(root.subcommand(named: "search"))
        #expect(result.out == HelpRenderer(root: root, language: .spanish).render([root, search]))
    }

    @Test func errorsInSpanish() async {
        let usage = await run(["search", "x", "--limit", "0"])
        #expect(usage.code == .usage)
        #expect(usage.err == Reported.stderr(UsageError(.Search.badLimit(value: "0"), commandPath: ["search"]), binary: "meli-dev", language: .spanish))
        let missing = await run(["item", "MLA1"])
        #expect(missing.err == Reported.stderr(APIError.notFound(.item("MLA1")), binary: "meli-dev", language: .spanish))
        let config = await run(["env"], environment: ["MELI_LOG_LEVEL": "fuerte"])
        #expect(config.code == .configuration)
        #expect(config.err.contains(Message.Configuration.badLogLevel(value: "fuerte", choices: LogLevel.choices).spanish))
        #expect(config.err.hasSuffix(Message.Reporting.environmentProblemsOne.spanish + "\n"))
    }

    @Test func englishWhenMeliLangSaysSo() async {
        let result = await run(["search", "x", "--limit", "0"], environment: ["MELI_LANG": "en"])
        #expect(result.err == Reported.stderr(UsageError(.Search.badLimit(value: "0"), commandPath: ["search"]), binary: "meli-dev"))
    }
}
