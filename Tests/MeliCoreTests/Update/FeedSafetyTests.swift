import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// What a hostile feed or state file can do to a terminal and to memory: nothing. Feed fields are
/// checked for their shape, free text is cleaned before it is printed, and what is read is bounded.
@Suite("Feed safety")
struct FeedSafetyTests {
    let home: TemporaryDirectory
    let installed = BuildInfo.current.version
    let here = Feed.platform
    /// 2026-03-10T12:00:00Z.
    let now = Date(timeIntervalSince1970: 1_773_144_000)

    init() throws {
        home = try TemporaryDirectory()
    }

    func run(_ arguments: [String], environment extra: [String: String] = [:], transport: any HTTPTransport = NoNetwork()) async -> (code: ExitCode, out: String, err: String) {
        await runInProcess(arguments, as: .qa, home: home, environment: extra, terminal: false, transport: transport, now: now)
    }

    /// One build entry as JSON; every field can be overridden with raw JSON text.
    func entry(_ version: String, _ fields: [String: String] = [:]) -> String {
        var values: [(String, String)] = [
            ("version", JSONValue.quote(version)), ("date", #""2026-03-01T10:00:00Z""#), ("os", JSONValue.quote(here.os)),
            ("arch", JSONValue.quote(here.arch)), ("file", JSONValue.quote("meli-qa_\(version)_\(here.os)_\(here.arch).tar.gz")),
            ("sha256", JSONValue.quote(String(repeating: "0", count: 64))), ("expires", #""2099-01-01T00:00:00Z""#), ("changes", "[]"),
        ]
        for (key, value) in fields {
            if let index = values.firstIndex(where: { $0.0 == key }) { values[index].1 = value } else { values.append((key, value)) }
        }
        return "{" + values.map { "\(JSONValue.quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    func feed(_ entries: [String]) -> String {
        #"{"channel": "qa", "binary": "meli-qa", "builds": ["# + entries.joined(separator: ", ") + "]}"
    }

    /// Whether `text` holds anything a terminal would act on or show reversed (a newline aside).
    func unsafe(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }
    }

    static let escapes = "\u{1B}[2J\u{1B}]0;PWN\u{07}"

    @Test func checkPrintsNoControlOrBidiCharacterFromTheFeed() async throws {
        let path = try home.write("channel/feed.json", feed([
            entry("9.2.0", ["changes": "[" + JSONValue.quote("search: fast\(Self.escapes) \u{202E}txt.exe\u{202C} \u{2066}x\u{2069}") + "]"]),
            entry("9.3.0", ["date": JSONValue.quote(Self.escapes)]),
            entry("9.4.0", ["file": JSONValue.quote("\u{1B}]0;OWNED\u{07}\u{1B}[2J")]),
            entry("9.5.0", ["expires": JSONValue.quote("\u{1B}[31m2099")]),
            entry("9.6.0+\u{1B}[2J"),
            entry(installed, ["expires": JSONValue.quote("\u{1B}[31mEXPIRED\u{07}")]),
        ]))
        for arguments in [["update", "--check"], ["update", "--check", "--json"]] {
            let result = await run(arguments, environment: ["MELI_QA_UPDATE_FEED_URL": path])
            #expect(result.code == .success, "\(result.err)")
            #expect(unsafe(result.out).isEmpty, "\(arguments): \(result.out.debugDescription)")
            #expect(unsafe(result.err).isEmpty, "\(arguments): \(result.err.debugDescription)")
            // The builds with a field not of its shape are left out; the good one is listed, cleaned.
            #expect(result.out.contains("9.2.0"))
            #expect(result.out.contains("search: fast txt.exe x"), "each escape goes whole")
            for version in ["9.3.0", "9.4.0", "9.5.0", "9.6.0"] { #expect(!result.out.contains(version), "\(version)") }
            #expect(!result.out.contains("EXPIRED"))
        }
    }

    @Test func aBuildWithAFieldNotOfItsShapeIsLeftOut() async throws {
        let path = try home.write("channel/feed.json", feed([
            entry("7.7.7", ["file": JSONValue.quote("meli-qa_7.7.7_\(here.os) x.tar.gz")]),
            entry("9.2.0", ["sha256": JSONValue.quote("zz")]),
        ]))
        let result = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": path])
        #expect(result.code == .success, "\(result.err)")
        #expect(!result.out.contains("7.7.7") && !result.out.contains("9.2.0"), "\(result.out)")
    }

    @Test func errorMessagesCarryNoControlCharacters() {
        let err = OutputBuffer()
        let reporter = ErrorReporter(binary: "meli-qa", stderr: err.output(isTerminal: true), style: .plain)
        let code = reporter.report(APIError.badStatus(404, method: "GET", url: "http://127.0.0.1/\u{1B}]0;OWNED\u{07}\u{1B}[2J\u{202E}"))
        #expect(code == .failure)
        #expect(unsafe(err.text).isEmpty, "\(err.text.debugDescription)")
        #expect(err.text.contains("http://127.0.0.1/\n"), "each escape goes whole")
    }

    @Test func theStateFileIsCheckedAgainWhenReadBack() async throws {
        let feedPath = home.path + "/channel/feed.json"
        let state = home.path + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let stored = JSONValue.object([
            ("checked_at", .number(now.timeIntervalSince1970)), ("feed_sha256", .string(UpdateCheck.digest(feedPath))),
            ("builds", .array([
                .object([("version", .string("0.0.1")), ("expires", .string(Self.escapes)), ("changes", .array([]))]),
                .object([("version", .string("0.0.2")), ("expires", .null), ("changes", .array([.string("a\(Self.escapes)\u{202E}b")]))]),
            ])),
        ])
        _ = try home.write("state/" + UpdateNotifier.fileName, stored.serialized())
        let check = try #require(UpdateCheck.read(state + "/" + UpdateNotifier.fileName))
        #expect(check.builds.map(\.version) == ["0.0.2"])
        #expect(check.builds.first?.changes == ["ab"], "each escape goes whole")
        // The notice of a build whose stored expiry is escapes says nothing.
        let notifier = UpdateNotifier(binary: "meli-qa", environment: .qa, installed: "0.0.1", feed: feedPath, stateDirectory: state,
                                      processEnvironment: [:], stderrIsTerminal: false)
        let loads = Collected<String>()
        let text = await notifier.notice(at: now, language: .english) { location, _ in
            _ = loads.append(location)
            throw FeedError.feedUnreadable(path: location, reason: "not read")
        }
        #expect(unsafe(text).isEmpty, "\(text.debugDescription)")
        #expect(text == "")
    }

    @Test func aStateFileLargerThanItsCapIsIgnored() throws {
        let feedPath = home.path + "/channel/feed.json"
        let stored = JSONValue.object([
            ("checked_at", .number(now.timeIntervalSince1970)), ("feed_sha256", .string(UpdateCheck.digest(feedPath))),
            ("builds", .array([.object([("version", .string("0.0.2")), ("expires", .null), ("changes", .array([]))])])),
        ]).serialized()
        let small = try home.write("small.json", stored)
        #expect(UpdateCheck.read(small) != nil)
        // The same JSON, then white space past the cap: valid, but not read.
        let large = try home.write("large.json", stored + String(repeating: " ", count: UpdateCheck.maxFileBytes))
        #expect(UpdateCheck.read(large) == nil)
    }

    @Test func aFIFOAsTheStateFileIsNotWaitedOn() async throws {
        let fifo = home.path + "/update-check.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let answered = Collected<Bool>()
        Thread.detachNewThread {
            _ = answered.append(UpdateCheck.read(fifo) == nil)
        }
        let started = Date()
        while answered.items.isEmpty, Date().timeIntervalSince(started) < 5 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(answered.items == [true], "reading a FIFO waited \(Date().timeIntervalSince(started)) s")
        if answered.items.isEmpty {
            // Release the reader blocked in open(2), so the thread ends.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
    }

    @Test func aFeedLargerThanOneMegabyteIsRefusedUnread() async throws {
        let big = feed([entry("9.2.0", ["notes": JSONValue.quote(String(repeating: "x", count: Feed.maxBytes))])])
        let path = try home.write("channel/feed.json", big)
        let fromFile = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": path])
        #expect(fromFile.code == .failure)
        #expect(fromFile.err.contains(Reported.stderr(FeedError.feedTooLarge(location: path, limit: Feed.maxBytes), binary: "meli-qa")), "\(fromFile.err)")
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, body: Array(big.utf8)) })
        defer { server.stop() }
        let url = server.baseURL + "/feed.json"
        let fromServer = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": url], transport: CurlTransport())
        #expect(fromServer.code == .failure)
        #expect(fromServer.err.contains(Reported.stderr(FeedError.feedTooLarge(location: url, limit: Feed.maxBytes), binary: "meli-qa")), "\(fromServer.err)")
    }

    @Test func aDownloadLargerThanTheFeedsSizeIsRefused() async throws {
        let tarball = [UInt8](repeating: 7, count: 5000)
        let version = "9.2.0"
        let file = "meli-qa_\(version)_\(here.os)_\(here.arch).tar.gz"
        let body = feed([entry(version, ["size": "100", "sha256": JSONValue.quote(SHA256.hex(tarball))])])
        let server = try LoopbackServer(routes: { target in
            target.hasSuffix(".json") ? .respond(status: 200, body: Array(body.utf8)) : .respond(status: 200, body: tarball)
        })
        defer { server.stop() }
        let prefix = home.path + "/prefix"
        let result = await run(["self", "install", server.baseURL + "/feed.json", "--prefix", prefix], transport: CurlTransport())
        #expect(result.code == .failure)
        #expect(result.err.contains(Reported.stderr(FeedError.downloadTooLarge(file: file, limit: 100), binary: "meli-qa")), "\(result.err)")
    }

    /// Every timestamp a feed or a state file holds (`published`, a build's `date` and `expires`)
    /// is `YYYY-MM-DDTHH:MM:SSZ` with each field in its range: month 01-12, day 01-31, hour 00-23,
    /// minute and second 00-59. (Only the digits' places were checked: `2026-13-45T99:99:99Z`
    /// passed.)
    @Test(arguments: [
        ("2026-03-01T10:00:00Z", true), ("0000-01-01T00:00:00Z", true), ("9999-12-31T23:59:59Z", true), ("2026-02-31T00:00:00Z", true),
        ("2026-13-45T99:99:99Z", false), ("2026-00-01T00:00:00Z", false), ("2026-13-01T00:00:00Z", false), ("2026-01-00T00:00:00Z", false),
        ("2026-01-32T00:00:00Z", false), ("2026-01-01T24:00:00Z", false), ("2026-01-01T00:60:00Z", false), ("2026-01-01T00:00:60Z", false),
        ("2026-1-01T00:00:00Z", false), ("2026-01-01 00:00:00Z", false), ("2026-01-01T00:00:00", false), ("２026-01-01T00:00:00Z", false),
    ])
    func timestampsHaveTheirFieldsInRange(_ text: String, _ valid: Bool) {
        #expect(Feed.isTimestamp(text) == valid)
        // A build whose expiry is no time is left out of the feed, as one of any malformed field.
        let feed = feedJSON([("1.0.0", text, [])])
        let builds = (try? JSONBody.decode(Feed.self, from: Array(feed.utf8)))?.builds.filter { $0.malformedField(binary: "meli-qa") == nil }
        #expect(builds?.count == (valid ? 1 : 0), "\(text)")
    }
}
