import Foundation
import Testing
@testable import MeliCore

/// What a failed exchange says, run as a user runs it: the attempts and the time they took when a
/// retried request timed out, and a plain http server behind an https address.
@Suite("Transport messages end to end")
struct TransportMessageBinaryTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func run(_ arguments: [String], base: String, timeout: String = "5") throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": timeout, "MELI_LOG_LEVEL": "warning"]
        return try BinaryRunner.run("meli-qa", arguments, environment: env)
    }

    /// Before: "127.0.0.1 did not answer within 1 second" after several attempts and seconds.
    @Test func aTimeoutAfterRetriesSaysTheAttemptsAndTheTimeInAll() throws {
        let server = try LoopbackServer(routes: { _ in .silent(seconds: 3) })
        defer { server.stop() }
        let result = try run(["search", "x"], base: server.baseURL, timeout: "1")
        #expect(result.status == 1)
        let attempts = server.requests.count
        #expect(attempts >= 2, "the timeout is retried")
        let match = try #require(result.stderr.firstMatch(of: /did not answer within 1 second on the last of (\d+) attempts \((\d+(?:\.\d)?) seconds in all\)/), "\(result.stderr)")
        #expect(Int(match.1) == attempts, "the attempts the server saw")
        let total = try #require(Double(match.2))
        let error = APIError.transport(.timeoutAfterAttempts(host: "127.0.0.1", seconds: 1, attempts: attempts, total: total, connecting: false))
        #expect(result.stderr == Reported.stderr(error, binary: "meli-qa"))
    }

    /// Before: "the connection to 127.0.0.1 failed: OpenSSL/3.0: error:0A00010B:SSL routines::wrong version number".
    @Test func aPlainHTTPServerBehindAnHTTPSAddressIsNamedSo() throws {
        let port = try ServerProcess.freePort()
        let server = try ServerProcess(["python3", "-m", "http.server", "--bind", "127.0.0.1", String(port)], port: port)
        let result = try run(["search", "x"], base: "https://127.0.0.1:\(port)")
        _ = server
        #expect(result.status == 1)
        let expected = Reported.stderr(APIError.transport(.notTLS(host: "127.0.0.1", reason: Reported.any)), binary: "meli-qa")
        #expect(Reported.matches(result.stderr, expected), "\(result.stderr)")
        #expect(result.stderr.contains("did not answer in TLS: is the URL http?"))
    }
}
