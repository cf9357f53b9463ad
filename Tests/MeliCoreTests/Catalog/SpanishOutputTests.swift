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
        #expect(result.out.contains("Mostrando 1-3 de 7 resultados para \"celular\" en Argentina (MLA)"))
    }

    @Test func itemInSpanish() async throws {
        let result = await run(["item", "MLA1400000237"])
        try Golden.check(result.out, "item-MLA1400000237.es.txt")
    }

    @Test func helpInSpanish() async throws {
        let result = await run(["search", "--help"])
        #expect(result.out.contains("USO\n  meli-dev search [<opciones>] <query>..."))
        #expect(result.out.contains("Buscar publicaciones de un sitio."))
        #expect(result.out.contains("OPCIONES GLOBALES"))
    }

    @Test func errorsInSpanish() async {
        let usage = await run(["search", "x", "--limit", "0"])
        #expect(usage.code == .usage)
        #expect(usage.err == "meli-dev: error: --limit debe ser un número entero de 1 a 50, no '0'\nEjecuta 'meli-dev search --help' para ver el uso.\n")
        let missing = await run(["item", "MLA1"])
        #expect(missing.err == "meli-dev: error: no se encontró el artículo MLA1\n")
        let config = await run(["env"], environment: ["MELI_LOG_LEVEL": "fuerte"])
        #expect(config.code == .configuration)
        #expect(config.err.contains("MELI_LOG_LEVEL (entorno del proceso): error: 'fuerte' no es un nivel de registro"))
        #expect(config.err.contains("1 problema en el entorno; no se ejecutó nada"))
    }

    @Test func englishWhenMeliLangSaysSo() async {
        let result = await run(["search", "x", "--limit", "0"], environment: ["MELI_LANG": "en"])
        #expect(result.err.hasPrefix("meli-dev: error: --limit must be a whole number"))
    }
}
