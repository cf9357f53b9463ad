import Testing
@testable import MeliCore

/// Counts printed with their noun (and verb) in the singular for one, in both languages: before,
/// "Removed 1 cached responses", "1 settings differ", "wait 1 seconds".
@Suite("Singular and plural")
struct PluralTests {
    @Test(arguments: [
        (Message.Cache.cacheCleared(count: "1", path: "~/c"), "Removed 1 cached response from ~/c.", "Se eliminó 1 respuesta guardada de ~/c."),
        (Message.Cache.cacheCleared(count: "2", path: "~/c"), "Removed 2 cached responses from ~/c.", "Se eliminaron 2 respuestas guardadas de ~/c."),
        (Message.Cache.cacheCleared(count: "0", path: "~/c"), "Removed 0 cached responses from ~/c.", "Se eliminaron 0 respuestas guardadas de ~/c."),
        (Message.Cache.cacheDownloadsCleared(count: "1", size: "3 B", path: "~/u"), "Removed 1 unfinished download (3 B) from ~/u.", "Se eliminó 1 descarga sin terminar (3 B) de ~/u."),
        (Message.API.waitSeconds(seconds: "1"), "The server asked to wait 1 second, then try again.", "El servidor pidió esperar 1 segundo; luego vuelva a intentarlo."),
        (Message.Env.envDiffSummaryLine(differ: "1", same: "1"), "1 setting differs, 1 is the same.", "1 valor difiere, 1 es igual."),
        (Message.Env.envDiffSummaryLine(differ: "2", same: "3"), "2 settings differ, 3 are the same.", "2 valores difieren, 3 son iguales."),
        (Message.Search.pageTooFar(page: 9, limit: 1, last: 4), "--page 9 is too far: with 1 result a page, the last page that can be asked for is 4",
         "--page 9 está demasiado lejos: con 1 resultado por página, la última página que se puede pedir es la 4"),
        (Message.Catalog.showing(first: "1", last: "1", total: "1", query: "q", site: "MLA"), "Showing 1-1 of 1 result for \"q\" in MLA", "Mostrando 1-1 de 1 resultado para \"q\" en MLA"),
        (Message.Catalog.pastTheEnd(total: "1", query: "q", site: "MLA"), "Past the last result: there is 1 result for \"q\" in MLA; try --page 1.",
         "No hay más resultados: hay 1 resultado para \"q\" en MLA; pruebe --page 1."),
        (Message.EnvFile.moreProblems(count: "1"), "1 more problem in this file is not shown; fix the ones above and run again",
         "no se muestra 1 problema más de este archivo; corrija los de arriba y vuelva a ejecutar"),
    ])
    func oneIsSingular(message: Message, english: String, spanish: String) {
        #expect(message.english == english)
        #expect(message.spanish == spanish)
    }
}
