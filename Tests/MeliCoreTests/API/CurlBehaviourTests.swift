import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// What a command-line user expects of the production transport, as curl behaves: timeouts that
/// end a stuck exchange, gzip on the wire and plain bytes out, connections kept for the next
/// request. Each against a real loopback server.
@Suite("HTTP transport: timeouts, gzip, connection reuse")
final class CurlBehaviourTests: @unchecked Sendable {
    /// The transport the binaries ship with: its transfers driven by a loop like their main
    /// thread's (`TestLoop`), the requests sent from the test's own threads.
    static func shipped() -> any HTTPTransport { CurlTransport(loop: TestLoop.executor) }

    var servers: [LoopbackServer] = []
    deinit { servers.forEach { $0.stop() } }

    static let page = Array(#"{"site_id":"MLA","query":"x","paging":{"total":1,"offset":0,"limit":50},"results":[{"id":"MLA1","title":"Uno","price":10,"currency_id":"ARS"}]}"#.utf8)

    func server(keepAlive: Bool = false, _ reply: @escaping @Sendable (String) -> LoopbackServer.Reply) throws -> LoopbackServer {
        let server = try LoopbackServer(keepAlive: keepAlive, routes: reply)
        servers.append(server)
        return server
    }

    func get(_ url: String, timeout: Double = 10, limit: Int? = nil, on transport: any HTTPTransport = shipped()) async throws(TransportError) -> HTTPResponse {
        try await transport.send(HTTPRequest(url: url, timeout: timeout, maxBodyBytes: limit))
    }

    // MARK: Timeouts

    @Test func aHostThatNeverAnswersTheConnectionTimesOut() async throws {
        let unanswered = try FullBacklog()
        await #expect(throws: TransportError.connectTimeout(host: "127.0.0.1", seconds: 0.5)) {
            _ = try await self.get(unanswered.baseURL + "/sites", timeout: 0.5)
        }
    }

    /// Connecting may take at most 10 s of a longer timeout; running out of it names those
    /// seconds, not the whole timeout.
    @Test func theConnectTimeoutNamesTheSecondsThatApplied() {
        let error = TransportError.connectTimeout(host: "127.0.0.1", seconds: HTTPTimeout.connectCap)
        let failure = APIError.transport(error).failure(binary: "meli-qa")
        #expect(failure.text.english == "could not connect to 127.0.0.1 within 10 seconds")
        #expect(failure.text.spanish == "no se pudo conectar con 127.0.0.1 en 10 segundos")
        #expect(APIError.transport(.timeout(host: "h", seconds: 1)).failure(binary: "meli-qa").text.spanish == "h no respondió en 1 segundo")
    }

    /// A download bounded by silence only (`boundsSilenceOnly`) names what was silent: a
    /// connection never made is a connect timeout, an accepted one that says nothing a timeout.
    @Test func aDownloadsSilenceNamesWhatWasSilent() async throws {
        let unanswered = try FullBacklog()
        let silent = try server { _ in .silent(seconds: 10) }
        func download(_ url: String) async throws(TransportError) {
            var request = HTTPRequest(url: url, timeout: 0.5, sink: HTTPBodySink({ _ in true }))
            request.boundsSilenceOnly = true
            _ = try await Self.shipped().send(request)
        }
        await #expect(throws: TransportError.connectTimeout(host: "127.0.0.1", seconds: 0.5)) { try await download(unanswered.baseURL + "/p.tar.gz") }
        await #expect(throws: TransportError.timeout(host: "127.0.0.1", seconds: 0.5)) { try await download(silent.baseURL + "/p.tar.gz") }
    }

