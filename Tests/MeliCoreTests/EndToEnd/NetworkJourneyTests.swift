import Foundation
import Testing
@testable import MeliCore

/// The network as a user of `meli-qa` meets it, running the built binary against real local
/// servers: timeouts, one connection per command, proxies from the environment, TLS verification,
/// HTTP/2, Ctrl-C, and nothing written outside the binary's own folders.
@Suite("Network behaviour of the built binaries")
final class NetworkJourneyTests: @unchecked Sendable {
    let home: TemporaryDirectory
    var servers: [LoopbackServer] = []

    init() throws { home = try TemporaryDirectory() }
    deinit { servers.forEach { $0.stop() } }

    static let page = CurlBehaviourTests.page
    static let item = HTTPPathTests.fixture("item_MLA848214758.json")
    static let description = HTTPPathTests.fixture("description_MLA632591345.json")

    /// Exactly this environment: nothing of the machine's (no proxy variables, no XDG_*).
    func environment(base: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "warning"]
            .merging(extra) { $1 }
    }

    func run(_ arguments: [String], base: String, env extra: [String: String] = [:]) throws -> RunResult {
        try BinaryRunner.run("meli-qa", arguments, environment: environment(base: base, extra))
    }

    func server(keepAlive: Bool = false, _ reply: @escaping @Sendable (String) -> LoopbackServer.Reply) throws -> LoopbackServer {
        let server = try LoopbackServer(keepAlive: keepAlive, routes: reply)
        servers.append(server)
        return server
    }

    /// Every file and folder below HOME, relative, sorted.
    func homeContents() -> [String] { home.contents() }

    // MARK: Timeouts

    enum Stall: String, CaseIterable, Sendable { case connect, silence, trickle }

    /// Each way a server can hang a command ends it, within MELI_HTTP_TIMEOUT per attempt, with
    /// the timeout's message and exit 1.
    @Test(arguments: Stall.allCases)
    func aStuckServerEndsTheCommandWithTheTimeoutMessage(_ stall: Stall) throws {
        let unanswered = try FullBacklog()
        let base: String
        switch stall {
        case .connect: base = unanswered.baseURL
        case .silence: base = try server { _ in .silent(seconds: 30) }.baseURL
        case .trickle: base = try server { _ in .trickle(body: Array(repeating: UInt8(ascii: " "), count: 300), every: 0.3) }.baseURL
        }
        let result = try run(["search", "x"], base: base, env: ["MELI_HTTP_TIMEOUT": "1"])
        #expect(result.status == 1, "\(stall): \(result.stderr)")
        // A connection never accepted ran out of the connect timeout (min(MELI_HTTP_TIMEOUT, 10 s)),
        // and says so; one accepted ran out of the whole timeout. One second is singular; the attempts
        // and the time they took in all follow.
        let said = stall == .connect ? "could not connect to 127.0.0.1 within 1 second on the last of " : "127.0.0.1 did not answer within 1 second on the last of "
        #expect(result.stderr.contains(said), "\(stall): \(result.stderr)")
        #expect(result.stderr.contains("MELI_HTTP_TIMEOUT"))
        #expect(result.stdout == "")
    }

    /// Waiting for a silent server costs no processor time: the binary sleeps in poll until
    /// libcurl's timer. What is held is processor time, not a duration: it does not grow on a busy
    /// machine. Measured here (1 s timeout, about 2.4 s of waiting over the attempts): 0.01 s with
    /// libcurl; 1.8 s with URLSession, which polled about 10,000 times a second.
    @Test func waitingForASilentServerUsesNoProcessorTime() throws {
        let silent = try server { _ in .silent(seconds: 30) }
        let outputs = try TemporaryDirectory()
        let process = try SpawnedProcess(
            [try BinaryRunner.path(of: "meli-qa"), "search", "x"], environment: environment(base: silent.baseURL, ["MELI_HTTP_TIMEOUT": "1"]),
            stdout: outputs.path + "/out", stderr: outputs.path + "/err")
        #expect(process.wait() == .exited(1))
        #expect(try String(contentsOfFile: outputs.path + "/err", encoding: .utf8).contains("did not answer within 1 second on the last of "))
        let cpu = try #require(process.cpuSeconds)
        #expect(cpu < 0.3, "\(cpu) s of processor time spent waiting for a silent server")
    }

    /// Started with its standard output closed (`>&-`), a search that reaches the network fails
    /// as one that does not, naming the closed descriptor: nothing it opens takes number 1 and
    /// swallows the output (libcurl's wake-up socket pair did, and the run exited 0).
    @Test func aClosedStandardOutputIsNotTakenByAnythingTheSearchOpens() throws {
        let page = try DTODecodingTests.bytes("search_MLA_motorola_g6_2021.json")
        let api = try server { _ in .respond(status: 200, body: page) }
        let outputs = try TemporaryDirectory()
        let process = try SpawnedProcess(
            [try BinaryRunner.path(of: "meli-qa"), "--no-cache", "search", "motorola"], environment: environment(base: api.baseURL),
            stdout: nil, stderr: outputs.path + "/err")
        #expect(process.wait() == .exited(1))
        let err = try String(contentsOfFile: outputs.path + "/err", encoding: .utf8)
        #expect(err.contains("could not write its output to standard output (\(SystemError.text(EBADF)))"), "\(err)")
    }

    // MARK: One connection

    /// `item` asks for the item and its description: both travel over one connection.
    @Test func anItemAndItsDescriptionShareOneConnection() throws {
        let server = try server(keepAlive: true) { target in
            switch target {
            case "/items/MLA848214758": .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.item)
            case "/items/MLA848214758/description": .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.description)
            default: .respond(status: 404, body: Array(#"{"message":"not found"}"#.utf8))
            }
        }
        let result = try run(["item", "MLA848214758"], base: server.baseURL)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(server.requests.map(\.line)) == ["GET /items/MLA848214758 HTTP/1.1", "GET /items/MLA848214758/description HTTP/1.1"])
        #expect(server.connections == 1, "one connection for the whole command, not one per request")
    }

    // MARK: Proxies

    /// Nothing listens on localhost:1: only the proxy can answer, and it gets the absolute URL on
    /// its request line, as curl sends it. (Plain http is for this machine only; curl proxies
    /// localhost too unless no_proxy says otherwise.)
    @Test func httpProxyCarriesPlainHTTPRequests() throws {
        let proxy = try server { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page) }
        let result = try run(["search", "x"], base: "http://localhost:1", env: ["http_proxy": proxy.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("MLA1\t"))
        #expect(proxy.requests.map(\.line) == ["GET http://localhost:1/sites/MLA/search?q=x&offset=0&limit=20 HTTP/1.1"])
    }

    @Test func noProxyNamesHostsReachedDirectly() throws {
        let proxy = try server { _ in .respond(status: 502, body: []) }
        let origin = try server { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page) }
        for noProxy in ["127.0.0.1", "meli.test,127.0.0.1", "*"] {
            let result = try run(["search", "x", "--no-cache"], base: origin.baseURL, env: ["http_proxy": proxy.baseURL, "no_proxy": noProxy])
            #expect(result.status == 0, "no_proxy=\(noProxy): \(result.stderr)")
        }
        #expect(origin.requests.count == 3)
        #expect(proxy.requests.isEmpty)
        // The same without no_proxy goes through the proxy (whose 502 fails the command): the
        // variable, not luck, kept the requests above direct.
        let proxied = try run(["search", "x", "--no-cache"], base: origin.baseURL, env: ["http_proxy": proxy.baseURL, "MELI_HTTP_TIMEOUT": "2"])
        #expect(proxied.status == 1)
        #expect(!proxy.requests.isEmpty)
    }

    /// An https URL goes through `https_proxy` (or `HTTPS_PROXY`) as a CONNECT tunnel, never
    /// through `http_proxy`; the proxy refusing the tunnel fails the command.
    @Test(arguments: ["https_proxy", "HTTPS_PROXY"])
    func httpsProxyIsAskedForATunnel(_ variable: String) throws {
        let proxy = try server { _ in .respond(status: 403, body: []) }
        let result = try run(["search", "x"], base: "https://meli.test:8443", env: [variable: proxy.baseURL, "MELI_HTTP_TIMEOUT": "2"])
        #expect(result.status == 1)
        #expect(proxy.requests.first?.line == "CONNECT meli.test:8443 HTTP/1.1", "\(proxy.requests.map(\.line))")
    }

    /// Through the tunnel the proxy opens, TLS is verified against the host the URL names
    /// (`meli.test`, which only the proxy can reach), and the request goes to the origin.
    @Test func httpsThroughAProxyTunnelReachesTheOriginVerified() throws {
        let certificate = try TestCertificate()
        let origin = try ServerProcess.https(certificate: certificate, body: Self.page)
        let proxy = try server { _ in .tunnel(port: origin.port) }
        let result = try run(["search", "x"], base: "https://meli.test", env: ["https_proxy": proxy.baseURL, "SSL_CERT_FILE": certificate.certificate])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("MLA1\t"))
        #expect(proxy.requests.map(\.line) == ["CONNECT meli.test:443 HTTP/1.1"])
        #expect(origin.log.contains("GET /sites/MLA/search?q=x&offset=0&limit=20 HTTP/1.1"), "\(origin.log)")
        let untrusted = try run(["search", "x", "--no-cache"], base: "https://meli.test", env: ["https_proxy": proxy.baseURL])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("meli.test"), "\(untrusted.stderr)")
    }

    /// curl reads `http_proxy` in lower case only (an upper-case `HTTP_PROXY` can be set by a web
    /// server from a request's `Proxy:` header, "httpoxy"), and never uses it for https.
    @Test func upperCaseHTTPProxyAndHttpProxyForHTTPSAreIgnored() throws {
        let proxy = try server { _ in .respond(status: 502, body: []) }
        let origin = try server { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page) }
        let direct = try run(["search", "x"], base: origin.baseURL, env: ["HTTP_PROXY": proxy.baseURL])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(origin.requests.count == 1)
        let https = try run(["search", "x"], base: "https://meli.test:8443", env: ["http_proxy": proxy.baseURL, "MELI_HTTP_TIMEOUT": "2"])
        #expect(https.status == 1)
        #expect(https.stderr.contains("meli.test"), "\(https.stderr)")
        #expect(proxy.requests.isEmpty)
    }

    // MARK: TLS

    @Test func aCertificateNoAuthorityVouchesForIsRefusedSayingWhatToDo() throws {
        let certificate = try TestCertificate()
        let server = try ServerProcess.https(certificate: certificate, body: Self.page)
        let base = "https://localhost:\(server.port)"
        let refused = try run(["search", "x"], base: base)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr.contains("localhost"), "\(refused.stderr)")
        #expect(refused.stderr.lowercased().contains("certificate"), "\(refused.stderr)")
        #expect(refused.stderr.contains("SSL_CERT_FILE"), "the hint names the way to trust a certificate: \(refused.stderr)")
        #expect(!server.log.contains("GET /"), "no request was sent over the untrusted connection")

        let trusted = try run(["search", "x"], base: base, env: ["SSL_CERT_FILE": certificate.certificate])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.hasPrefix("MLA1\t"))
        #expect(server.log.contains("GET /sites/MLA/search?q=x&offset=0&limit=20 HTTP/1.1"), "\(server.log)")
    }

    /// The certificate names `localhost`, `meli.test` and 127.0.0.1: another name is refused even
    /// when the certificate is trusted.
    @Test func aTrustedCertificateForAnotherNameIsRefused() throws {
        let certificate = try TestCertificate()
        let server = try ServerProcess.https(certificate: certificate, body: Self.page)
        let result = try run(["search", "x"], base: "https://127.0.0.2:\(server.port)", env: ["SSL_CERT_FILE": certificate.certificate])
        #expect(result.status == 1)
        #expect(result.stderr.contains("127.0.0.2"), "\(result.stderr)")
    }

    /// Authorities that cannot be read are a configuration error of their own (exit 3) naming the
    /// variable and the path, not an untrusted certificate; CURL_CA_BUNDLE wins over SSL_CERT_FILE,
    /// as in curl, and the message says which was used.
    @Test func unreadableAuthoritiesNameTheVariableAndThePath() throws {
        let certificate = try TestCertificate()
        let server = try ServerProcess.https(certificate: certificate, body: Self.page)
        let base = "https://localhost:\(server.port)"
        let missing = try run(["search", "x"], base: base, env: ["SSL_CERT_FILE": "/nonexistent/ca.pem"])
        #expect(missing.status == 3, "\(missing.stderr)")
        #expect(missing.stderr.contains("/nonexistent/ca.pem, which SSL_CERT_FILE names"), "\(missing.stderr)")
        #expect(missing.stderr.contains("Set SSL_CERT_FILE to a readable PEM file"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("not trusted"), "\(missing.stderr)")
        let spanish = try run(["search", "x"], base: base, env: ["SSL_CERT_FILE": "/nonexistent/ca.pem", "MELI_LANG": "es"])
        #expect(spanish.status == 3)

        let bundle = try run(["search", "x"], base: base, env: ["CURL_CA_BUNDLE": "/nowhere/bundle.pem", "SSL_CERT_FILE": certificate.certificate])
        #expect(bundle.status == 3, "\(bundle.stderr)")
        #expect(bundle.stderr.contains("/nowhere/bundle.pem, which CURL_CA_BUNDLE names"), "\(bundle.stderr)")
        #expect(bundle.stderr.contains("CURL_CA_BUNDLE, when set, wins over SSL_CERT_FILE"), "\(bundle.stderr)")
        #expect(!server.log.contains("GET /"))
    }

    /// The untrusted-certificate hint says what was checked against (the variable and its file)
    /// and names the binary that verified, not "meli".
    @Test func anUntrustedCertificateSaysWhichAuthoritiesWereUsed() throws {
        let certificate = try TestCertificate()
        let other = try TestCertificate()
        let server = try ServerProcess.https(certificate: certificate, body: Self.page)
        let result = try run(["search", "x"], base: "https://localhost:\(server.port)", env: ["SSL_CERT_FILE": other.certificate])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("meli-qa always verifies certificates, here against SSL_CERT_FILE (\(other.certificate))"), "\(result.stderr)")
        #expect(result.stderr.contains("CURL_CA_BUNDLE, when set, wins"), "\(result.stderr)")
        let bundle = try run(["search", "x"], base: "https://localhost:\(server.port)", env: ["CURL_CA_BUNDLE": other.certificate, "SSL_CERT_FILE": certificate.certificate])
        #expect(bundle.status == 1, "CURL_CA_BUNDLE won over SSL_CERT_FILE: \(bundle.stderr)")
        #expect(bundle.stderr.contains("here against CURL_CA_BUNDLE (\(other.certificate))"), "\(bundle.stderr)")
    }

    // MARK: proxy failures

    /// A proxy that cannot be resolved or connected to is named, with the variable that chose it
    /// (never its credentials), not reported as the API host being unreachable.
    @Test func aBrokenProxyIsNamedWithItsVariable() throws {
        let closed = try ServerProcess.freePort()
        let cases: [(String, String, String)] = [
            ("https_proxy", "http://user:secret@proxy.invalid:3128", "the proxy http://proxy.invalid:3128 that https_proxy names"),
            ("all_proxy", "http://127.0.0.1:\(closed)", "the proxy http://127.0.0.1:\(closed) that all_proxy names"),
        ]
        for (variable, value, said) in cases {
            let result = try run(["search", "x"], base: "https://meli.test:8443", env: [variable: value, "MELI_HTTP_TIMEOUT": "2"])
            #expect(result.status == 1, "\(variable): \(result.stderr)")
            #expect(result.stderr.contains(said), "\(variable): \(result.stderr)")
            #expect(result.stderr.contains("Check the proxy's address in \(variable)"), "\(result.stderr)")
            #expect(!result.stderr.contains("secret"))
        }
    }

    // MARK: logs

    /// Failed attempts are logged at debug (-vv), in words, not at info as a Swift value.
    @Test func failedAttemptsAreLoggedAtDebugInWords() throws {
        let closed = try ServerProcess.freePort()
        let base = "http://127.0.0.1:\(closed)"
        let quiet = try run(["search", "x"], base: base, env: ["MELI_LOG_LEVEL": "info"])
        #expect(quiet.status == 1)
        #expect(!quiet.stderr.contains("failed:"), "\(quiet.stderr)")
        let verbose = try run(["-vv", "search", "x"], base: base, env: ["MELI_LOG_LEVEL": "info"])
        #expect(verbose.stderr.contains("debug: GET \(base)/sites/MLA/search?q=x&offset=0&limit=20 failed: cannot reach 127.0.0.1: "), "\(verbose.stderr)")
        #expect(!verbose.stderr.contains("connection(host:"), "\(verbose.stderr)")
    }

    // MARK: HTTP/2

    /// nghttpd speaks only HTTP/2 (it closes a TLS connection that did not choose h2 by ALPN), so
    /// an answer at all means HTTP/2; its frame log says so too.
    @Test func http2IsUsedWhenTheServerOffersIt() throws {
        let certificate = try TestCertificate()
        let htdocs = try TemporaryDirectory()
        try htdocs.write("sites/MLA/search", bytes: Self.page)
        let server = try ServerProcess.nghttpd(certificate: certificate, htdocs: htdocs.path)
        let result = try run(["search", "x"], base: "https://localhost:\(server.port)", env: ["SSL_CERT_FILE": certificate.certificate])
        #expect(result.status == 0, "\(result.stderr)\n\(server.log)")
        #expect(result.stdout.hasPrefix("MLA1\t"))
        #expect(server.log.contains("The negotiated protocol: h2"), "\(server.log)")
        #expect(server.log.contains(":path: /sites/MLA/search?q=x&offset=0&limit=20"), "\(server.log)")
    }

    // MARK: Ctrl-C

    /// Ctrl-C mid-answer ends the command at once the way curl and git end: killed by SIGINT,
    /// which the shell shows as exit 130 and which stops a calling script's loop too (an
    /// `exit(130)` would not: bash only stops a loop for a child the signal killed). It prints
    /// nothing, and the cache holds the earlier answer and nothing of the interrupted one.
    @Test func ctrlCEndsACommandAtOnceLeavingNoCacheEntry() throws {
        let server = try server { target in
            target.contains("q=slow")
                ? .trickle(body: Array(repeating: UInt8(ascii: " "), count: 300), every: 0.2)
                : .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page)
        }
        #expect(try run(["search", "fast"], base: server.baseURL).status == 0)
        let cache = home.path + "/.cache/meli-qa/http"
        let before = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(before.count == 1)

        // Started as a shell starts it (Foundation's Process would pass on this thread's blocked SIGINT).
        let outputs = try TemporaryDirectory()
        let process = try SpawnedProcess(
            [try BinaryRunner.path(of: "meli-qa"), "search", "slow"], environment: environment(base: server.baseURL, ["MELI_HTTP_TIMEOUT": "60"]),
            stdout: outputs.path + "/out", stderr: outputs.path + "/out")
        // Until the request is in and the body has started to flow (a wait, not an assertion).
        for _ in 0..<200 where server.requests.count < 2 { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "still receiving the slow body")
        process.signal(SIGINT)
        let ending = process.wait()
        let printed = try String(contentsOfFile: outputs.path + "/out", encoding: .utf8)

        #expect(ending == .signalled(SIGINT), "ended by SIGINT, not by the 60 s timeout: \(ending) \(printed)")
        #expect(printed == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == before, "no entry and no temporary file for the interrupted answer")
    }

    // MARK: Nothing outside its folders

    /// With an empty HOME and no XDG_* variables, network commands (a search, its revalidation,
    /// an item, a site saved, an update check) write only under the binary's own XDG folders.
    @Test func networkCommandsWriteOnlyUnderTheirOwnFolders() throws {
        let server = try server(keepAlive: true) { target in
            switch target {
            case "/items/MLA848214758": .respond(status: 200, body: Self.item)
            case "/items/MLA848214758/description": .respond(status: 200, body: Self.description)
            case "/sites/MLA/categories": .respond(status: 200, body: HTTPPathTests.fixture("categories_MCO.json"))
            case "/sites/MLA": .respond(status: 200, body: Array(#"{"id":"MLA","name":"Argentina","default_currency_id":"ARS"}"#.utf8))
            case "/feed.json": .respond(status: 200, body: Array(feedJSON([("9.9.9-rc.1", "2099-01-01T00:00:00Z", ["feat: newer"])]).utf8))
            default: .respond(status: 200, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""], body: Self.page)
            }
        }
        #expect(homeContents().isEmpty)
        let commands = [["search", "x"], ["search", "x"], ["item", "MLA848214758"], ["categories"], ["site", "MLA"], ["update", "--check"]]
        for arguments in commands {
            let result = try run(arguments, base: server.baseURL, env: ["MELI_QA_UPDATE_FEED_URL": server.baseURL + "/feed.json"])
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        }
        let files = homeContents()
        #expect(files.contains { $0.hasPrefix(".cache/meli-qa/http/") }, "the answers were cached: \(files)")
        #expect(files.contains { $0.hasPrefix(".local/state/meli-qa/") }, "the site was saved: \(files)")
        let own = [".cache", ".cache/meli-qa", ".config", ".config/meli-qa", ".local", ".local/state", ".local/state/meli-qa"]
        let strays = files.filter { path in !own.contains(path) && !own.contains { path.hasPrefix($0 + "/") && $0.hasSuffix("meli-qa") } }
        #expect(strays == [], "written outside ~/.cache/meli-qa, ~/.config/meli-qa, ~/.local/state/meli-qa")
    }
}
