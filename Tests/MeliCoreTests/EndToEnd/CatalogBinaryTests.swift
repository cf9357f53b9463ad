import Foundation
import Testing
@testable import MeliCore

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

    /// Each answer of the server and the error it is reported as (given the server's base URL).
    static let failures: [(arguments: [String], status: Int32, error: @Sendable (String) -> APIError)] = [
        (["search", "x", "--site", "MLA"], 4, { _ in .refused(.search(site: "MLA"), status: 403, message: "forbidden") }),
        (["item", "MLA401"], 4, { _ in .refused(.item("MLA401"), status: 401, message: "invalid_token") }),
        (["item", "MLA404"], 5, { _ in .notFound(.item("MLA404")) }),
        (["item", "MLA9990429"], 1, { _ in .rateLimited(retryAfter: "30") }),
        (["item", "MLA500"], 1, { .badStatus(500, method: "GET", url: $0 + "/items/MLA500") }),
        (["item", "MLA9990200"], 1, { .notJSON(status: 200, contentType: "text/html", method: "GET", url: $0 + "/items/MLA9990200") }),
        (["item", "MLA9990206"], 1, { _ in .transport(.interrupted(host: "127.0.0.1", reason: Reported.any)) }),
    ]

    @Test(arguments: failures.indices)
    func failuresMapToExitCodes(case index: Int) throws {
        let (arguments, status, error) = Self.failures[index]
        let result = try run("meli-qa", arguments, env: ["MELI_API_BASE_URL": server.baseURL])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // After the requests logged at info, the error is the last thing printed.
        #expect(Reported.matches(result.stderr, Reported.any + Reported.stderr(error(server.baseURL), binary: "meli-qa")), "\(result.stderr)")
    }

    @Test func unreachableServerNamesTheHost() throws {
        let closed = try LoopbackServer(routes: HTTPPathTests.routes)
        closed.stop()
        let result = try run("meli", ["sites"], env: ["MELI_API_BASE_URL": closed.baseURL])
        #expect(result.status == 1)
        let refused = APIError.transport(.connection(host: "127.0.0.1", reason: Reported.any))
        #expect(Reported.matches(result.stderr, Reported.stderr(refused, binary: "meli")), "\(result.stderr)")
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
