import Foundation
import Testing
@testable import MeliCore

/// Issue 13's number attacks against the built binaries and a real HTTP server on loopback: each
/// stopped meli-qa with "Fatal error" (exit 132), the cache one on every later `-vv` run too.
@Suite("Numbers at their limits, end to end")
final class NumberTrapBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer

    static func json(_ text: String) -> LoopbackServer.Reply {
        .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }

    init() throws {
        home = try TemporaryDirectory()
        server = try LoopbackServer(routes: { target in
            let path = target.split(separator: "?").first.map(String.init) ?? target
            switch path {
            case "/items/MLA1": return Self.json(#"{"id":"MLA1","title":"Huge","price":1e300,"currency_id":"ARS"}"#)
            case "/items/MLA2": return Self.json(#"{"id":"MLA2","title":"Past Int64","price":9.3e18,"currency_id":"COP"}"#)
            case "/items/MLA1/description", "/items/MLA2/description": return Self.json(#"{"plain_text":"d"}"#)
            case "/sites/MLA/search":
                return .respond(
                    status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=9223372036854775807"],
                    body: Array(#"{"site_id":"MLA","paging":{"total":1,"offset":0,"limit":20},"results":[{"id":"MLA1","title":"Huge","price":1e300,"currency_id":"ARS"}]}"#.utf8))
            case "/sites/MLB/search":
                return .respond(
                    status: 200, headers: ["Content-Type": "application/json", "Age": "9223372036854775807",
                                           "Expires": "Sun, 06 Nov 9223372036854775807 08:49:37 GMT"],
                    body: Array(#"{"site_id":"MLB","results":[{"id":"MLB1","title":"x","price":-1e300,"currency_id":"BRL"}]}"#.utf8))
            default: return .respond(status: 404, body: [])
            }
        })
    }

    deinit {
        server.stop()
    }

    func qa(_ arguments: String...) throws -> RunResult {
        try BinaryRunner.run("meli-qa", arguments, environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": server.baseURL, "MELI_ACCESS_TOKEN": "APP_USR-1-numbers",
        ])
    }

    @Test func aPriceOf1e300IsShownWhole() throws {
        let item = try qa("item", "MLA1", "-q")
        #expect(item.status == 0, "\(item.stderr)")
        // Piped, all its digits and no exponent (as --json writes it); a terminal writes it whole
        // in the site's format (NumberTrapTests).
        #expect(item.stdout.contains("price\t1" + String(repeating: "0", count: 300) + "\tARS\n"), "\(item.stdout)")
        let cop = try qa("item", "MLA2", "-q")
        #expect(cop.status == 0, "\(cop.stderr)")
        #expect(cop.stdout.contains("price\t9300000000000000000\tCOP\n"), "\(cop.stdout)")
        let json = try qa("item", "MLA1", "-q", "--json=price")
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""price": 1"# + String(repeating: "0", count: 300)), "as piped, no exponent")
    }

    @Test func aMaxAgeOfInt64MaxIsCachedAndShownWithVV() throws {
        let first = try qa("search", "x", "--site", "MLA", "-vv")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("stored, fresh for 2147483648 s"), "\(first.stderr)")
        let second = try qa("search", "x", "--site", "MLA", "-vv")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("answered from the cache (fresh for "), "\(second.stderr)")
        #expect(server.requests.count == 1)
    }

    /// An entry written before the fix keeps the server's lifetime as it was sent.
    @Test func anEntryStoredWithAnInt64MaxLifetimeNoLongerCrashesLaterRuns() throws {
        #expect(try qa("search", "x", "--site", "MLA", "-q").status == 0)
        let directory = home.path + "/.cache/meli-qa/http"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let entry = try #require(names.first { !$0.hasPrefix(".") }.map { directory + "/" + $0 })
        let text = try String(contentsOfFile: entry, encoding: .isoLatin1)
        let planted = text.replacingOccurrences(of: "lifetime: 2147483648.0\n", with: "lifetime: 9.223372036854776e+18\n")
        #expect(planted != text)
        try planted.write(toFile: entry, atomically: true, encoding: .isoLatin1)
        for _ in 0..<2 {
            let run = try qa("search", "x", "--site", "MLA", "-vv")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("answered from the cache (fresh for 92233720368547"), "\(run.stderr)")
        }
    }

    @Test func ageAndExpiresAtTheLimitsOfInt64AreNotFresh() throws {
        for _ in 0..<2 {
            let run = try qa("search", "x", "--site", "MLB", "-vv")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("stored, fresh for 0 s"), "\(run.stderr)")
            #expect(run.stdout.contains("\t-1" + String(repeating: "0", count: 300) + "\tBRL\t"), "\(run.stdout)")
        }
    }

    @Test(arguments: [["--page", "9223372036854775807"], ["--page", "9223372036854775807", "--limit", "1"], ["--offset", "9223372036854775807"], ["--limit", "9223372036854775807"]])
    func pagingArgumentsAtInt64MaxEndWithAnExitCode(arguments: [String]) throws {
        let run = try BinaryRunner.run("meli-dev", ["search", "iphone", "-q"] + arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect([0, 1, 2].contains(run.status), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
        // Said as it is: the page is too far for the offset to fit, not "from 1 up".
        if arguments == ["--page", "9223372036854775807"] {
            #expect(run.stderr.contains("--page 9223372036854775807 is too far: with 20 results a page, the last page that can be asked for is 461168601842738791"), "\(run.stderr)")
        }
    }
}

/// A server's paging at the limits of Int, on a terminal (the table and "Showing 1-20 of N").
@Suite("Paging at the limits of Int on a terminal")
struct PagingLimitTests {
    static func page(_ paging: String) -> String {
        #"{"site_id":"MLA","paging":\#(paging),"results":[{"id":"MLA1","title":"T","price":10,"currency_id":"ARS"}]}"#
    }

    @Test(arguments: [
        (#"{"total":9223372036854775807,"offset":9223372036854775807,"limit":9223372036854775807}"#,
         "Showing 9.223.372.036.854.775.807-9.223.372.036.854.775.807 of 9.223.372.036.854.775.807 results"),
        (#"{"total":9223372036854775807,"offset":0,"limit":9223372036854775807}"#, "Showing 1-1 of 9.223.372.036.854.775.807 results"),
        (#"{"total":-9223372036854775808,"offset":-9223372036854775808,"limit":-9223372036854775808}"#, "Showing 1-1 of 0 results"),
    ])
    func theTerminalViewCountsWithoutOverflowing(paging: String, expected: String) async throws {
        let home = try TemporaryDirectory()
        let body = Self.page(paging)
        let transport = PagingTransport(body: body)
        let run = await NumberPropertyTests.run(["search", "x", "--site", "MLA"], terminal: true, home: home, transport: transport)
        #expect(run.code == .success, "\(run.err)")
        #expect(run.out.contains(expected), "\(run.out)")
    }
}

private struct PagingTransport: HTTPTransport {
    let body: String
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }
}

/// A timeout of 9223372036854775807 seconds overflowed the nanoseconds of the wait (exit 132).
@Suite("Settings at the limits of Int")
struct SettingLimitTests {
    @Test func aHugeTimeoutIsAConfigurationError() throws {
        let home = try TemporaryDirectory()
        let run = try BinaryRunner.run("meli-qa", ["sites", "-q"], environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_HTTP_TIMEOUT": "9223372036854775807", "MELI_API_BASE_URL": "http://127.0.0.1:9",
        ])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("MELI_HTTP_TIMEOUT (process environment): error: '9223372036854775807' is not a timeout"))
    }
}