    @Test func aServerThatAcceptsAndStaysSilentTimesOut() async throws {
        let silent = try server { _ in .silent(seconds: 10) }
        await #expect(throws: TransportError.timeout(host: "127.0.0.1", seconds: 0.5)) {
            _ = try await self.get(silent.baseURL + "/sites", timeout: 0.5)
        }
        #expect(silent.requests.count == 1, "the request was sent: the wait was for the answer")
    }

    /// One byte every 0.3 s keeps a connection alive forever without a low-speed limit or a
    /// total timeout; a body of 600 bytes would take three minutes.
    @Test func aBodyTrickledSlowerThanTheLimitTimesOut() async throws {
        let trickle = try server { _ in .trickle(body: Array(repeating: UInt8(ascii: " "), count: 600), every: 0.3) }
        await #expect(throws: TransportError.timeout(host: "127.0.0.1", seconds: 1)) {
            _ = try await self.get(trickle.baseURL + "/sites", timeout: 1)
        }
    }

    // MARK: gzip

    /// Trailers come after the body, where nothing checks them: they are not headers of the
    /// answer. Before, libcurl's header callback merged them in, so a trailer could make an
    /// answer cacheable for a year or name another ETag.
    @Test func chunkedTrailersAreNotHeaders() async throws {
        let server = try server { _ in
            .chunked(headers: ["Cache-Control": "no-store", "ETag": "\"head\""], body: Self.page,
                     trailers: ["Cache-Control": "max-age=31536000", "ETag": "\"trailer\"", "X-Injected": "1"])
        }
        let response = try await get(server.baseURL + "/sites")
        #expect(response.body == Self.page)
        #expect(response.headers["cache-control"] == "no-store")
        #expect(response.headers["etag"] == "\"head\"")
        #expect(response.headers["x-injected"] == nil)
    }

    /// A trailer line that looks like a status line ("HTTP/1.1 200 OK: x") used to start a new
    /// answer, so the trailers after it were taken as its headers again.
    @Test func aTrailerLikeAStatusLineStartsNoNewAnswer() async throws {
        let server = try server { _ in
            .chunked(headers: ["Cache-Control": "no-store", "ETag": "\"head\""], body: Self.page,
                     trailers: ["HTTP/1.1 200 OK": "x", "cache-control": "max-age=31536000", "etag": "\"trailer\"", "x-injected": "1"])
        }
        let response = try await get(server.baseURL + "/sites")
        #expect(response.body == Self.page)
        #expect(response.headers["cache-control"] == "no-store")
        #expect(response.headers["etag"] == "\"head\"")
        #expect(response.headers["x-injected"] == nil)
    }

    /// After a `100 Continue` the final answer's status line and headers still count.
    @Test func theAnswerAfterAnInformationalOneKeepsItsHeaders() async throws {
        let server = try server { _ in .raw(Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\nETag: \"final\"\r\nConnection: close\r\n\r\n{}".utf8)) }
        let response = try await get(server.baseURL + "/sites")
        #expect(response.status == 200)
        #expect(response.headers["etag"] == "\"final\"")
        #expect(response.body == Array("{}".utf8))
    }

    @Test func gzipIsAskedForAndDecodedTransparently() async throws {
        let body = Array(String(repeating: #"{"id":"MLA1","title":"Uno"}"#, count: 200).utf8)
        let compressed = try LoopbackServer.gzip(body)
        #expect(compressed.count < body.count / 10, "the body really travels compressed")
        let server = try server { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: compressed) }
        let response = try await get(server.baseURL + "/items/MLA1")
        #expect(response.status == 200)
        #expect(response.body == body)
        let acceptEncoding = try #require(server.received.first?.headers["accept-encoding"])
        #expect(acceptEncoding.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("gzip"), "\(acceptEncoding)")
    }

    /// 64 MiB of zeros travel as about 64 KiB: the limit holds for what the body becomes.
    @Test func aGzipBombIsRefusedByItsDecodedSize() async throws {
        let bomb = try LoopbackServer.gzip([UInt8](repeating: 0, count: 64 << 20))
        #expect(bomb.count < 1_000_000)
        let server = try server { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb) }
        await #expect(throws: TransportError.tooLarge(host: "127.0.0.1", limit: 1_000_000)) {
            _ = try await self.get(server.baseURL + "/feed.json", limit: 1_000_000)
        }
    }

    @Test func aGzipBodyWithinTheLimitIsWhole() async throws {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 900_000)
        let server = try server { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: try! LoopbackServer.gzip(body)) }
        let response = try await get(server.baseURL + "/feed.json", limit: 1_000_000)
        #expect(response.body.count == body.count)
    }

    // MARK: Headers and limits

    /// A token from a hostile token endpoint (or the environment) carrying "\r\n" must stay one
    /// header: Swift sees "\r\n" as one Character, so a per-Character filter let it through and a
    /// whole second request was sent.
    @Test func aLineBreakInAHeaderValueSendsNoSecondHeaderOrRequest() async throws {
        let server = try server(keepAlive: true) { _ in .respond(status: 200, body: Self.page) }
        let token = "Bearer A\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: internal\r\nX-Smuggled: 1\nX-Too: 2\u{0}X-Three: 3"
        _ = try await CurlTransport().send(HTTPRequest(url: server.baseURL + "/sites", headers: ["Authorization": token], timeout: 10))
        let received = server.received
        #expect(received.map(\.target) == ["/sites"])
        #expect(received.first?.headers["x-smuggled"] == nil)
        #expect(received.first?.headers["x-too"] == nil)
        #expect(received.first?.headers["authorization"]?.hasPrefix("Bearer A ") == true)
        #expect(received.first?.headers["authorization"]?.contains("X-Three: 3") == true, "the value is kept whole, its breaks made spaces")
    }

    /// An API answer has a bound: an endless body (3 GB in 14 s before it) stops at it.
    @Test func anAPIAnswerLargerThanTheBoundIsCutOff() async throws {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: APIClient.maxAnswerBytes + 1)
        let server = try server { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: big) }
        let logger = Logger(level: .error, output: OutputBuffer().output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        let client = APIClient(baseURL: server.baseURL, transport: CurlTransport(), userAgent: "meli-qa/test", accessToken: nil, timeout: 10, logger: logger)
        await #expect(throws: APIError.transport(.tooLarge(host: "127.0.0.1", limit: APIClient.maxAnswerBytes))) {
            _ = try await client.get([SiteDTO].self, .sites)
        }
    }

    /// A certificate file that is a FIFO is refused before libcurl opens it: its open blocked for
    /// ever, before any timeout applied (found by the attacker: still waiting after 40 s).
    @Test func aCertificateFileThatIsAFIFOIsRefusedWithoutOpeningIt() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path + "/ca.pem"
        #expect(mkfifo(fifo, 0o600) == 0)
        let transport = CurlTransport(environment: ["SSL_CERT_FILE": fifo])
        let refused = TransportError.unreadableAuthorities(.variable(name: "SSL_CERT_FILE", path: fifo), reason: "not a regular file (a FIFO, a device or a socket)")
        await #expect(throws: refused) {
            _ = try await transport.send(HTTPRequest(url: "https://127.0.0.1:9/sites", timeout: 5))
        }
    }

    // MARK: Connections

    @Test func requestsOfOneTransportShareOneConnection() async throws {
        let server = try server(keepAlive: true) { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page) }
        let transport = Self.shipped()
        for path in ["/items/MLA1", "/items/MLA1/description", "/sites"] {
            #expect(try await get(server.baseURL + path, on: transport).body == Self.page)
        }
        #expect(server.requests.count == 3)
        #expect(server.connections == 1, "one connection, kept open between requests")
    }

    /// The count above is real: a server that closes after each answer is connected to each time.
    @Test func aServerThatClosesEachConnectionIsReconnectedTo() async throws {
        let server = try server(keepAlive: false) { _ in .respond(status: 200, body: Self.page) }
        let transport = Self.shipped()
        for _ in 0..<3 { _ = try await get(server.baseURL + "/sites", on: transport) }
        #expect(server.connections == 3)
    }
}
