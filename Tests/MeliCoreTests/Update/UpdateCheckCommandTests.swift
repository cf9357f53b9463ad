import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// `update --check [--json]`, the feed key per binary, the binary check, and the notice after a
/// command, run in process with real feed files and a real loopback server.
@Suite("update --check and the notice")
struct UpdateCheckCommandTests {
    let home: TemporaryDirectory
    /// This test build's version (unstamped): every published build is newer.
    let installed = BuildInfo.current.version

    init() throws {
        home = try TemporaryDirectory()
    }

    func run(
        _ arguments: [String], as name: EnvironmentName = .qa, environment extra: [String: String] = [:], terminal: Bool = false,
        transport: any HTTPTransport = NoNetwork(), now: Date = Date()
    ) async -> (code: ExitCode, out: String, err: String) {
        await runInProcess(arguments, as: name, home: home, environment: extra, terminal: terminal, transport: transport, now: now)
    }

    func writeFeed(binary: String = "meli-qa", installedExpires: String = "2099-01-01T00:00:00Z", published: String? = nil) throws -> String {
        try home.write("channel/feed.json", feedJSON(binary: binary, published: published, [
            ("9.1.0-rc.2", "2099-01-01T00:00:00Z", ["search: keep the sort on the next page"]),
            ("9.1.0-rc.1", "2099-01-01T00:00:00Z", ["item: show the seller", "cache: \"quoted\" answers"]),
            ("9.0.0-rc.1", "2001-01-01T00:00:00Z", ["expired, never listed"]),
            (installed, installedExpires, ["this build"]),
        ]))
    }

    /// The feed carries the sha256 every download is checked against: it is read over https, http to
    /// this machine, or from a file, and nothing else; a bad address names the key to fix, exit 3.
    @Test(arguments: [
        ("http://192.0.2.2:8080/feed.json", APIBaseURL.Problem.plainHTTPToRemoteHost("192.0.2.2")),
        ("htps://example.com/feed.json", .unsupportedScheme("htps")),
        ("sandbox://", nil),
        ("https://user:secret@example.com/feed.json", .credentials),
        // A password with a space (or a quote) ends a URL in free text, so only a mask that knows
        // the value is one address hides all of it.
        ("https://user:my secret@example.com/feed.json", .credentials),
        ("https://user:a'secret b@example.com/feed.json", .credentials),
    ])
    func aFeedAddressOfNoUsableKindIsRefusedBeforeAnyRequest(_ address: String, _ problem: APIBaseURL.Problem?) async throws {
        let seen = Collected<String>()
        let recording = AnsweringTransport { (request: HTTPRequest) throws(TransportError) -> HTTPResponse in
            seen.append(request.url)
            throw .connection(host: "nowhere", reason: "refused")
        }
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": address], transport: recording)
        #expect(result.code == .configuration)
        // A URL's user information is masked like every secret (`https://***@example.com`).
        let expected = Reported.stderr(FeedError.badAddress(location: address, key: "MELI_QA_UPDATE_FEED_URL", problem: problem), binary: "meli-qa")
        #expect(result.err == Redactor.maskingUserInfo(expected))
        #expect(!result.err.contains("secret"))
        if problem == .credentials { #expect(result.err.contains("'https://***@example.com/feed.json'")) }
        #expect(seen.items.isEmpty)
    }

    @Test func anUnreachableFeedNamesItsOwnKeyNotTheAPIs() async throws {
        let refusing = AnsweringTransport { (_: HTTPRequest) throws(TransportError) -> HTTPResponse in
            throw .connection(host: "example.invalid", reason: "the host name could not be resolved")
        }
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": "https://example.invalid/feed.json"], transport: refusing)
        #expect(result.code == .failure)
        let unreachable = FeedError.unreachable(host: "example.invalid", reason: "the host name could not be resolved", key: "MELI_QA_UPDATE_FEED_URL")
        #expect(result.err == Reported.stderr(unreachable, binary: "meli-qa"))
    }

    @Test func checkListsTheChangesOfEveryNewerBuild() async throws {
        let feed = try writeFeed()
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out == """
            meli-qa 9.1.0-rc.2 is available (this is \(installed)), built 2026-03-01.
            What changed since \(installed):
            9.1.0-rc.2 (2026-03-01):
              - search: keep the sort on the next page
            9.1.0-rc.1 (2026-03-01):
              - item: show the seller
              - cache: "quoted" answers
            Install it with 'meli-qa update'.

            """)
    }

