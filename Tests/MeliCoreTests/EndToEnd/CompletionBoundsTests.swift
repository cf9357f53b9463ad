import Foundation
import Testing
@testable import MeliCore

/// `__complete` with a cache holding a site's 100,000 categories: at most
/// `CompletionAnswer.most` candidates are printed, those that match the word.
@Suite("Completion's bounds")
struct CompletionBoundsTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func environment(_ base: String) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_NO_UPDATE_NOTIFIER": "1", "MELI_HTTP_TIMEOUT": "5"]
    }

    @Test func aHundredThousandCategoriesGiveAtMostTheCap() throws {
        let count = 100_000
        let body = Array(("[" + (1...count).map { #"{"id":"MLB\#($0)","name":"c\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        let server = try LoopbackServer(routes: { target in
            if target == "/sites/MLB/categories" { return .respond(status: 200, headers: ["Content-Type": "application/json"], body: body) }
            return .respond(status: 404, body: Array("{}".utf8))
        })
        defer { server.stop() }
        let listed = try BinaryRunner.run("meli-qa", ["categories", "--site", "MLB"], environment: environment(server.baseURL))
        #expect(listed.status == 0, "\(listed.stderr)")
        let asked = server.requests.count

        func values(_ word: String) throws -> [String] {
            let run = try BinaryRunner.run("meli-qa", [CompleteCommand.entry, "category", word], environment: environment(server.baseURL))
            #expect(run.status == 0 && run.stderr == "")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.filter { !$0.hasPrefix(":") }
        }
        #expect(try values("MLB") == (1...CompletionAnswer.most).map { "MLB\($0)" }, "the first that match, no more")
        #expect(try values("MLB9999") == ["MLB9999"] + (0...9).map { "MLB9999\($0)" }, "those that match the word")
        #expect(server.requests.count == asked)
    }
}
