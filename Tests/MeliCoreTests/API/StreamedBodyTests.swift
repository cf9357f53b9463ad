import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// `HTTPRequest.sink`: the body of a 2xx answer is handed over piece by piece as libcurl delivers
/// it, never gathered in memory (a download of up to 1 GiB was held whole, then read whole again to
/// check its signature: issue 22, item 11); other answers keep their body. Real loopback server.
@Suite("Streamed bodies")
struct StreamedBodyTests {
    /// What a sink received.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var hasher = SHA256.Hasher()
        private(set) var count = 0
        private(set) var pieces = 0
        var refuseAfter: Int?

        lazy var sink = HTTPBodySink { [unowned self] piece in
            self.lock.withLock {
                if let refuseAfter, pieces >= refuseAfter { return false }
                hasher.update(piece.bindMemory(to: UInt8.self))
                count += piece.count
                pieces += 1
                return true
            }
        }

        var sha256: String { lock.withLock { var copy = hasher; return copy.hex() } }
    }

    @Test func aSinkTakesA2xxBodyAsItComesAndNothingElse() async throws {
        let big = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let server = try LoopbackServer(routes: { target in
            switch target {
            case "/big": .respond(status: 200, body: big)
            case "/moved": .respond(status: 302, headers: ["Location": "/big"], body: Array("the redirect's own body".utf8))
            case "/chunked": .chunked(headers: [:], body: big, trailers: [:])
            default: .respond(status: 404, body: Array("no such file".utf8))
            }
        })
        defer { server.stop() }
        let transport = RedirectFollowingTransport(CurlTransport())
        func get(_ path: String, limit: Int = 1_000_000, _ received: Received) async throws(TransportError) -> HTTPResponse {
            try await transport.send(HTTPRequest(url: server.baseURL + path, timeout: 20, maxBodyBytes: limit, sink: received.sink))
        }

        let whole = Received()
        let response = try await get("/big", whole)
        #expect(response.status == 200 && response.body.isEmpty, "never gathered in memory")
        #expect(whole.count == big.count && whole.sha256 == SHA256.hex(big))
        #expect(whole.pieces > 1, "handed over as it came")

        let missing = Received()
        let notFound = try await get("/missing", missing)
        #expect(notFound.status == 404 && notFound.body == Array("no such file".utf8))
        #expect(missing.count == 0, "an error's body is not the download")

        let redirected = Received()
        #expect(try await get("/moved", redirected).status == 200)
        #expect(redirected.count == big.count && redirected.sha256 == SHA256.hex(big), "only the final answer's body")

        // A chunked body announces no length: the bytes are counted as they come.
        let bounded = Received()
        await #expect(throws: TransportError.tooLarge(host: "127.0.0.1", limit: 300_000)) { _ = try await get("/chunked", limit: 300_000, bounded) }
        #expect(bounded.count <= 300_000)

        let refusing = Received()
        refusing.refuseAfter = 1
        await #expect(throws: TransportError.self) { _ = try await get("/big", refusing) }
        #expect(refusing.pieces == 1)
    }
}
