import Foundation
import Testing
@testable import MeliCore

/// `item -` of the built binary against a loopback server: each id gets its own time budget, and
/// a rate limit stops the answers.
@Suite("Ids on standard input over HTTP end to end")
final class StandardInputLoopbackBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func environment(base: String, timeout: String) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": timeout, "MELI_LOG_LEVEL": "warning"]
    }

    /// Twelve ids each answered in 0.2 s with a 0.5 s timeout: 2.4 s in all, past the 1.5 s one
    /// command may spend (timeout × attempts), and every one is answered.
    @Test func eachIDHasItsOwnTimeBudget() throws {
        let server = try LoopbackServer(routes: { _ in
            Thread.sleep(forTimeInterval: 0.2)
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: NetworkJourneyTests.item)
        })
        defer { server.stop() }
        let ids = (1...12).map { "MLA\(1_000_000 + $0)" }.joined(separator: "\n")
        let run = try BinaryRunner.run(
            "meli-qa", ["--no-cache", "item", "-", "--no-description", "--json=id"], environment: environment(base: server.baseURL, timeout: "0.5"),
            stdin: ids + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any])
        #expect(answers.count == 12)
    }

    /// A 429 asking to wait an hour: the first id is refused, the others are not asked for, and
    /// the error says how many.
    @Test func aRateLimitStopsTheAnswers() throws {
        let server = try LoopbackServer(routes: { _ in .respond(status: 429, headers: ["Retry-After": "3600"], body: []) })
        defer { server.stop() }
        let run = try BinaryRunner.run(
            "meli-qa", ["--no-cache", "item", "-", "--no-description"], environment: environment(base: server.baseURL, timeout: "5"),
            stdin: "MLA1000001\nMLA1000002\nMLA1000003\nMLA1000004\nMLA1000005\n")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(server.requests.allSatisfy { $0.line.contains("/items/MLA1000001") }, "\(server.requests.map(\.line))")
        #expect(run.stderr.contains("line 1, 'MLA1000001'"), "\(run.stderr)")
        #expect(!run.stderr.contains("line 2"), "\(run.stderr)")
        #expect(run.stderr.contains("meli-qa: 4 more ids on standard input were not asked for\n"), "\(run.stderr)")
    }
}
