import Foundation
import Testing
@testable import MeliCore

/// The response cache shared by processes running at once (issue 28): entries are written
/// without fsync, so what keeps them whole for a reader is the temporary file and the rename.
/// Several `meli-qa` processes search at once, round after round, against a loopback API whose
/// answer is stale at once (`max-age=0`): each reads the entry, asks again and writes it back,
/// while others (`--offline`) only read it. Every one must print the whole answer, find no
/// damaged entry, and leave no temporary file behind.
@Suite("The cache shared by processes at once, end to end")
final class ConcurrentCacheBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    static let processes = 8, rounds = 4

    func run(_ arguments: [String], base: String) throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "20", "MELI_LOG_LEVEL": "warning"]
        return try BinaryRunner.run("meli-qa", arguments, environment: env)
    }

    @Test func processesWritingAndReadingOneEntryAtOnceEachSeeAWholeAnswer() throws {
        let page = try DTODecodingTests.bytes("search_MLA_motorola_g6_2021.json")
        let server = try LoopbackServer(routes: { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=0"], body: page)
        })
        defer { server.stop() }
        let search = ["search", "motorola", "g6", "--site", "MLA"]
        let first = try run(search, base: server.baseURL)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Moto G6 32 Gb"), "\(first.stdout)")

        for round in 0..<Self.rounds {
            let results = Collected<(offline: Bool, result: RunResult)>()
            let group = DispatchGroup()
            for index in 0..<Self.processes {
                let offline = index % 4 == 3
                group.enter()
                Thread.detachNewThread {
                    if let result = try? self.run(offline ? ["--offline"] + search : search, base: server.baseURL) {
                        results.append((offline, result))
                    }
                    group.leave()
                }
            }
            group.wait()
            #expect(results.items.count == Self.processes, "round \(round): every process ran")
            for (offline, result) in results.items {
                let what = "round \(round), \(offline ? "offline" : "online")"
                #expect(result.status == 0, "\(what): \(result.stderr)")
                #expect(result.stdout == first.stdout, "\(what): the whole answer, as the first run printed it")
                #expect(!result.stderr.contains("damaged"), "\(what): \(result.stderr)")
            }
        }
        #expect(server.requests.count > Self.rounds * Self.processes / 2, "the online processes asked again")
        let cache = home.path + "/.cache/meli-qa/http"
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(names.count == 1 && names.allSatisfy(ResponseCache.isEntryName), "one entry, no temporary file: \(names)")
        let state = try FileManager.default.contentsOfDirectory(atPath: home.path + "/.local/state/meli-qa")
        #expect(state.allSatisfy { !$0.hasPrefix(".") }, "no temporary file in the state folder: \(state)")
    }
}
