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

    func writeFeed(binary: String = "meli-qa", installedExpires: String = "2099-01-01T00:00:00Z") throws -> String {
        try home.write("channel/feed.json", feedJSON(binary: binary, [
            ("9.1.0-rc.2", "2099-01-01T00:00:00Z", ["search: keep the sort on the next page"]),
            ("9.1.0-rc.1", "2099-01-01T00:00:00Z", ["item: show the seller", "cache: \"quoted\" answers"]),
            ("9.0.0-rc.1", "2001-01-01T00:00:00Z", ["expired, never listed"]),
            (installed, installedExpires, ["this build"]),
        ]))
    }

    /// The feed carries the sha256 every download is checked against: it is read over https, http to
    /// this machine, or from a file, and nothing else; a bad address names the key to fix, exit 3.
    @Test(arguments: [
        ("http://192.0.2.2:8080/feed.json", "plain http is only allowed to this machine"),
        ("htps://example.com/feed.json", "a feed is not read over 'htps'"),
        ("sandbox://", "a feed is not read over 'sandbox'"),
        ("https://user:secret@example.com/feed.json", "'https://user:secret@example.com/feed.json' is not an address"),
    ])
    func aFeedAddressOfNoUsableKindIsRefusedBeforeAnyRequest(_ address: String, _ why: String) async throws {
        let seen = Collected<String>()
        let recording = AnsweringTransport { (request: HTTPRequest) throws(TransportError) -> HTTPResponse in
            seen.append(request.url)
            throw .connection(host: "nowhere", reason: "refused")
        }
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": address], transport: recording)
        #expect(result.code == .configuration)
        #expect(result.err.contains(why), "\(result.err)")
        #expect(result.err.contains("Set MELI_QA_UPDATE_FEED_URL to an https URL, an http URL to this machine, or a file path."))
        #expect(seen.items.isEmpty)
    }

    @Test func anUnreachableFeedNamesItsOwnKeyNotTheAPIs() async throws {
        let refusing = AnsweringTransport { (_: HTTPRequest) throws(TransportError) -> HTTPResponse in
            throw .connection(host: "example.invalid", reason: "the host name could not be resolved")
        }
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": "https://example.invalid/feed.json"], transport: refusing)
        #expect(result.code == .failure)
        #expect(result.err == """
            meli-qa: error: cannot reach example.invalid: the host name could not be resolved
            Check the network, or MELI_QA_UPDATE_FEED_URL.

            """)
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

        let usage = await run(["update", "--json"], environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(usage.code == .usage)
    }

    @Test func aFeedForAnotherBinaryIsRefusedAndNothingIsDownloaded() async throws {
        let feed = try writeFeed(binary: "meli-qa")
        for arguments in [["update"], ["update", "--check"]] {
            let result = await run(arguments, as: .dev, environment: ["MELI_DEV_UPDATE_FEED_URL": feed])
            #expect(result.code == .failure)
            #expect(result.err.contains("the update feed \(feed) is for meli-qa, not meli-dev; nothing was downloaded"))
            #expect(result.err.contains("Set MELI_DEV_UPDATE_FEED_URL to the feed.json of meli-dev's own channel."))
        }
        #expect(!home.contents().contains { $0.hasPrefix(".cache") })
    }

    @Test func eachBinaryReadsOnlyItsOwnKey() async throws {
        let feed = try writeFeed()
        // meli-dev ignores the QA key, without a warning, and says what to set.
        let dev = await run(["update", "--check"], as: .dev, environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(dev.code == .configuration)
        #expect(!dev.err.contains("unknown key"))
        #expect(dev.err.contains("no update feed is configured for meli-dev"))
        #expect(dev.err.contains("export MELI_DEV_UPDATE_FEED_URL=URL"))
        #expect(dev.err.contains("Config/Dev.env"))
        let env = await run(["env", "--json"], as: .qa, environment: ["MELI_DEV_UPDATE_FEED_URL": feed, "MELI_PRODUCTION_UPDATE_FEED_URL": feed])
        #expect(env.code == .success)
        #expect(!env.out.contains(feed) && env.err.isEmpty)
        // meli-qa with QA.env's empty key: which key, where to set it (never the installed, per-version
        // file, which the next update replaces), and the channel URL's form.
        let qa = await run(["update", "--check"], as: .qa)
        #expect(qa.code == .configuration)
        #expect(qa.err.contains("export MELI_QA_UPDATE_FEED_URL=URL"))
        #expect(qa.err.contains("the repository's Config/QA.env before the build is packaged"))
        #expect(qa.err.contains("https://github.com/OWNER/REPO/releases/download/qa-channel/feed.json"))
        // The retired key draws a warning naming the new one, and is not read.
        let retired = await run(["update", "--check"], as: .qa, environment: ["MELI_UPDATE_FEED_URL": feed])
        #expect(retired.code == .configuration)
        #expect(retired.err.contains("MELI_UPDATE_FEED_URL is no longer read (each binary now has a feed key of its own); set MELI_QA_UPDATE_FEED_URL instead"))
    }

    @Test func anExpiredBuildIsToldOnEveryRunAfterACheck() async throws {
        let feed = try writeFeed(installedExpires: "2020-01-01T00:00:00Z")
        let env = ["MELI_QA_UPDATE_FEED_URL": feed]
        let check = await run(["update", "--check"], environment: env)
        #expect(check.out.hasPrefix("meli-qa \(installed) expired on 2020-01-01 and is no longer meant to be used.\n"))
        for _ in 1...2 {
            let other = await run(["env"], environment: env, terminal: false)
            #expect(other.code == .success)
            #expect(other.err == "meli-qa \(installed) expired on 2020-01-01 and is no longer meant to be used.\nRun 'meli-qa update' to get the newest build.\n")
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
        #expect(first.err == """
            A newer QA build is available: 9.1.0-rc.2 (you have \(installed))
              - search: keep the sort on the next page
            Run 'meli-qa update' to get the newest build.

            """)
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

/// A transport answering every request with `answer`.
private struct AnsweringTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse) { self.answer = answer }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { try answer(request) }
}
