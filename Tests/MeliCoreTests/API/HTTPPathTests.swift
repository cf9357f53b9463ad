import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// The real HTTP path (CurlTransport, APIClient, error mapping) against a real server on loopback.
@Suite("HTTP path against a loopback server")
final class HTTPPathTests: @unchecked Sendable {
    static func fixture(_ name: String) -> [UInt8] {
        (try? DTODecodingTests.bytes(name)) ?? []
    }

    static func json(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Recorded answers by request target.
    static let routes: @Sendable (String) -> LoopbackServer.Reply = { target in
        let path = target.split(separator: "?").first.map(String.init) ?? target
        switch path {
        case "/sites": return .respond(status: 200, headers: ["Content-Type": "application/json"], body: fixture("sites_2021.json"))
        case "/sites/MLA/search": return .respond(status: 403, body: json(#"{"message":"forbidden","error":"forbidden","status":403,"cause":[]}"#))
        case "/sites/MCO/search": return .respond(status: 200, body: fixture("search_MCO_ktm_new_used.json"))
        case "/items/MLA401": return .respond(status: 401, body: json(#"{"message":"invalid_token","error":"not_found","status":401}"#))
        case "/items/MLA404": return .respond(status: 404, body: fixture("error_404_item_not_found.json"))
        case "/items/MLA429": return .respond(status: 429, headers: ["Retry-After": "7"], body: json(#"{"error":"too_many_requests","status":429}"#))
        // Longer than a command waits: the end-to-end tests get the answer at once, without real waits.
        case "/items/MLA9990429": return .respond(status: 429, headers: ["Retry-After": "30"], body: json(#"{"error":"too_many_requests","status":429}"#))
        case "/items/MLA500": return .respond(status: 500, body: json("oops"))
        case "/items/MLA9990206": return .truncate(body: Array(fixture("item_MLA848214758.json").prefix(300)), announced: 20473)
        case "/items/MLASILENT": return .silent(seconds: 3)
        case "/items/MLA9990200": return .respond(status: 200, headers: ["Content-Type": "text/html"], body: json("<html>Service busy</html>"))
        case "/items/MLA848214758": return .respond(status: 200, body: fixture("item_MLA848214758.json"))
        case "/items/MLA848214758/description": return .respond(status: 404, body: json(#"{"message":"not found"}"#))
        case "/items/MLA633578907": return .respond(status: 200, body: fixture("item_MLA633578907_32pics.json"))
        case "/items/MLA633578907/description": return .respond(status: 200, body: json(#"{"text":"","plain_text":"   "}"#))
        default: return .respond(status: 404, body: [])
        }
    }

    let server: LoopbackServer
    let log = OutputBuffer()
    /// Retries wait on it: they are recorded, not waited for.
    let clock = TestClock()

    init() throws {
        server = try LoopbackServer(routes: Self.routes)
    }

    /// Swift Testing makes a suite instance per test; its server stops with it.
    deinit {
        server.stop()
    }

    func client(token: String? = nil, baseURL: String? = nil) -> APIClient {
        let logger = Logger(level: .info, output: log.output(), style: .plain, redactor: Redactor(secrets: token.map { [$0] } ?? []), now: { Date() })
        var client = APIClient(baseURL: baseURL ?? server.baseURL, transport: CurlTransport(), userAgent: "meli-qa/1.0 (qa)",
                               accessToken: token, timeout: 5, logger: logger)
        client.clock = clock.source
        return client
    }

    func failure(_ call: () async throws -> Void) async -> APIError? {
        do {
            try await call()
            return nil
        } catch {
            return error as? APIError
        }
    }

    @Test func sitesDecodeAndRequestsCarryHeaders() async throws {
        let sites = try await client(token: "APP_USR-123-secret").sites()
        #expect(sites.contains(Site(id: "MLB", name: "Brasil", currencyID: "BRL")))
        let request = try #require(server.requests.first)
        #expect(request.line == "GET /sites HTTP/1.1")
        #expect(request.headers["authorization"] == "Bearer APP_USR-123-secret")
        #expect(request.headers["user-agent"] == "meli-qa/1.0 (qa)")
        #expect(!log.text.contains("APP_USR-123-secret"))
        #expect(log.text.contains("GET \(server.baseURL)/sites 200 ("))
    }

    @Test func noTokenNoAuthorizationHeader() async throws {
        _ = try await client().sites()
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test func searchSendsTheQueryAndDecodes() async throws {
        let request = SearchRequest(site: "MCO", text: "ktm duke", sort: "price_asc", filters: [("condition", "used")], offset: 20, limit: 10)
        let page = try await client().search(request)
        #expect(page.results.count == 10)
        #expect(server.requests.first?.line == "GET /sites/MCO/search?q=ktm%20duke&sort=price_asc&condition=used&offset=20&limit=10 HTTP/1.1")
    }

    @Test func searchRefusedIsAuthenticationWithTheExplanation() async {
        let error = await failure { _ = try await client().search(SearchRequest(site: "MLA", text: "x")) }
        #expect(error == APIError.refused(.search(site: "MLA"), status: 403, message: "forbidden"))
        #expect(error?.failure(binary: "meli-qa").exitCode == .authentication)
        #expect(error?.failure(binary: "meli-qa").hint == .API.refusedSearchHint)
    }

    @Test(arguments: [
        ("MLA401", ExitCode.authentication, "refused(\(String(reflecting: Endpoint.item("MLA401"))), status: 401"),
        ("MLA404", .notFound, "notFound(\(String(reflecting: Endpoint.item("MLA404"))))"),
        ("MLA429", .failure, "rateLimited("),
        ("MLA500", .failure, "badStatus(500, method: \"GET\""),
        ("MLA9990200", .failure, "notJSON(status: 200, contentType: Optional(\"text/html\")"),
    ])
    func statusesMapToExitCodes(item: String, code: ExitCode, error expected: String) async {
        let error = await failure { _ = try await client().item(item) }
        #expect(error?.failure(binary: "meli-qa").exitCode == code)
        #expect(String(describing: error).hasPrefix("Optional(MeliCore.APIError." + expected), "\(String(describing: error))")
    }

    @Test func retryAfterIsPassedOn() async {
        let error = await failure { _ = try await client().item("MLA429") }
        #expect(error == APIError.rateLimited(retryAfter: "7"))
        #expect(clock.sleeps == [.seconds(7), .seconds(7)], "three attempts, seven seconds apart as the server asked")
        #expect(error?.failure(binary: "meli-qa").hint == .API.waitSeconds(seconds: "7"))
    }

    @Test func truncatedBodyIsAFailureNotACrash() async {
        let error = await failure { _ = try await client().item("MLA9990206") }
        guard case .transport(.interrupted(let host, _))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(host == "127.0.0.1")
        #expect(error?.failure(binary: "meli-qa").exitCode == .failure)
    }

    @Test func aSilentServerTimesOutAtTheConfiguredTimeout() async throws {
        var fast = client()
        fast.timeout = 0.2
        // Without the client's own deadline this ends as "connection lost" when the server hangs up.
        let error = await failure { _ = try await fast.item("MLASILENT") }
        guard case .transport(.timeoutAfterAttempts(let host, let seconds, let attempts, let total, false))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(host == "127.0.0.1" && seconds == 0.2 && attempts == 3)
        #expect(error?.failure(binary: "meli-qa").text == .API.timedOutAfterAttempts(
            host: "127.0.0.1", seconds: "0.2", attempts: "3", total: HTTPTimeout.text(total)), "the attempts and the time in all, not 0.2 s alone")
    }

    @Test func refusedConnectionNamesTheHost() async throws {
        let closed = try LoopbackServer(routes: Self.routes)
        let url = closed.baseURL
        closed.stop()
        let error = await failure { _ = try await client(baseURL: url).sites() }
        guard case .transport(.connection(let host, let reason))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(host == "127.0.0.1")
        #expect(error?.failure(binary: "meli-qa").text == .API.cannotReach(host: "127.0.0.1", reason: reason))
    }

    @Test func missingDescriptionStillShowsTheItem() async throws {
        let item = try await client().item("MLA848214758")
        #expect(item.description == nil)
        #expect(item.sellerLocation != nil)
    }

    @Test func emptyDescriptionIsNone() async throws {
        let item = try await client().item("MLA633578907")
        #expect(item.description == nil)
        #expect(item.pictures.count == 32)
    }

    @Test func noDescriptionRequestWhenNotWanted() async throws {
        _ = try await client().item("MLA633578907", withDescription: false)
        #expect(server.requests.map(\.line) == ["GET /items/MLA633578907 HTTP/1.1"])
    }
}
