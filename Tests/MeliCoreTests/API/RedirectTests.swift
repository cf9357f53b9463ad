import Foundation
import MeliHTTP
import Synchronization
import Testing
@testable import MeliCore

/// meli follows redirects itself (`RedirectFollowingTransport` over `CurlTransport`, which follows
/// none), against real loopback servers: two servers on two ports are two origins.
@Suite("Redirects followed by meli, with its rules")
final class RedirectTests: @unchecked Sendable {
    var servers: [LoopbackServer] = []

    deinit { servers.forEach { $0.stop() } }

    func server(keepAlive: Bool = false, _ handler: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply) throws -> LoopbackServer {
        let server = try LoopbackServer(keepAlive: keepAlive, handler: handler)
        servers.append(server)
        return server
    }

    static func redirect(_ status: Int, to location: String) -> LoopbackServer.Reply {
        .respond(status: status, headers: ["Location": location], body: Array("moved".utf8))
    }

    static let ok = LoopbackServer.Reply.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Array("arrived".utf8))

    let transport = RedirectFollowingTransport(CurlTransport())

    func get(_ url: String, headers: [String: String] = [:]) async throws(TransportError) -> HTTPResponse {
        try await transport.send(HTTPRequest(url: url, headers: headers, timeout: 10))
    }

    func post(_ url: String, headers: [String: String] = ["Content-Type": "application/x-www-form-urlencoded"]) async throws(TransportError) -> HTTPResponse {
        try await transport.send(HTTPRequest(method: "POST", url: url, headers: headers, body: Array("a=1&b=2".utf8), timeout: 10))
    }

    @Test func curlAloneFollowsNoRedirect() async throws {
        let server = try server { $0.target == "/from" ? Self.redirect(302, to: "/to") : Self.ok }
        let response = try await CurlTransport().send(HTTPRequest(url: server.baseURL + "/from", timeout: 10))
        #expect(response.status == 302)
        #expect(response.headers["location"] == "/to")
        #expect(server.received.map(\.target) == ["/from"])
    }

    @Test func aRelativeLocationIsResolvedAgainstTheAddressThatAnswered() async throws {
        let server = try server(keepAlive: true) { request in
            switch request.target {
            case "/a/b/c?x=1": Self.redirect(301, to: "../d?y=2")
            case "/a/d?y=2": Self.redirect(302, to: "e")
            case "/a/e": Self.redirect(307, to: "//127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "")/f/./g/../h")
            default: Self.ok
            }
        }
        let response = try await get(server.baseURL + "/a/b/c?x=1")
        #expect(response.status == 200)
        #expect(response.body == Array("arrived".utf8))
        #expect(server.received.map(\.target) == ["/a/b/c?x=1", "/a/d?y=2", "/a/e", "/f/h"])
        #expect(server.connections == 1, "every hop to one origin reuses the connection")
    }

    @Test func fiveRedirectsAreFollowedAndASixthIsRefused() async throws {
        // /hop/N redirects to /hop/N-1; /hop/0 answers.
        let server = try server { request in
            guard let n = Int(request.target.split(separator: "/").last ?? ""), n > 0 else { return Self.ok }
            return Self.redirect(302, to: "/hop/\(n - 1)")
        }
        let five = try await get(server.baseURL + "/hop/5")
        #expect(five.status == 200)
        #expect(server.received.count == 6)

        await #expect(throws: TransportError.tooManyRedirects(url: server.baseURL + "/hop/6", limit: 5)) {
            _ = try await self.get(server.baseURL + "/hop/6")
        }
        #expect(server.received.count == 6 + 6)
        #expect(server.received.last?.target == "/hop/1", "the sixth redirect's target is never asked for")
    }

    @Test func aRedirectLoopStops() async throws {
        let server = try server { _ in Self.redirect(308, to: "/loop") }
        await #expect(throws: TransportError.tooManyRedirects(url: server.baseURL + "/loop", limit: 5)) {
            _ = try await self.get(server.baseURL + "/loop")
        }
        #expect(server.received.count == 6)
    }

    @Test(arguments: [301, 302, 303])
    func aPostRedirectedBy301302Or303ContinuesAsAGetWithoutBody(status: Int) async throws {
        let server = try server { $0.target == "/form" ? Self.redirect(status, to: "/done") : Self.ok }
        let response = try await post(server.baseURL + "/form")
        #expect(response.status == 200)
        let received = server.received
        #expect(received.map(\.method) == ["POST", "GET"])
        #expect(received[0].body == Array("a=1&b=2".utf8))
        #expect(received[1].body.isEmpty)
        #expect(received[1].headers["content-type"] == nil)
        #expect(received[1].headers["content-length"] == nil)
    }

    @Test(arguments: [307, 308])
    func a307Or308KeepsTheMethodAndTheBody(status: Int) async throws {
        let server = try server { $0.target == "/form" ? Self.redirect(status, to: "/done") : Self.ok }
        _ = try await post(server.baseURL + "/form")
        let received = server.received
        #expect(received.map(\.method) == ["POST", "POST"])
        #expect(received.map(\.target) == ["/form", "/done"])
        #expect(received[1].body == Array("a=1&b=2".utf8))
        #expect(received[1].headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test(arguments: [307, 308])
    func aBodyIsNeverSentToAnotherOrigin(status: Int) async throws {
        // The token endpoint's form holds the client secret: a 307 elsewhere must not get it.
        let elsewhere = try server { _ in Self.ok }
        let server = try server { _ in Self.redirect(status, to: elsewhere.baseURL + "/steal") }
        await #expect(throws: TransportError.redirectWithBody(from: server.baseURL + "/oauth/token", to: elsewhere.baseURL + "/steal")) {
            _ = try await post(server.baseURL + "/oauth/token")
        }
        #expect(elsewhere.received.isEmpty)
    }

    @Test func plainHttpIsFollowedOnlyOnThisMachine() async throws {
        // As MELI_API_BASE_URL and feeds: http is for loopback only, and a redirect cannot widen it.
        let server = try server { _ in Self.redirect(302, to: "http://192.0.2.2/sites") }
        await #expect(throws: TransportError.insecureRedirect(from: server.baseURL + "/sites", to: "http://192.0.2.2/sites")) {
            _ = try await get(server.baseURL + "/sites", headers: ["Authorization": "Bearer t"])
        }
        let local = try self.server { _ in Self.ok }
        let hop = try self.server { _ in Self.redirect(302, to: "http://localhost:\(local.port)/sites") }
        #expect(try await get(hop.baseURL + "/sites").status == 200)
    }

    @Test func a303KeepsAGetAGet() async throws {
        let server = try server { $0.target == "/a" ? Self.redirect(303, to: "/b") : Self.ok }
        _ = try await get(server.baseURL + "/a")
        #expect(server.received.map(\.method) == ["GET", "GET"])
    }

    @Test func credentialsGoOnlyToTheOriginTheRequestWasMeantFor() async throws {
        // origin -> other (another port: another origin) -> other again.
        let other = try server { $0.target == "/elsewhere" ? Self.redirect(302, to: "/back") : Self.ok }
        let origin = try server { request in
            switch request.target {
            case "/start": Self.redirect(302, to: other.baseURL + "/elsewhere")
            default: Self.ok
            }
        }
        let headers = ["Authorization": "Bearer APP_USR-secret-token", "Cookie": "session=1", "Accept": "application/json"]
        let response = try await get(origin.baseURL + "/start", headers: headers)
        #expect(response.status == 200)
        let atOrigin = try #require(origin.received.first)
        #expect(atOrigin.headers["authorization"] == "Bearer APP_USR-secret-token")
        #expect(atOrigin.headers["cookie"] == "session=1")
        #expect(other.received.count == 2)
        for request in other.received {
            #expect(request.headers["authorization"] == nil, "the token never reaches another origin: \(request.target)")
            #expect(request.headers["cookie"] == nil)
            #expect(request.headers["accept"] == "application/json", "other headers still go")
        }
    }

    @Test func credentialsAreSentAgainWhenARedirectReturnsToTheOrigin() async throws {
        let origin = Mutex<String>("")
        let other = try server { _ in Self.redirect(302, to: origin.withLock { $0 } + "/home") }
        let first = try server { $0.target == "/start" ? Self.redirect(302, to: other.baseURL + "/away") : Self.ok }
        origin.withLock { $0 = first.baseURL }
        _ = try await get(first.baseURL + "/start", headers: ["Authorization": "Bearer t"])
        #expect(first.received.map(\.target) == ["/start", "/home"])
        #expect(first.received.map { $0.headers["authorization"] } == ["Bearer t", "Bearer t"])
        #expect(other.received.map { $0.headers["authorization"] } == [nil])
    }

    @Test func anOriginIsSchemeHostAndPort() {
        #expect(URLReference("http://127.0.0.1:80/a").origin == URLReference("HTTP://127.0.0.1/b").origin)
        #expect(URLReference("https://api.example.com/a").origin == URLReference("https://API.example.com:443/").origin)
        #expect(URLReference("https://api.example.com/a").origin != URLReference("http://api.example.com/a").origin)
        #expect(URLReference("https://api.example.com/a").origin != URLReference("https://api.example.com:8443/a").origin)
        #expect(URLReference("https://api.example.com/a").origin != URLReference("https://api.example.com.evil/a").origin)
        #expect(URLReference("https://api.example.com@evil.example/a").origin == URLReference("https://evil.example/").origin)
        #expect(URLReference("http://[::1]:8080/x").origin == "http://[::1]:8080")
    }

    @Test func userInfoInAnAddressOnAnotherOriginIsDropped() async throws {
        let other = try server { _ in Self.ok }
        let origin = try server { _ in Self.redirect(302, to: "http://user:pass@127.0.0.1:\(other.port)/x") }
        _ = try await get(origin.baseURL + "/start")
        let request = try #require(other.received.first)
        #expect(request.headers["authorization"] == nil, "no Basic credentials the redirect chose")
    }

    /// A stand-in transport for an https server: the rule is the follower's, checked before any
    /// request to the http address is made.
    struct Answering: HTTPTransport {
        let sent = Collected<String>()
        let answer: @Sendable (HTTPRequest) -> HTTPResponse
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            sent.append(request.url)
            return answer(request)
        }
    }

    @Test func httpsIsNeverFollowedToHttp() async throws {
        let base = Answering { _ in HTTPResponse(status: 301, headers: ["Location": "http://api.example.com/sites"], body: []) }
        await #expect(throws: TransportError.insecureRedirect(from: "https://api.example.com/sites", to: "http://api.example.com/sites")) {
            _ = try await RedirectFollowingTransport(base).send(HTTPRequest(url: "https://api.example.com/sites", headers: ["Authorization": "Bearer t"], timeout: 5))
        }
        #expect(base.sent.items == ["https://api.example.com/sites"], "the http address is never asked")
    }

    @Test func httpToHttpsIsFollowed() async throws {
        let base = Answering { request in
            request.url.hasPrefix("http:")
                ? HTTPResponse(status: 301, headers: ["Location": "https://api.example.com/sites"], body: [])
                : HTTPResponse(status: 200, body: [])
        }
        let response = try await RedirectFollowingTransport(base).send(HTTPRequest(url: "http://api.example.com/sites", timeout: 5))
        #expect(response.status == 200)
        #expect(base.sent.items == ["http://api.example.com/sites", "https://api.example.com/sites"])
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "javascript:alert(1)", "http://", "/a b", "http://127.0.0.1/\u{7F}"])
    func aLocationThatIsNotAnHttpAddressIsRefused(location: String) async throws {
        let server = try server { _ in Self.redirect(302, to: location) }
        await #expect(throws: TransportError.badRedirect(from: server.baseURL + "/x", location: location)) {
            _ = try await self.get(server.baseURL + "/x")
        }
        #expect(server.received.count == 1)
    }

    @Test func aRedirectWithoutLocationIsTheAnswer() async throws {
        let server = try server { _ in .respond(status: 302, body: Array("no location".utf8)) }
        let response = try await get(server.baseURL + "/x")
        #expect(response.status == 302)
        #expect(server.received.count == 1)
    }

    /// RFC 3986, 5.4.1 and 5.4.2, against its base `http://a/b/c/d;p?q`.
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"),
        ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"), ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ])
    func relativeReferencesResolveAsRFC3986Says(reference: String, expected: String) {
        #expect(URLReference(reference).resolved(against: URLReference("http://a/b/c/d;p?q")).text == expected)
    }

    @Test func theMessagesNameWhatHappenedInBothLanguages() {
        let cases: [TransportError] = [
            .insecureRedirect(from: "https://a.example/x", to: "http://a.example/x"),
            .tooManyRedirects(url: "https://a.example/x", limit: 5),
            .badRedirect(from: "https://a.example/x", location: "file:///etc/passwd"),
            .redirectWithBody(from: "https://a.example/oauth/token", to: "https://b.example/steal"),
            .untrustedCertificate(host: "a.example", reason: "SSL certificate problem: self-signed certificate", authorities: .system),
        ]
        for error in cases {
            let failure = APIError.transport(error).failure(binary: "meli-qa")
            #expect(failure.exitCode == .failure)
            #expect(failure.text.english != failure.text.spanish)
            #expect(failure.text.english.contains("a.example"))
        }
        let certificate = APIError.transport(cases[4]).failure(binary: "meli-qa")
        #expect(certificate.hint?.english.contains("SSL_CERT_FILE") == true)
        #expect(certificate.hint?.spanish.contains("SSL_CERT_FILE") == true)
    }

    /// A Location is the server's text: a 95 KB one was quoted whole in the error, a screenful of
    /// it. Every address a redirect names is cut to 200 characters where a message quotes it.
    @Test func aHugeLocationIsQuotedShort() {
        let huge = "gopher://x.example/" + String(repeating: "A", count: 95_000)
        let cases: [TransportError] = [
            .badRedirect(from: "https://a.example/x", location: huge),
            .insecureRedirect(from: "https://a.example/x", to: "http://b.example/" + huge),
            .redirectWithBody(from: "https://a.example/oauth/token", to: "https://b.example/" + huge),
            .tooManyRedirects(url: "https://b.example/" + huge, limit: 5),
        ]
        for error in cases {
            let text = APIError.transport(error).failure(binary: "meli-qa").text
            #expect(text.english.count < 500, "\(String(describing: error).prefix(60))")
            #expect(text.spanish.count < 500)
            #expect(text.english.contains("…"))
        }
    }

    @Test func theBinaryFollowsARedirectAndKeepsTheTokenAtHome() throws {
        let page = #"[{"id":"MLA","name":"Argentina","default_currency_id":"ARS"}]"#
        let other = try server { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array(page.utf8)) }
        let origin = try server { request in
            request.target == "/sites" ? Self.redirect(302, to: other.baseURL + "/mirror/sites") : Self.ok
        }
        let home = try TemporaryDirectory()
        let result = try BinaryRunner.run("meli-qa", ["sites", "--json"], environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": origin.baseURL,
            "MELI_ACCESS_TOKEN": "APP_USR-binary-token", "MELI_LOG_LEVEL": "error",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Argentina"))
        #expect(origin.received.first?.headers["authorization"] == "Bearer APP_USR-binary-token")
        #expect(other.received.map(\.target) == ["/mirror/sites"])
        #expect(other.received.first?.headers["authorization"] == nil)
    }

    @Test func theBinaryRefusesTooManyRedirectsWithAClearError() throws {
        let server = try server { _ in Self.redirect(302, to: "/sites") }
        let home = try TemporaryDirectory()
        let result = try BinaryRunner.run("meli-qa", ["sites"], environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": server.baseURL, "MELI_LOG_LEVEL": "error",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("redirected more than 5 times in a row"), "\(result.stderr)")
        #expect(server.received.count == 6, "not retried: the answer would be the same")
    }

    /// A Location (and any header) holding terminal escapes is quoted in the log at -vvv without them.
    @Test func theBinaryLogsNoEscapeAServerSent() throws {
        let server = try server { _ in
            .respond(status: 302, headers: ["Location": "/x\u{1B}]0;title\u{07}", "X-Evil": "\u{1B}[2J"], body: [])
        }
        let home = try TemporaryDirectory()
        let result = try BinaryRunner.run("meli-qa", ["sites", "-vvv"], environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": server.baseURL,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("redirected to '/x'"), "each escape goes whole: \(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(result.stderr.debugDescription)")
    }
}
