import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// Signed feeds (issue 22, decision 2): a binary that trusts a key reads a feed only with a valid
/// `<feed>.sig` beside it, of `meli-feed-v1 <sha256>\n`, and never one published before the newest
/// it accepted from that location (a replayed feed cannot freeze updates or roll an expiry back).
/// With no key trusted, feeds are read unsigned, as before. Run in process, with real files, a
/// real loopback server and keys made with openssl.
@Suite("Signed feeds", .serialized)
struct SignedFeedTests {
    let home: TemporaryDirectory
    let key: SigningKey
    let channel: ChannelFixture

    init() throws {
        home = try TemporaryDirectory()
        key = try SigningKey()
        channel = try ChannelFixture(key: key)
    }

    var keys: [String: String] { ["MELI_UPDATE_KEYS": key.publicKey] }
    var statePath: String { home.path + "/.local/state/meli-qa/" + FeedTrust.fileName }

    func run(_ arguments: [String], environment: [String: String] = [:], transport: any HTTPTransport = NoNetwork()) async -> (code: ExitCode, out: String, err: String) {
        await runInProcess(arguments, as: .qa, home: home, environment: environment, terminal: false, transport: transport, now: Date())
    }

    /// Writes the feed of one build (9.1.0) into `folder` with `sig` beside it (none when nil).
    func writeFeed(_ folder: String, published: String? = "2026-03-01T10:00:00Z", sig: ((([UInt8]) throws -> [UInt8]))?) throws -> String {
        let feed = try channel.feed([try channel.tarball("9.1.0")], published: published)
        let path = try home.write("\(folder)/feed.json", bytes: feed)
        if let sig { try home.write("\(folder)/feed.json.sig", bytes: try sig(feed)) }
        return path
    }

    @Test func aBinaryThatTrustsAKeyReadsOnlyFeedsItSigned() async throws {
        let other = try SigningKey()
        let cases: [(String, ((([UInt8]) throws -> [UInt8]))?, (String) -> FeedError)] = [
            ("unsigned", nil, { FeedError.unsignedFeed(location: $0) }),
            ("theirs", { try other.signFeed($0) }, { FeedError.badFeedSignature(location: $0) }),
            ("whole-file", { try key.sign($0) }, { FeedError.badFeedSignature(location: $0) }),
            ("garbage", { _ in Array(repeating: 7, count: 64) }, { FeedError.badFeedSignature(location: $0) }),
        ]
        for (folder, sig, expected) in cases {
            let feed = try writeFeed(folder, sig: sig)
            for arguments in [["update", "--check"], ["update"], ["self", "install", feed, "--prefix", home.path + "/prefix"]] {
                let result = await run(arguments, environment: keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 })
                #expect(result.code == .failure, "\(folder) \(arguments)")
                #expect(result.err == Reported.stderr(expected(feed), binary: "meli-qa"), "\(folder) \(arguments): \(result.err)")
                #expect(result.out.isEmpty)
            }
        }
        #expect(FileSystem.local.kind(of: home.path + "/prefix") == .missing)
        #expect(FileSystem.local.kind(of: home.path + "/.cache/meli-qa/update") == .missing, "nothing downloaded")

        let signed = try writeFeed("ours", sig: { try key.signFeed($0) })
        let check = await run(["update", "--check"], environment: keys.merging(["MELI_QA_UPDATE_FEED_URL": signed]) { $1 })
        #expect(check.code == .success, "\(check.err)")
        #expect(check.out.contains("meli-qa 9.1.0 is available"), "\(check.out)")

