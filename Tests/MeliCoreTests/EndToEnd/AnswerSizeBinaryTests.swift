import Foundation
import Testing
@testable import MeliCore

/// Answers meli cannot read for their size, and downloads that break off, as the built binary
/// words them against a loopback server: what happened, not "not JSON", "offline" or a hint about
/// MELI_API_BASE_URL for a package's address.
@Suite("Answer size and broken downloads end to end")
final class AnswerSizeBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func environment(base: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "warning"]
            .merging(extra) { $1 }
    }

    /// Valid JSON of more values than the parser's cap (`JSONTape.maxNodes`): too large to read.
    @Test func valuesPastTheCapAreTooLargeNotNotJSON() throws {
        let body = Array(("[" + String(repeating: "0,", count: JSONTape.maxNodes) + "0]").utf8)
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: body) })
        defer { server.stop() }
        let run = try BinaryRunner.run("meli-qa", ["--no-cache", "item", "MLA1", "--no-description"], environment: environment(base: server.baseURL))
        #expect(run.status == 1)
        #expect(run.stderr.contains("/items/MLA1 is too large to read: more than 1000000 JSON values"), "\(run.stderr)")
        #expect(!run.stderr.contains("not JSON"), "\(run.stderr)")
        #expect(!run.stderr.contains("captive"), "\(run.stderr)")
    }

    /// An answer past the byte limit, with a cached copy: the warning says why, not "offline".
    @Test func aStaleCopyForATooLargeAnswerSaysSo() throws {
        let calls = Collected<Int>()
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: APIClient.maxAnswerBytes + 1)
        let server = try LoopbackServer(routes: { _ in
            let body = calls.append(1) == 1 ? NetworkJourneyTests.item : huge
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: body)
        })
        defer { server.stop() }
        let env = environment(base: server.baseURL, ["MELI_CACHE_TTL_ITEM": "0"])
        let first = try BinaryRunner.run("meli-qa", ["item", "MLA848214758", "--no-description"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try BinaryRunner.run("meli-qa", ["item", "MLA848214758", "--no-description"], environment: env)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("too large to read: showing results cached"), "\(second.stderr)")
        #expect(!second.stderr.contains("offline"), "\(second.stderr)")
    }

    /// A package cut short, or announced with a negative length: a broken download, and no hint
    /// about MELI_API_BASE_URL, which has nothing to do with a package's address.
    @Test(arguments: ["cut", "negative"])
    func aBrokenDownloadIsNamedSo(kind: String) throws {
        let file = "meli-qa_2.0.0_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
        let package = [UInt8](repeating: UInt8(ascii: "A"), count: 40)
        let listing = Array("\(SHA256.hex(package))  \(file)\n".utf8)
        let server = try LoopbackServer(routes: { target in
            if target.hasSuffix("/checksums.txt") { return .respond(status: 200, body: listing) }
            return kind == "cut"
                ? .truncate(body: Array(package.prefix(4)), announced: 40)
                : .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: -5\r\nConnection: close\r\n\r\nAAAA".utf8))
        })
        defer { server.stop() }
        let run = try BinaryRunner.run(
            "meli-qa", ["self", "install", "\(server.baseURL)/dist/\(file)", "--prefix", home.path + "/prefix"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("the download from 127.0.0.1 broke off or its answer is malformed: "), "\(run.stderr)")
        #expect(!run.stderr.contains("MELI_API_BASE_URL"), "\(run.stderr)")
    }
}
