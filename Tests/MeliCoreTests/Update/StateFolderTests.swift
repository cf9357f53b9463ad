import Foundation
import Testing
@testable import MeliCore

/// The state folder holds what guards updates (`feed-published.json`, the newest signed feed
/// accepted from each address), the notice's last answer and the saved site. The attack round had
/// root, run with mallory's HOME, follow `~/.local/state/meli-qa -> /tmp/mal/stt` and keep its
/// replay protection there, where she could change or remove it. Now a state folder that is a
/// link, or that someone else owns or may write (or a folder above it, for what guards updates),
/// is neither read nor written: an update is refused saying why, the notice stays silent, and the
/// saved site is not used. Run in process, with real files, real links and keys made with openssl.
@Suite("The state folder someone else could change", .serialized)
struct StateFolderTests {
    let home: TemporaryDirectory
    let key: SigningKey
    let channel: ChannelFixture

    init() throws {
        home = try TemporaryDirectory()
        key = try SigningKey()
        channel = try ChannelFixture(key: key)
    }

    var keys: [String: String] { ["MELI_UPDATE_KEYS": key.publicKey] }
    var state: String { home.path + "/.local/state/meli-qa" }
    /// Where mallory points the state folder.
    var elsewhere: String { home.path + "/mal/stt" }