        // With no key trusted, the same unsigned feed is read as before.
        let unsigned = home.path + "/unsigned/feed.json"
        let plain = await run(["update", "--check"], environment: ["MELI_QA_UPDATE_FEED_URL": unsigned])
        #expect(plain.code == .success, "\(plain.err)")
        #expect(plain.out.contains("meli-qa 9.1.0 is available"))
    }

    /// Over HTTP the signature is `<feed URL>.sig`, asked for only by a binary that trusts a key;
    /// a 404 is "not signed".
    @Test func overHTTPTheSignatureIsTheFeedsURLAndSig() async throws {
        let feed = try channel.feed([try channel.tarball("9.1.0")])
        let server = try ChannelServer(["/feed.json": feed])
        let environment = ["MELI_QA_UPDATE_FEED_URL": server.feedURL]
        let plain = await run(["update", "--check"], environment: environment, transport: CurlTransport())
        #expect(plain.code == .success, "\(plain.err)")
        #expect(server.asked == ["/feed.json"], "no key, no signature asked for")
        let unsigned = await run(["update", "--check"], environment: environment.merging(keys) { $1 }, transport: CurlTransport())
        #expect(unsigned.err == Reported.stderr(FeedError.unsignedFeed(location: server.feedURL), binary: "meli-qa"), "\(unsigned.err)")
        server["/feed.json.sig"] = try key.signFeed(feed)
        let signed = await run(["update", "--check"], environment: environment.merging(keys) { $1 }, transport: CurlTransport())
        #expect(signed.code == .success, "\(signed.err)")
        #expect(Set(server.asked.suffix(2)) == ["/feed.json", "/feed.json.sig"])
    }

    /// A feed published before the newest one accepted from its location is refused, naming both
    /// times; the same feed again, or a newer one, is read. What is kept is the location's digest
    /// and the time, 0600; another location starts afresh.
    @Test func anOlderSignedFeedIsRefusedNamingBothTimes() async throws {
        let newer = try writeFeed("channel", published: "2026-03-02T10:00:00Z", sig: { try key.signFeed($0) })
        let environment = keys.merging(["MELI_QA_UPDATE_FEED_URL": newer]) { $1 }
        #expect(await run(["update", "--check"], environment: environment).code == .success)
        #expect(await run(["update", "--check"], environment: environment).code == .success, "the same feed again")
        let state = try String(contentsOfFile: statePath, encoding: .utf8)
        #expect(state.contains("2026-03-02T10:00:00Z") && !state.contains(newer), "\(state)")
        #expect(FileSystem.local.permissions(of: statePath) == 0o600)

        // The older feed, served again from the same place (signed: it was genuine once).
        _ = try writeFeed("channel", published: "2026-03-01T10:00:00Z", sig: { try key.signFeed($0) })
        for arguments in [["update", "--check"], ["update"], ["self", "install", newer, "--prefix", home.path + "/prefix"]] {
            let replayed = await run(arguments, environment: environment)
            #expect(replayed.code == .failure)
            let error = FeedError.replayedFeed(location: newer, published: "2026-03-01T10:00:00Z", newest: "2026-03-02T10:00:00Z")
            #expect(replayed.err == Reported.stderr(error, binary: "meli-qa"), "\(replayed.err)")
        }
        // The same file named by a relative path is the same address.
        let relative = await run(["self", "install", "channel/feed.json", "--prefix", home.path + "/prefix"], environment: keys)
        let replayed = FeedError.replayedFeed(location: "channel/feed.json", published: "2026-03-01T10:00:00Z", newest: "2026-03-02T10:00:00Z")
        #expect(relative.err == Reported.stderr(replayed, binary: "meli-qa"), "\(relative.err)")
        // Another location has its own history.
        let elsewhere = try writeFeed("mirror", published: "2026-03-01T10:00:00Z", sig: { try key.signFeed($0) })
        #expect(await run(["update", "--check"], environment: keys.merging(["MELI_QA_UPDATE_FEED_URL": elsewhere]) { $1 }).code == .success)
        // A newer one moves the mark.
        _ = try writeFeed("channel", published: "2026-03-03T10:00:00Z", sig: { try key.signFeed($0) })
        #expect(await run(["update", "--check"], environment: environment).code == .success)
        _ = try writeFeed("channel", published: "2026-03-02T10:00:00Z", sig: { try key.signFeed($0) })
        let stale = await run(["update", "--check"], environment: environment)
        #expect(stale.err.contains("2026-03-02T10:00:00Z") && stale.err.contains("2026-03-03T10:00:00Z"), "\(stale.err)")
    }

    /// Without a `published` time, or with one that is no time (its digits in their places, but a
    /// 13th month or a 99th minute: taken for a time, and compared as one, before), a signed feed
    /// is refused.
    @Test(arguments: [nil, "yesterday", "2026-03-01", "2026-13-45T99:99:99Z", "2026-00-10T10:00:00Z", "2026-01-32T10:00:00Z",
                      "2026-01-00T10:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T10:60:00Z", "2026-01-01T10:00:60Z"])
    func aSignedFeedWithoutAPublishedTimeIsRefused(_ published: String?) async throws {
        let feed = try writeFeed("channel", published: published, sig: { try key.signFeed($0) })
        let result = await run(["update", "--check"], environment: keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 })
        #expect(result.code == .failure)
        #expect(result.err == Reported.stderr(FeedError.undatedFeed(location: feed), binary: "meli-qa"), "\(result.err)")
    }

    /// The notice stays silent when the feed is refused (unsigned, or replayed), and says why at debug.
    @Test func theNoticeIsSilentWhenTheFeedIsRefusedAndSaysWhyAtDebug() async throws {
        let feed = try writeFeed("channel", sig: nil)
        let environment = keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 }
        let quiet = await runWithLogLevel(["env"], level: "error", environment: environment)
        #expect(quiet.code == .success)
        #expect(quiet.err == "", "\(quiet.err)")
        // A day later, at debug (the failed check is kept for a day).
        let debug = await runWithLogLevel(["env"], level: "debug", environment: environment, now: Date().addingTimeInterval(2 * 86_400))
        #expect(debug.code == .success)
        #expect(debug.err.contains("update notice: the feed was not read: " + FeedError.unsignedFeed(location: feed).failure(binary: "meli-qa").text.english), "\(debug.err)")
        #expect(!debug.err.contains("A newer QA build"))
    }

    func runWithLogLevel(_ arguments: [String], level: String, environment: [String: String], now: Date = Date()) async -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env")].merging(environment) { $1 },
            currentDirectory: home.path, executablePath: nil, stdout: out.output(isTerminal: false), stderr: err.output(isTerminal: true),
            transport: NoNetwork(), clock: TestClock(now).source)
        let code = await Runner.run(.qa, arguments: arguments + ["--no-color", "--log-level", level], context: context)
        return (code, out.text, err.text)
    }

    /// `self install FEED` refuses a build the (signed) feed gives no signature for before it is
    /// downloaded, as `update` does; a signed build of a signed feed installs, and says nothing
    /// about an unchecked origin.
    @Test func aFeedsUnsignedBuildIsRefusedBeforeItsDownloadAndASignedOneInstalls() async throws {
        let build = try channel.tarball("9.1.0")
        let unsignedFeed = try channel.feed([build], signBuilds: false)
        let server = try ChannelServer(["/feed.json": unsignedFeed, "/feed.json.sig": try key.signFeed(unsignedFeed), "/" + build.file: build.bytes])
        let prefix = home.path + "/prefix"
        let refused = await run(["self", "install", server.feedURL, "--prefix", prefix], environment: keys, transport: CurlTransport())
        #expect(refused.code == .failure)
        #expect(refused.err == Reported.stderr(InstallError.refused(package: build.file, .unsigned), binary: "meli-qa"), "\(refused.err)")
        #expect(!server.asked.contains("/" + build.file), "\(server.asked)")
        #expect(FileSystem.local.kind(of: home.path + "/.cache/meli-qa/update") == .missing)

        let signedFeed = try channel.feed([build], published: "2026-03-02T10:00:00Z")
        server["/feed.json"] = signedFeed
        server["/feed.json.sig"] = try key.signFeed(signedFeed)
        let installed = await run(["self", "install", server.feedURL, "--prefix", prefix], environment: keys, transport: CurlTransport())
        #expect(installed.code == .success, "\(installed.err)")
        #expect(installed.out.contains("meli-qa 9.1.0 installed in \(prefix)"), "\(installed.out)")
        #expect(!installed.err.contains("trusts no signing key"), "\(installed.err)")
        #expect(FileSystem.local.names(in: home.path + "/.cache/meli-qa/update") == [DownloadFolder.lockName], "the download was removed")

        // No key trusted: the same feed installs on the sha256 alone, and says so.
        let plainPrefix = home.path + "/plain"
        let plain = await run(["self", "install", server.feedURL, "--prefix", plainPrefix], transport: CurlTransport())
        #expect(plain.code == .success, "\(plain.err)")
        #expect(plain.err.contains(Message.Install.installOriginUnchecked(binary: "meli-qa").english), "\(plain.err)")
    }
}
