import Foundation
import Testing
@testable import MeliCore

/// The cache as users meet it: `meli-qa` against a loopback server that goes away.
@Suite("Offline use end to end")
final class OfflineBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func run(_ binary: String, _ arguments: [String], base: String, env extra: [String: String] = [:]) throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "warning"]
        return try BinaryRunner.run(binary, arguments, environment: env.merging(extra) { $1 })
    }

    @Test func whenTheServerGoesDownTheCachedPageIsShownWithItsAge() throws {
        // max-age=0: every later run goes to the network first, and falls back when it fails.
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, headers: ["Cache-Control": "max-age=0"], body: FakeMercadoLibre.page) })
        let first = try run("meli-qa", ["search", "x"], base: server.baseURL)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        server.stop()
        let second = try run("meli-qa", ["search", "x"], base: server.baseURL)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        let justNow = StaleAnswer(age: 0, reason: .offlineRequested)
        #expect(second.stderr.contains(StaleAnswer.warning(justNow, language: .english) + "\n"), "\(second.stderr)")
        let spanish = try run("meli-qa", ["search", "x"], base: server.baseURL, env: ["MELI_LANG": "es"])
        #expect(spanish.stderr.contains(StaleAnswer.warning(justNow, language: .spanish) + "\n"), "\(spanish.stderr)")
        #expect(try run("meli-qa", ["search", "x", "-q"], base: server.baseURL).stderr == "", "-q silences the warning")
    }

    @Test func offlineNeedsNoServerAtAllAndSaysWhenNothingIsCached() throws {
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, body: FakeMercadoLibre.page) })
        #expect(try run("meli-qa", ["search", "x"], base: server.baseURL).status == 0)
        server.stop()
        let offline = try run("meli-qa", ["--offline", "search", "x", "--json"], base: server.baseURL)
        #expect(offline.status == 0)
        #expect(offline.stdout.contains("\"MLA7\""))
        let missing = try run("meli-qa", ["search", "y", "--offline"], base: server.baseURL)
        #expect(missing.status == 1)
        #expect(missing.stderr == Reported.stderr(APIError.notCached(url: server.baseURL + "/sites/MLA/search?q=y&offset=0&limit=20"), binary: "meli-qa"))
        let both = try run("meli-qa", ["search", "x", "--offline", "--no-cache"], base: server.baseURL)
        #expect(both.status == 2)
    }

    @Test func cacheInfoAndClearSeeOnlyTheirOwnBinary() throws {
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, body: FakeMercadoLibre.page) })
        defer { server.stop() }
        #expect(try run("meli-qa", ["search", "x"], base: server.baseURL).status == 0)
        #expect(try run("meli", ["search", "x"], base: server.baseURL).status == 0)
        let info = try run("meli-qa", ["cache", "info", "--json"], base: server.baseURL)
        #expect(info.stdout.contains("\"location\": \"\(home.path)/.cache/meli-qa/http\""))
        #expect(info.stdout.contains("\"entries\": 1"))
        #expect(try run("meli-qa", ["cache", "clear"], base: server.baseURL).stdout == "Removed 1 cached response from ~/.cache/meli-qa/http.\n")
        #expect(try run("meli-qa", ["cache", "info", "--json"], base: server.baseURL).stdout.contains("\"entries\": 0"))
        #expect(try run("meli-qa", ["cache", "clear"], base: server.baseURL).stdout == "Nothing to remove: no cached responses in ~/.cache/meli-qa/http.\n",
                "an empty cache says so, not 'Removed 0 cached responses'")
        #expect(try run("meli", ["cache", "info", "--json"], base: server.baseURL).stdout.contains("\"entries\": 1"), "meli keeps its own")
        let bypass = try run("meli", ["search", "x", "--no-cache"], base: server.baseURL)
        #expect(bypass.status == 0)
        #expect(server.requests.count == 3, "--no-cache went to the network although meli's entry is fresh")
    }

    /// Ten processes of two binaries search at once with one cache home and a 1 MB cap, so
    /// entries are written, read and evicted concurrently; every run must succeed with the right
    /// answer and every entry left must read back whole.
    @Test func tenProcessesOfTwoBinariesShareOneCacheHomeSafely() throws {
        let filler = String(repeating: "x", count: 200_000)
        let server = try LoopbackServer(routes: { target in
            let query = target.split(separator: "q=").last?.split(separator: "&").first.map(String.init) ?? "?"
            let body = #"{"site_id":"MLA","query":"\#(query)","paging":{"total":1,"offset":0,"limit":20},"results":[{"id":"MLA\#(query)","title":"T","price":1,"currency_id":"ARS"}],"padding":"\#(filler)"}"#
            return .respond(status: 200, body: Array(body.utf8))
        })
        defer { server.stop() }
        let results = Collected<(query: String, result: RunResult)>()
        let group = DispatchGroup()
        for index in 0..<10 {
            group.enter()
            Thread.detachNewThread {
                let binary = index % 2 == 0 ? "meli-qa" : "meli"
                let query = String(index % 7)
                for _ in 0..<3 {
                    if let result = try? self.run(binary, ["search", query], base: self.server(server), env: ["MELI_CACHE_MAX_MB": "1", "MELI_CACHE_TTL_SEARCH": "0"]) {
                        results.append((query, result))
                    }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(results.items.count == 30)
        for (query, result) in results.items {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("MLA\(query)\t"), "\(result.stdout)")
            #expect(!result.stderr.contains("damaged"), "\(result.stderr)")
        }
        for binary in ["meli-qa", "meli"] {
            let directory = home.path + "/.cache/\(binary)/http"
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(!names.isEmpty)
            #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file is left behind")
            var total = 0
            for name in names {
                let bytes = try FileSystem.local.readFile(atPath: directory + "/" + name)
                total += bytes.count
                #expect(CacheEntry.decode(bytes) != nil, "\(name) reads back whole")
            }
            #expect(total <= 1_000_000, "the cap holds once the runs are over")
        }
    }

    private func server(_ server: LoopbackServer) -> String { server.baseURL }
}