    /// A first build lists every commit: at most 30 changes are shown, the rest counted.
    @Test func manyChangesAreCountedAfterTheFirstThirty() async throws {
        let feed = try home.write("channel/feed.json", feedJSON(binary: "meli-qa", [
            ("9.1.0-rc.2", "2099-01-01T00:00:00Z", (1...25).map { "change \($0)" }),
            ("9.1.0-rc.1", "2099-01-01T00:00:00Z", (26...270).map { "change \($0)" }),
            (installed, "2099-01-01T00:00:00Z", ["this build"]),
        ]))
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(result.code == .success, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  - change ") }.count == 30)
        #expect(lines.contains("  - change 30") && !lines.contains("  - change 31"))
        #expect(lines.contains("  … and 240 more (all of them: 'meli-qa update --check --json')"), "\(result.out)")
        let json = await run(["update", "--check", "--json=changes"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(json.out.components(separatedBy: "\"change ").count - 1 == 270)
    }

    /// An older build than the one in use is refused before it is downloaded, and the cache is
    /// left as it was (it was downloaded first, and update/ stayed behind; attack report).
    @Test func anOlderBuildIsRefusedBeforeAnyDownload() async throws {
        let feed = try home.write("channel/feed.json", feedJSON(binary: "meli-qa", [("1.0.0", "2099-01-01T00:00:00Z", ["old"])]))
        let prefix = home.path + "/prefix"
        try FileSystem.local.makeDirectories(prefix + "/lib/meli-qa/9.0.0/bin")
        try FileSystem.local.replaceSymlink(prefix + "/lib/meli-qa/current", target: "9.0.0")
        let requests = RequestLog()
        let result = await run(["self", "install", feed, "--prefix", prefix], transport: requests)
        #expect(result.code.rawValue == 1, "\(result.err)")
        #expect(result.err.contains("meli-qa 9.0.0 is in use, newer than this package's 1.0.0; nothing was installed"), "\(result.err)")
        #expect(requests.count == 0)
        #expect(FileSystem.local.kind(of: home.path + "/.cache/meli-qa/update") == .missing)
    }

    /// A binary that checks signatures: a build the feed gives no signature for is not offered to
    /// install (before, --check said "Install it with 'meli-qa update'", and update downloaded it,
    /// printed every change, and refused it); update refuses it before any download.
    @Test func anUnsignedBuildIsNotOfferedByABinaryThatChecksSignatures() async throws {
        // The feed itself is signed (a binary that trusts a key reads no other); its build is not.
        let key = try SigningKey()
        let feed = try writeFeed(published: "2026-03-01T10:00:00Z")
        try key.signFeed(at: feed)
        let keys = ["MELI_QA_UPDATE_FEED_URL": feed, "MELI_UPDATE_KEYS": key.publicKey]
        let check = await run(["update", "--check"], environment: keys)
        #expect(check.code == .success, "\(check.err)")
        #expect(check.out.hasSuffix("But 9.1.0-rc.2 is not signed, and meli-qa installs only builds signed by a key it trusts: 'meli-qa update' would refuse it. Ask the channel's publisher for a signed build.\n"))
        #expect(!check.out.contains("Install it with"))
        let requests = RequestLog()
        let update = await run(["update"], environment: keys, transport: requests)
        #expect(update.code.rawValue == 1, "\(update.err)")
        #expect(update.err.contains("is refused: it is not signed"), "\(update.err)")
        #expect(update.out.isEmpty)
        #expect(requests.count == 0)
    }

    @Test func checkAsJSON() async throws {
        let feed = try writeFeed(installedExpires: "2020-01-01T00:00:00Z")
        let result = await run(["update", "--check", "--json"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(result.code == .success, "\(result.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(object["binary"] as? String == "meli-qa")
        #expect(object["current"] as? String == installed)
        #expect(object["latest"] as? String == "9.1.0-rc.2")
        #expect(object["available"] as? Bool == true)
        #expect(object["expires"] as? String == "2020-01-01T00:00:00Z")
        #expect(object["expired"] as? Bool == true)
        #expect(object["changes"] as? [String] == ["search: keep the sort on the next page", "item: show the seller", "cache: \"quoted\" answers"])
        #expect((object["builds"] as? [[String: Any]])?.compactMap { $0["version"] as? String } == ["9.1.0-rc.2", "9.1.0-rc.1"])
        let keys = result.out.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { String($0.dropFirst(3).prefix { $0 != "\"" }) }
        #expect(keys == ["binary", "current", "latest", "available", "expires", "expired", "changes", "builds"], "stable order")
        let buildKeys = result.out.split(separator: "\n").filter { $0.hasPrefix("      \"") }.map { String($0.dropFirst(7).prefix { $0 != "\"" }) }
        #expect(buildKeys.prefix(5) == ["version", "date", "expires", "file", "changes"])
        let picked = await run(["update", "--check", "--json=latest,binary"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(picked.out == "{\n  \"binary\": \"meli-qa\",\n  \"latest\": \"9.1.0-rc.2\"\n}\n", "declaration order, only those")

        let usage = await run(["update", "--json"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(usage.code == .usage)
    }

    @Test func aFeedForAnotherBinaryIsRefusedAndNothingIsDownloaded() async throws {
        let feed = try writeFeed(binary: "meli-qa")
        for arguments in [["update"], ["update", "--check"]] {
            let result = await run(arguments, as: .dev, environment: ["MELI_DEV_UPDATE_FEED_URL": feed])
            #expect(result.code == .failure)
            #expect(result.err == Reported.stderr(FeedError.wrongBinary(location: feed, feedBinary: "meli-qa", binary: "meli-dev"), binary: "meli-dev"))
        }
        #expect(!home.contents().contains { $0.hasPrefix(".cache") })
    }

    @Test func eachBinaryReadsOnlyItsOwnKey() async throws {
        let feed = try writeFeed()
        // meli-dev ignores the QA key, without a warning, and says what to set.
        let dev = await run(["update", "--check"], as: .dev, environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(dev.code == .configuration)
        let devError = UpdateError.noFeed(binary: "meli-dev", key: "MELI_DEV_UPDATE_FEED_URL", envFile: "Dev.env", environment: .dev)
        #expect(dev.err == Reported.stderr(devError, binary: "meli-dev"), "the error alone: no warning of an unknown key")
        let env = await run(["env", "--json"], as: .qa, environment: ["MELI_DEV_UPDATE_FEED_URL": feed, "MELI_PRODUCTION_UPDATE_FEED_URL": feed])
        #expect(env.code == .success)
        #expect(!env.out.contains(feed) && env.err.isEmpty)
        // meli-qa with QA.env's empty key: which key, where to set it (never the installed, per-version
        // file, which the next update replaces), and the channel URL's form.
        let qa = await run(["update", "--check"], as: .qa)
        #expect(qa.code == .configuration)
        let qaError = UpdateError.noFeed(binary: "meli-qa", key: "MELI_QA_UPDATE_FEED_URL", envFile: "QA.env", environment: .qa)
        #expect(qa.err == Reported.stderr(qaError, binary: "meli-qa"))
        // The retired key draws a warning naming the new one, and is not read.
        let retired = await run(["update", "--check"], as: .qa, environment: ["MELI_UPDATE_FEED_URL": feed])
        #expect(retired.code == .configuration)
        #expect(retired.err.contains(Message.Configuration.retiredFeedKey(retired: "MELI_UPDATE_FEED_URL", key: "MELI_QA_UPDATE_FEED_URL").english))
        #expect(retired.err.hasSuffix(Reported.stderr(qaError, binary: "meli-qa")), "and the key is not read")
    }

    @Test func anExpiredBuildIsToldOnEveryRunAfterACheck() async throws {
        let feed = try writeFeed(installedExpires: "2020-01-01T00:00:00Z")
        let env = ["MELI_QA_UPDATE_FEED_URL": feed]
        let check = await run(["update", "--check"], environment: env)
        let expired = Message.Update.notifyExpired(binary: "meli-qa", version: installed, date: "2020-01-01").english
        #expect(check.out.hasPrefix(expired + "\n"))
        for _ in 1...2 {
            let other = await run(["env"], environment: env, terminal: false)
            #expect(other.code == .success)
            #expect(other.err == expired + "\n" + Message.Update.notifyGetIt(binary: "meli-qa").english + "\n")
        }
        #expect(await run(["env"], environment: env.merging(["CI": "1"]) { $1 }).err == "")
        #expect(await run(["env", "-q"], environment: env).err == "")
    }

    @Test func theNoticeFollowsACommandOnATerminalOnceADayOverHTTP() async throws {
        let body = Array(feedJSON([("9.1.0-rc.2", "2099-01-01T00:00:00Z", ["search: keep the sort on the next page"])]).utf8)
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: body) })
        defer { server.stop() }
        let env = ["MELI_QA_UPDATE_FEED_URL": server.baseURL + "/releases/download/qa-channel/feed.json"]
        let now = Date()
        let first = await run(["env"], environment: env, terminal: true, transport: CurlTransport(), now: now)
        #expect(first.code == .success)
        #expect(first.out.contains("meli-qa"))
        let newer = Message.Environments.notifyNewer(.qa, version: "9.1.0-rc.2", installed: installed).english
        #expect(first.err == newer + "\n  - search: keep the sort on the next page\n" + Message.Update.notifyGetIt(binary: "meli-qa").english + "\n")
        let again = await run(["env"], environment: env, terminal: true, transport: CurlTransport(), now: now.addingTimeInterval(3_600))
        #expect(again.err == "")
        #expect(server.requests.count == 1)
        // Not on a terminal, under CI, or with MELI_NO_UPDATE_NOTIFIER: no request at all.
        let later = now.addingTimeInterval(2 * 86_400)
        _ = await run(["env"], environment: env, terminal: false, transport: CurlTransport(), now: later)
        _ = await run(["env"], environment: env.merging(["CI": "true"]) { $1 }, terminal: true, transport: CurlTransport(), now: later)
        _ = await run(["env"], environment: env.merging(["MELI_NO_UPDATE_NOTIFIER": "1"]) { $1 }, terminal: true, transport: CurlTransport(), now: later)
        #expect(server.requests.count == 1)
    }

    @Test func theCheckIsBoundedAndASilentServerOnlyCostsTheBound() async throws {
        // The request carries the notifier's bound, not MELI_HTTP_TIMEOUT.
        let seen = Collected<Double>()
        let recording = AnsweringTransport { (request: HTTPRequest) throws(TransportError) -> HTTPResponse in
            seen.append(request.timeout)
            throw .timeout(host: "127.0.0.1", seconds: request.timeout)
        }
        let failed = await run(["env"], environment: ["MELI_QA_UPDATE_FEED_URL": "https://example.invalid/feed.json"], terminal: true, transport: recording)
        #expect(failed.code == .success)
        #expect(failed.err == "")
        #expect(seen.items == [UpdateNotifier.timeout])
        // A real server that accepts and says nothing for 30 s: the command ends long before.
        let server = try LoopbackServer(routes: { _ in .silent(seconds: 30) })
        defer { server.stop() }
        let started = Date()
        let result = await run(
            ["env"], environment: ["MELI_QA_UPDATE_FEED_URL": server.baseURL + "/feed.json"], terminal: true, transport: CurlTransport())
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.code == .success)
        #expect(result.err == "")
        #expect(elapsed < 15, "took \(elapsed) s")
    }
}

/// Runs `name`'s binary in process with `home` as HOME and the repository's env file for it, piped
/// stdout, stderr a terminal or not: arguments in; exit code, stdout and stderr out.
func runInProcess(
    _ arguments: [String], as name: EnvironmentName, home: TemporaryDirectory, environment extra: [String: String], terminal: Bool,
    transport: any HTTPTransport, now: Date
) async -> (code: ExitCode, out: String, err: String) {
    let out = OutputBuffer()
    let err = OutputBuffer()
    let file = ["dev": "Config/Dev.env", "qa": "Config/QA.env", "production": "Config/Prod.env"][name.rawValue]!
    let context = Context(
        environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile(file)].merging(extra) { $1 },
        currentDirectory: home.path, executablePath: nil,
        stdout: out.output(isTerminal: false), stderr: err.output(isTerminal: terminal), transport: transport, clock: TestClock(now).source)
    let code = await Runner.run(name, arguments: arguments + ["--no-color", "--log-level", "error"], context: context)
    return (code, out.text, err.text)
}

/// A transport that counts its requests and answers none.
private final class RequestLog: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var made = 0
    var count: Int { lock.withLock { made } }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { made += 1 }
        throw TransportError.connection(host: "feed", reason: "this test makes no request")
    }
}

/// A transport answering every request with `answer`.
private struct AnsweringTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse) { self.answer = answer }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { try answer(request) }
}
