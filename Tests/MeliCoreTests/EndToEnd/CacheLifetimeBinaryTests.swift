import Foundation
import Synchronization
import Testing
@testable import MeliCore

/// `MELI_CACHE_TTL_*` as the docs describe it: the setting in force when an answer is read decides
/// whether a cached answer without cache headers is fresh (Config/README: `0` revalidates every time).
@Suite("Cache lifetimes applied when read, end to end")
final class CacheLifetimeBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func run(_ arguments: [String], base: String, env extra: [String: String] = [:]) throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "debug"]
        return try BinaryRunner.run("meli-qa", arguments, environment: env.merging(extra) { $1 })
    }

    @Test func aLowerSettingAppliesToWhatIsAlreadyCached() throws {
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, body: FakeMercadoLibre.page) })
        defer { server.stop() }
        let first = try run(["search", "x"], base: server.baseURL)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("stored, fresh for 300 s"), "\(first.stderr)")
        let cached = try run(["search", "x"], base: server.baseURL)
        #expect(server.requests.count == 1, "the default 5m keeps it fresh")
        #expect(cached.stderr.contains("answered from the cache (fresh for 29"), "\(cached.stderr)")
        let zero = try run(["search", "x"], base: server.baseURL, env: ["MELI_CACHE_TTL_SEARCH": "0"])
        #expect(zero.status == 0)
        #expect(server.requests.count == 2, "0 revalidates every time: \(zero.stderr)")
        #expect(!zero.stderr.contains("answered from the cache"), "\(zero.stderr)")
        let longer = try run(["search", "x"], base: server.baseURL, env: ["MELI_CACHE_TTL_SEARCH": "2h"])
        #expect(server.requests.count == 2)
        #expect(longer.stderr.contains("answered from the cache (fresh for 719"), "\(longer.stderr)")
    }

    @Test func aLifetimeTheServerGaveIsKeptWhateverTheSetting() throws {
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, headers: ["Cache-Control": "max-age=600"], body: FakeMercadoLibre.page) })
        defer { server.stop() }
        #expect(try run(["search", "x"], base: server.baseURL).status == 0)
        let zero = try run(["search", "x"], base: server.baseURL, env: ["MELI_CACHE_TTL_SEARCH": "0"])
        #expect(server.requests.count == 1, "max-age=600 is the server's: \(zero.stderr)")
        #expect(zero.stderr.contains("answered from the cache (fresh for 59"), "\(zero.stderr)")
    }
}

/// A 2xx answer that is not JSON (a captive portal's page): named by its content type, and a cached
/// answer stands in for it as for a 5xx.
@Suite("A 2xx answer that is not JSON, end to end")
final class NotJSONAnswerBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func run(_ arguments: [String], base: String, env extra: [String: String] = [:]) throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "warning"]
        return try BinaryRunner.run("meli-qa", arguments, environment: env.merging(extra) { $1 })
    }

    static let portal = LoopbackServer.Reply.respond(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8\u{1B}[2J"], body: Array("<html><body>Log in to the hotel wifi</body></html>".utf8))

    @Test func withoutACachedAnswerTheErrorNamesTheContentType() throws {
        let server = try LoopbackServer(routes: { _ in Self.portal })
        defer { server.stop() }
        let result = try run(["search", "x"], base: server.baseURL)
        #expect(result.status == 1)
        let url = server.baseURL + "/sites/MLA/search?q=x&offset=0&limit=20"
        #expect(result.stderr == Reported.stderr(APIError.notJSON(status: 200, contentType: "text/html; charset=utf-8", method: "GET", url: url), binary: "meli-qa"))
        #expect(result.stderr.contains("is not JSON: HTTP 200 with Content-Type 'text/html; charset=utf-8'"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "the header's escape is not printed")
        let bare = try LoopbackServer(routes: { _ in .respond(status: 200, body: Array("Welcome".utf8)) })
        defer { bare.stop() }
        #expect(try run(["search", "x"], base: bare.baseURL).stderr.contains("HTTP 200 with no Content-Type"))
    }

    @Test func aCachedAnswerStandsInMarkedStale() throws {
        let portal = Mutex(false)
        let server = try LoopbackServer(routes: { _ in
            portal.withLock { $0 } ? Self.portal : .respond(status: 200, headers: ["Cache-Control": "max-age=0"], body: FakeMercadoLibre.page)
        })
        defer { server.stop() }
        let first = try run(["search", "x"], base: server.baseURL)
        #expect(first.status == 0, "\(first.stderr)")
        portal.withLock { $0 = true }
        let second = try run(["search", "x"], base: server.baseURL)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        let warning = StaleAnswer.warning(StaleAnswer(age: 0, reason: .notJSON(status: 200, contentType: "text/html; charset=utf-8")), language: .english)
        #expect(second.stderr.contains(warning + "\n"), "\(second.stderr)")
        #expect(warning.hasPrefix("the server answered HTTP 200 with Content-Type 'text/html; charset=utf-8', not JSON"))
        let spanish = try run(["search", "x"], base: server.baseURL, env: ["MELI_LANG": "es"])
        #expect(spanish.stderr.contains("no con JSON"), "\(spanish.stderr)")
        #expect(try run(["search", "x"], base: server.baseURL).stdout == first.stdout, "the page did not replace the cached answer")
    }
}