    func run(_ arguments: [String], environment: [String: String] = [:], as name: EnvironmentName = .qa, level: String = "warning",
             fileSystem: FileSystem = .local) async -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let file = name == .qa ? "Config/QA.env" : "Config/Dev.env"
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile(file)].merging(environment) { $1 },
            currentDirectory: home.path, executablePath: nil, stdout: out.output(isTerminal: false), stderr: err.output(isTerminal: false),
            transport: NoNetwork(), clock: TestClock(Date()).source, fileSystem: fileSystem)
        let code = await Runner.run(name, arguments: arguments + ["--no-color", "--log-level", level], context: context)
        return (code, out.text, err.text)
    }

    /// A signed feed of one build (9.1.0), its `.sig` beside it.
    func signedFeed(published: String = "2026-03-02T10:00:00Z") throws -> String {
        let feed = try channel.feed([try channel.tarball("9.1.0")], published: published)
        let path = try home.write("channel/feed.json", bytes: feed)
        try home.write("channel/feed.json.sig", bytes: try key.signFeed(feed))
        return path
    }

    /// Links the state folder to mallory's, which holds a history of her own.
    func linkStateFolder() throws {
        try home.write("mal/stt/\(FeedTrust.fileName)", #"{"feeds": []}"#)
        try FileManager.default.createDirectory(atPath: home.path + "/.local/state", withIntermediateDirectories: true)
        #expect(symlink(elsewhere, state) == 0)
    }

    /// The attack as it was run: the state folder is a link to mallory's. Every command that reads
    /// a signed feed is refused, naming the link and what to do, and nothing is written where it
    /// points. (Before, `update --check` succeeded and wrote feed-published.json there.)
    @Test func aLinkedStateFolderStopsEveryUpdate() async throws {
        try linkStateFolder()
        let feed = try signedFeed()
        let refused = FeedError.untrustedState(StateFolder.Problem(path: state, reason: .link))
        for arguments in [["update", "--check"], ["update"], ["self", "install", feed, "--prefix", home.path + "/prefix"]] {
            let result = await run(arguments, environment: keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 })
            #expect(result.code == .failure, "\(arguments): \(result.err)")
            #expect(result.err == Reported.stderr(refused, binary: "meli-qa"), "\(arguments): \(result.err)")
        }
        #expect(try String(contentsOfFile: elsewhere + "/" + FeedTrust.fileName, encoding: .utf8) == #"{"feeds": []}"#, "untouched")
        #expect(FileSystem.local.names(in: elsewhere) == [FeedTrust.fileName])
        #expect(FileSystem.local.kind(of: home.path + "/prefix") == .missing)
        #expect(refused.failure(binary: "meli-qa").text.english.hasPrefix("nothing is installed: the newest signed feed read from each address (feed-published.json)"))
        #expect(refused.failure(binary: "meli-qa").hint?.english == "Remove the link (rm \(state)): a folder of your own is made there when next needed.")
        #expect(refused.failure(binary: "meli-qa").text.spanish.hasPrefix("no se instala nada: "))
    }

    /// A state folder others may write, or a folder above it, stops an update too: whoever writes
    /// it can remove the history, or put another folder in its place. With the sticky bit, a
    /// folder above is used (as /tmp). No key trusted, nothing is kept, and nothing is refused.
    @Test(arguments: [("", 0o777), ("", 0o757), ("/..", 0o777), ("/../..", 0o757)])
    func aStateFolderOthersCanWriteStopsAnUpdate(_ folder: String, _ mode: Int) async throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let path = PathName.normalize(state + folder)
        #expect(chmod(path, mode_t(mode)) == 0)
        let feed = try signedFeed()
        let environment = keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 }
        let result = await run(["update", "--check"], environment: environment)
        let refused = FeedError.untrustedState(StateFolder.Problem(path: path, reason: .owner(.writableByOthers(mode: mode))))
        #expect(result.err == Reported.stderr(refused, binary: "meli-qa"), "\(result.err)")
        #expect(refused.failure(binary: "meli-qa").hint?.english == "Take their write permission away (chmod go-w \(path)).")
        #expect(FileSystem.local.names(in: state) == [])

        if folder != "" {
            #expect(chmod(path, mode_t(mode) | 0o1000) == 0)
            #expect(await run(["update", "--check"], environment: environment).code == .success)
        }
        #expect(chmod(path, 0o700) == 0)
        #expect(await run(["update", "--check"], environment: environment).code == .success)
        #expect(FileSystem.local.names(in: state).contains(FeedTrust.fileName))
    }

    /// Another user's state folder, or feed-published.json in this user's folder given to another
    /// user, is refused, naming it: the history is not read or written there.
    @Test(.enabled(if: geteuid() == 0), arguments: [false, true])
    func anotherUsersStateIsRefused(file: Bool) async throws {
        let feed = try signedFeed()
        let environment = keys.merging(["MELI_QA_UPDATE_FEED_URL": feed]) { $1 }
        #expect(await run(["update", "--check"], environment: environment).code == .success)
        let given = file ? state + "/" + FeedTrust.fileName : state
        #expect(chown(given, 4242, 4242) == 0)
        let result = await run(["update", "--check"], environment: environment)
        let refused = FeedError.untrustedState(StateFolder.Problem(path: given, reason: .owner(.otherOwner(uid: 4242))))
        #expect(result.err == Reported.stderr(refused, binary: "meli-qa"), "\(result.err)")
        #expect(refused.failure(binary: "meli-qa").hint == .Trust.stateOtherOwnerRemedy)
    }

    /// When the replay state cannot be saved (a full disk), the update goes on but says so on
    /// stderr, naming the file and the reason, in the user's language: the next run cannot tell
    /// a replayed feed. (Before, the failure was silent.)
    @Test(arguments: [Language.english, .spanish])
    func aReplayStateThatCannotBeSavedIsSaid(_ language: Language) async throws {
        let feed = try signedFeed()
        var fileSystem = FileSystem.local
        fileSystem.saveFile = { _, path, _ throws(FileSystem.WriteError) in
            throw FileSystem.WriteError(path: path, reason: FileSystem.reason(ENOSPC))
        }
        let environment = keys.merging(["MELI_QA_UPDATE_FEED_URL": feed, "MELI_LANG": language == .spanish ? "es" : "en"]) { $1 }
        let result = await run(["update", "--check"], environment: environment, fileSystem: fileSystem)
        #expect(result.code == .success, "\(result.err)")
        let shown = "~/.local/state/meli-qa/" + FeedTrust.fileName
        let reason = Message(en: "no space left on device", es: "no queda espacio en el disco")
        let warning = Message.Trust.feedStateNotSaved(path: shown, reason: reason)
        #expect(result.err.contains(warning.text(language)), "\(result.err)")
        #expect(result.err.contains(shown) && result.err.contains(reason.text(language)))
        #expect(await run(["update", "--check"], environment: environment).err.contains(shown) == false, "said only when it fails")
    }

    /// The notice neither reads nor writes a linked state folder: mallory's answer there (this
    /// build expired, a newer one to get) is not shown, and no feed is fetched for it. (Before,
    /// the expiry was announced on every run.)
    @Test func theNoticeIsSilentWithALinkedStateFolder() async throws {
        try FileManager.default.createDirectory(atPath: home.path + "/.local/state", withIntermediateDirectories: true)
        let planted = #"{"checked_at": 1773140000, "feed_sha256": "\#(UpdateCheck.digest("/feed.json"))", "builds": [{"version": "0.0.1", "expires": "2000-01-01T00:00:00Z", "changes": []}]}"#
        try home.write("mal/stt/\(UpdateNotifier.fileName)", planted)
        let loads = Collected<String>()
        func notice() async -> String {
            let notifier = UpdateNotifier(
                binary: "meli-qa", environment: .qa, installed: "0.0.1", feed: "/feed.json", stateDirectory: state,
                processEnvironment: [:], stderrIsTerminal: true)
            return await notifier.notice(at: Date(timeIntervalSince1970: 1_773_144_000), language: .english) { location, _ in
                loads.append(location)
                throw CancellationError()
            }
        }
        // Its own folder, holding the same answer: the expiry is said (the test can fail).
        try home.write(".local/state/meli-qa/\(UpdateNotifier.fileName)", planted)
        #expect(await notice().hasPrefix("meli-qa 0.0.1 expired on 2000-01-01"))
        try FileManager.default.removeItem(atPath: state)
        #expect(symlink(elsewhere, state) == 0)
        #expect(await notice() == "")
        try FileManager.default.removeItem(atPath: elsewhere + "/" + UpdateNotifier.fileName)
        #expect(await notice() == "")
        #expect(loads.items.isEmpty, "no feed fetched for it")
        #expect(FileSystem.local.names(in: elsewhere) == [], "nothing written there")
    }

    /// The saved site: in a linked (or someone else's) state folder it is not used, and a warning
    /// says why and what to do; `site ID` and `site --clear` are refused there. (Before, mallory's
    /// choice was used, and root wrote where she pointed.)
    @Test func aSavedSiteInALinkedStateFolderIsNotUsed() async throws {
        let state = home.path + "/.local/state/meli-dev"
        try home.write("mal/site/site", "MLB\n")
        try FileManager.default.createDirectory(atPath: home.path + "/.local/state", withIntermediateDirectories: true)
        #expect(symlink(home.path + "/mal/site", state) == 0)
        let problem = StateFolder.Problem(path: state, reason: .link)
        let shown = await run(["site"], as: .dev)
        #expect(shown.code == .success)
        #expect(shown.out.hasPrefix("MLA\t"), "\(shown.out)")
        #expect(shown.err.contains(Message.Trust.savedSiteNotUsed(reason: problem.message, remedy: problem.remedy).english), "\(shown.err)")
        for arguments in [["site", "MCO"], ["site", "--clear"]] {
            let refused = await run(arguments, as: .dev)
            #expect(refused.code == .failure)
            #expect(refused.err == Reported.stderr(SiteError.untrustedState(problem), binary: "meli-dev"), "\(refused.err)")
        }
        #expect(try String(contentsOfFile: home.path + "/mal/site/site", encoding: .utf8) == "MLB\n", "untouched")
        #expect(FileSystem.local.names(in: home.path + "/mal/site") == ["site"])
    }

    /// A search in a state folder others can write keeps no last search, and its debug line says
    /// why and what to do, as the saved site's warning does (it showed the Swift value before).
    @Test func aSearchInAWritableStateFolderSaysWhyNoLastSearchIsKept() async throws {
        let state = home.path + "/.local/state/meli-dev"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(chmod(state, 0o777) == 0)
        let shown = await run(["-vv", "search", "iphone"], as: .dev)
        #expect(shown.code == .success)
        let problem = StateFolder.Problem(path: state, reason: .owner(.writableByOthers(mode: 0o777)))
        #expect(shown.err.contains("state: last search not kept for completion: \(problem.message.english). \(problem.remedy.english)"), "\(shown.err)")
        #expect(shown.err.contains("0777") && !shown.err.contains("MeliCore."), "\(shown.err)")
        #expect(FileSystem.local.names(in: state) == [], "nothing written there")
    }
}
