import Foundation
import MeliHTTP
import Synchronization
import Testing
@testable import MeliCore

/// The API client with its cache and retries against a real loopback server that misbehaves on purpose.
@Suite("Faults: retries, revalidation and offline answers against a loopback server")
final class FaultTests: @unchecked Sendable {
    let dir: TemporaryDirectory
    let log = OutputBuffer()
    let stale = Collected<StaleAnswer>()
    /// Retries wait on it: they are recorded, not waited for.
    let clock = TestClock()
    var servers: [LoopbackServer] = []

    init() throws { dir = try TemporaryDirectory() }
    deinit { servers.forEach { $0.stop() } }

    static let page = Array(#"{"site_id":"MLA","query":"x","paging":{"total":1,"offset":0,"limit":50},"results":[{"id":"MLA1","title":"Uno","price":10,"currency_id":"ARS"}]}"#.utf8)

    /// A server answering `replies` in order (the last one repeats), counting requests.
    func server(_ replies: [LoopbackServer.Reply]) throws -> LoopbackServer {
        let seen = Collected<Int>()
        let server = try LoopbackServer(handler: { _ in
            replies[min(seen.append(0) - 1, replies.count - 1)]
        })
        servers.append(server)
        return server
    }

    func client(_ baseURL: String, mode: CacheMode = .normal, timeout: Double = 10, token: String? = nil) -> APIClient {
        let logger = Logger(level: .trace, output: log.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        var client = APIClient(baseURL: baseURL, transport: CurlTransport(), userAgent: "meli-qa/test", accessToken: token, timeout: timeout, logger: logger)
        client.cache = ResponseCache(directory: dir.path + "/http", maxBytes: 1_000_000, logger: logger)
        client.cacheMode = mode
        client.lifetimes = CacheSettings(catalog: .init(seconds: 0), search: .init(seconds: 0), item: .init(seconds: 0), maxSize: CacheSize(parsing: "1")!)
        client.clock = clock.source
        client.onStale = { [stale] answer in stale.append(answer) }
        return client
    }

    func search(_ client: APIClient) async throws(APIError) -> SearchPage {
        try await client.search(SearchRequest(site: "MLA", text: "x"))
    }

    @Test func aServiceUnavailableIsRetriedAndTheRetrySucceeds() async throws {
        let server = try server([.respond(status: 503, body: []), .respond(status: 200, body: Self.page)])
        let page = try await search(client(server.baseURL))
        #expect(page.results.map(\.id) == ["MLA1"])
        #expect(server.requests.count == 2)
        #expect(log.text.contains("HTTP 503; retrying in"), "each retry is logged at debug")
    }

    /// `browse` sends each request the user asks for with a time budget of its own, as a command
    /// has: a search typed long after the first (here 100 s on a 3 s budget) is sent and answered.
    @Test func browseGivesEachRequestItsOwnBudget() async throws {
        let server = try server([.respond(status: 200, body: Self.page)])
        let client = client(server.baseURL, timeout: 1)
        let app = try BrowseCommandTests.app(language: .english, home: dir)
        let first = await BrowseSession.ask(client, app) { try await self.search($0) }
        #expect((try? first.get())?.value.results.map(\.id) == ["MLA1"])
        try await clock.source.sleep(.seconds(100))
        let later = await BrowseSession.ask(client, app) { try await self.search($0) }
        #expect((try? later.get())?.value.results.map(\.id) == ["MLA1"], "\(later)")
        // From the server, not the cache's copy that a spent budget falls back on.
        #expect((try? later.get())?.fromCache == false, "\(later)")
        #expect(server.requests.count == 2)
    }

    @Test func retriesStopAfterThreeAttempts() async throws {
        let server = try server([.respond(status: 502, body: [])])
        await #expect(throws: APIError.badStatus(502, method: "GET", url: server.baseURL + "/sites/MLA/search?q=x&offset=0&limit=20")) {
            _ = try await self.search(self.client(server.baseURL))
        }
        #expect(server.requests.count == 3)
        #expect(clock.sleeps.count == 2)
        // Between half and all of 0.5 s, then of 1 s.
        #expect(clock.sleeps.enumerated().allSatisfy { index, wait in
            let full = 0.5 * Double(1 << index)
            return wait.inSeconds >= full / 2 && wait.inSeconds <= full
        }, "\(clock.sleeps)")
    }

    @Test func retryAfterIsWaitedForWhenShort() async throws {
        let server = try server([.respond(status: 429, headers: ["Retry-After": "1"], body: []), .respond(status: 200, body: Self.page)])
        _ = try await search(client(server.baseURL))
        #expect(server.requests.count == 2)
        #expect(log.text.contains("HTTP 429; retrying in 1 s"))
        #expect(clock.sleeps == [.seconds(1)], "waited the second the server asked for")
    }

    @Test func aLongRetryAfterFailsAtOnceSayingHowLong() async throws {
        let server = try server([.respond(status: 429, headers: ["Retry-After": "600"], body: [])])
        await #expect(throws: APIError.rateLimited(retryAfter: "600")) { _ = try await self.search(self.client(server.baseURL)) }
        #expect(server.requests.count == 1)
    }

    @Test func aResetMidBodyIsRetried() async throws {
        let server = try server([.reset(body: Array(Self.page.prefix(40)), announced: Self.page.count), .respond(status: 200, body: Self.page)])
        let page = try await search(client(server.baseURL))
        #expect(page.total == 1)
        #expect(server.requests.count == 2)
    }

    @Test func aSilentServerTimesOutWithinTheBudget() async throws {
        let server = try server([.silent(seconds: 5)])
        let error = await #expect(throws: APIError.self) { _ = try await self.search(self.client(server.baseURL, timeout: 0.3)) }
        guard case .transport(.timeoutAfterAttempts(let host, let seconds, let attempts, _, false))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(host == "127.0.0.1" && seconds == 0.3)
        #expect(attempts == server.requests.count, "the message counts the attempts made")
    }

    @Test func aNotModifiedAnswerRefreshesTheEntry() async throws {
        let server = try server([
            .respond(status: 200, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"], body: Self.page),
            .respond(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"], body: []),
        ])
        let client = client(server.baseURL)
        _ = try await search(client)
        let second = try await search(client)
        #expect(second.results.map(\.id) == ["MLA1"], "the body comes from the cache")
        try #require(server.received.count == 2)
        #expect(server.received[1].headers["if-none-match"] == "\"v1\"")
        _ = try await search(client)
        #expect(server.requests.count == 2, "after the 304 the entry is fresh for 600 s")
    }

    @Test func freshEntriesAnswerWithoutTheNetworkAndNoStoreIsNeverStored() async throws {
        let cached = try server([.respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: Self.page)])
        _ = try await search(client(cached.baseURL))
        _ = try await search(client(cached.baseURL))
        #expect(cached.requests.count == 1)
        let private_ = try server([.respond(status: 200, headers: ["Cache-Control": "no-store, max-age=600"], body: Self.page)])
        _ = try await search(client(private_.baseURL))
        _ = try await search(client(private_.baseURL))
        #expect(private_.requests.count == 2)
    }

    @Test func whenTheServerGoesDownTheStaleEntryAnswersWithItsAge() async throws {
        let server = try server([.respond(status: 200, body: Self.page)])
        _ = try await search(client(server.baseURL))
        server.stop()
        let page = try await search(client(server.baseURL))
        #expect(page.results.map(\.id) == ["MLA1"])
        let answers = stale.items
        #expect(answers.count == 1)
        guard case .unreachable(.connection)? = answers.first?.reason else { Issue.record("\(answers)"); return }
    }

    @Test func serverErrorsAfterRetriesFallBackToTheCache() async throws {
        let server = try server([.respond(status: 200, body: Self.page), .respond(status: 503, body: [])])
        _ = try await search(client(server.baseURL))
        _ = try await search(client(server.baseURL))
        #expect(stale.items.map(\.reason) == [.serverFailed(503)])
        #expect(server.requests.count == 4, "one fill, then three attempts")
    }

    @Test func offlineAnswersFromTheCacheAndNeverTouchesTheNetwork() async throws {
        let server = try server([.respond(status: 200, body: Self.page)])
        _ = try await search(client(server.baseURL))
        server.stop()
        _ = try await search(client(server.baseURL, mode: .offline))
        #expect(stale.items.map(\.reason) == [.offlineRequested])
        await #expect(throws: APIError.notCached(url: server.baseURL + "/sites/MLB/search?q=x&offset=0&limit=20")) {
            _ = try await self.client(server.baseURL, mode: .offline).search(SearchRequest(site: "MLB", text: "x"))
        }
    }

    @Test func aDamagedEntryIsRefetchedNotShown() async throws {
        let server = try server([.respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: Self.page)])
        _ = try await search(client(server.baseURL))
        let file = try #require(FileManager.default.contentsOfDirectory(atPath: dir.path + "/http").first)
        try FileSystem.local.writeAtomically(Array("meli-cache 1\nkey: broken".utf8), to: dir.path + "/http/" + file)
        let page = try await search(client(server.baseURL))
        #expect(page.results.count == 1)
        #expect(server.requests.count == 2)
        #expect(log.text.contains("removing damaged entry"))
    }

    /// A 200 whose body does not decode fails the command and is not kept: before, it was stored
    /// first and failed every later run until it expired (a day, for the catalog).
    /// A 429's `Retry-After` is quoted only when it is whole seconds or an HTTP date.
    @Test(arguments: [
        ("120", "120"), (" 7 ", "7"), ("-1", nil), ("NaN", nil), ("1e9", nil), ("99999999999999999999", nil), ("soon, maybe", nil),
        ("Sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT"),
    ] as [(String, String?)])
    func retryAfterIsQuotedOnlyWhenItMeansSomething(header: String, quoted: String?) {
        #expect(APIClient.failure(HTTPResponse(status: 429, headers: ["retry-after": header], body: []), endpoint: .sites, url: "u")
            == .rateLimited(retryAfter: quoted))
    }

    @Test func anAnswerThatDoesNotDecodeIsNotCached() async throws {
        let broken = Array(#"{"results": [{"id": 7}]}"#.utf8)
        let server = try server([
            .respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: broken),
            .respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: Self.page),
        ])
        await #expect(throws: APIError.self) { _ = try await self.search(self.client(server.baseURL)) }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/http")) ?? []).isEmpty)
        let page = try await search(client(server.baseURL))
        #expect(page.results.map(\.id) == ["MLA1"])
        #expect(server.requests.count == 2)
        _ = try await search(client(server.baseURL))
        #expect(server.requests.count == 2, "the answer that decodes is kept")
    }

    /// An entry an older meli stored without reading it is asked for again, not shown failing.
    @Test func aFreshEntryThatDoesNotDecodeIsAskedForAgain() async throws {
        let server = try server([.respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: Self.page)])
        let url = server.baseURL + "/sites/MLA/search?q=x&offset=0&limit=20"
        let logger = Logger(level: .trace, output: log.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        ResponseCache(directory: dir.path + "/http", maxBytes: 1_000_000, logger: logger).store(CacheEntry(
            key: "GET " + url, identity: "anonymous", stored: clock.source.now().timeIntervalSince1970, lifetime: 600, status: 200,
            headers: ["cache-control": "max-age=600"], body: Array(#"{"results": "none"}"#.utf8)))
        let page = try await search(client(server.baseURL))
        #expect(page.results.map(\.id) == ["MLA1"])
        #expect(server.requests.count == 1)
        #expect(log.text.contains("does not read"))
        _ = try await search(client(server.baseURL))
        #expect(server.requests.count == 1, "replaced by the answer that decodes")
    }

    /// The same for a stale entry: its revalidation is answered 304, which used to show the
    /// entry that does not read, failing, on every run for as long as the server said 304.
    @Test func aStaleEntryThatDoesNotDecodeIsAskedForAgainAfterA304() async throws {
        let server = try server([
            .respond(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"], body: []),
            .respond(status: 200, headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=600"], body: Self.page),
        ])
        let url = server.baseURL + "/sites/MLA/search?q=x&offset=0&limit=20"
        let logger = Logger(level: .trace, output: log.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        ResponseCache(directory: dir.path + "/http", maxBytes: 1_000_000, logger: logger).store(CacheEntry(
            key: "GET " + url, identity: "anonymous", stored: clock.source.now().timeIntervalSince1970 - 1000, lifetime: 600, status: 200,
            headers: ["etag": "\"v1\""], body: Array(#"{"results": "none"}"#.utf8)))
        let page = try await search(client(server.baseURL))
        #expect(page.results.map(\.id) == ["MLA1"])
        #expect(server.requests.count == 2)
        #expect(server.received.first?.headers["if-none-match"] == "\"v1\"")
        #expect(server.received.last?.headers["if-none-match"] == nil, "asked again without the entry's ETag")
        _ = try await search(client(server.baseURL))
        #expect(server.requests.count == 2, "replaced by the answer that decodes")
    }

    @Test func oneTokensAnswersAreNeverServedToAnother() async throws {
        let server = try server([.respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: Self.page)])
        _ = try await search(client(server.baseURL, token: "APP_USR-first-token"))
        _ = try await search(client(server.baseURL, token: "APP_USR-second-token"))
        _ = try await search(client(server.baseURL))
        #expect(server.requests.count == 3)
        _ = try await search(client(server.baseURL, token: "APP_USR-first-token"))
        #expect(server.requests.count == 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/http")
        for file in files {
            let text = try String(contentsOfFile: dir.path + "/http/" + file, encoding: .utf8)
            #expect(!text.contains("APP_USR"), "the cache never holds a token")
        }
    }
}
