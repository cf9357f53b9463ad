import Foundation
import Testing

/// The catalog as users run it: meli-dev offline; meli-qa against a real HTTP server on loopback.
@Suite("Catalog binaries end to end")
final class CatalogBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        home = try TemporaryDirectory()
        server = try LoopbackServer(routes: HTTPPathTests.routes)
    }

    deinit {
        server.stop()
    }

    func run(_ binary: String, _ arguments: [String], env extra: [String: String] = [:]) throws -> RunResult {
        try BinaryRunner.run(binary, arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"].merging(extra) { $1 })
    }

    func qa(_ arguments: String...) throws -> RunResult {
        try run("meli-qa", arguments, env: ["MELI_API_BASE_URL": server.baseURL, "MELI_ACCESS_TOKEN": "APP_USR-999-topsecret"])
    }

    @Test func devWorksOfflineFromSearchToItem() throws {
        let search = try run("meli-dev", ["search", "iphone", "-q"])
        #expect(search.status == 0, "\(search.stderr)")
        let id = try #require(search.stdout.split(separator: "\n").first?.split(separator: "\t").first.map(String.init))
        let item = try run("meli-dev", ["item", id, "-q"])
        #expect(item.status == 0)
        #expect(item.stdout.contains("title\t"))
        for arguments in [["sites"], ["categories"], ["category", "MLA1051"], ["site", "MCO"], ["search", "tv", "--sort", "price_desc", "--page", "2"]] {
            #expect(try run("meli-dev", arguments + ["-q"]).status == 0, "\(arguments)")
        }
    }

    @Test func qaSearchesTheConfiguredServer() throws {
        let result = try qa("search", "ktm", "--site", "MCO", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.first?.line.hasPrefix("GET /sites/MCO/search?q=ktm&offset=0&limit=20 ") == true)
        #expect(server.requests.first?.headers["user-agent"]?.hasPrefix("meli-qa/") == true)
        #expect(server.requests.first?.headers["authorization"] == "Bearer APP_USR-999-topsecret")
    }

    @Test(arguments: [
        (["search", "x", "--site", "MLA"], Int32(4), "MercadoLibre refused the search: HTTP 403", "closed anonymous search in 2025"),
        (["item", "MLA401"], 4, "refused the request: HTTP 401", "MELI_ACCESS_TOKEN"),
        (["item", "MLA404"], 5, "item MLA404 was not found", ""),
        (["item", "MLA429LATER"], 1, "limiting requests (HTTP 429)", "wait 30 seconds"),
        (["item", "MLA500"], 1, "the server failed: HTTP 500", "Try again later"),
        (["item", "MLAHTML"], 1, "does not decode: the body: not valid JSON", ""),
        (["item", "MLATRUNC"], 1, "the exchange with 127.0.0.1 failed", ""),
    ])
    func failuresMapToExitCodes(arguments: [String], status: Int32, message: String, hint: String) throws {
        let result = try run("meli-qa", arguments, env: ["MELI_API_BASE_URL": server.baseURL])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("meli-qa: error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(hint.isEmpty || result.stderr.contains(hint))
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
    }

    @Test func unreachableServerNamesTheHost() throws {
        let closed = try LoopbackServer(routes: HTTPPathTests.routes)
        closed.stop()
        let result = try run("meli", ["sites"], env: ["MELI_API_BASE_URL": closed.baseURL])
        #expect(result.status == 1)
        #expect(result.stderr.contains("meli: error: cannot reach 127.0.0.1"))
    }

    @Test func verboseLogsEachRequestAndNeverTheToken() throws {
        let result = try qa("sites", "-v", "--log-level", "trace")
        #expect(result.status == 0)
        #expect(result.stderr.contains("info: GET \(server.baseURL)/sites 200 ("))
        let everything = result.stdout + result.stderr
        #expect(!everything.contains("topsecret"))
        let env = try qa("env", "--json", "--log-level", "trace")
        #expect(!(env.stdout + env.stderr).contains("topsecret"))
    }

    @Test func badFlagsFailBeforeAnyRequest() throws {
        let result = try qa("search", "x", "--limit", "0")
        #expect(result.status == 2)
        #expect(server.requests.isEmpty)
    }
}
