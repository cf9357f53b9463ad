import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// Downloads (issue 22, items 1, 6 and 11): a package is streamed into a file of its own as it
/// arrives, hashed on the way and bounded, in `<cache>/update/` (the user's own, 0700, or refused),
/// never held in memory; what Ctrl-C leaves there is counted by `cache info` and removed by the
/// next download or `cache clear`, never while a download runs. Real loopback server, real files.
@Suite("Downloads", .serialized)
struct DownloadTests {
    let home: TemporaryDirectory
    let channel: ChannelFixture

    init() throws {
        home = try TemporaryDirectory()
        channel = try ChannelFixture()
    }

    var updateFolder: String { home.path + "/.cache/meli-qa/update" }
    var prefix: String { home.path + "/prefix" }

    func run(_ arguments: [String], environment: [String: String] = [:], transport: any HTTPTransport = CurlTransport()) async -> (code: ExitCode, out: String, err: String) {
        await runInProcess(arguments, as: .qa, home: home, environment: environment, terminal: false, transport: transport, now: Date())
    }

    /// A server for a channel of one build, 9.1.0; `sha256` overrides the feed's.
    func serve(sha256: String? = nil) throws -> (server: ChannelServer, build: (file: String, bytes: [UInt8])) {
        let build = try channel.tarball("9.1.0")
        let server = try ChannelServer(["/feed.json": try channel.feed([build], sha256: sha256), "/" + build.file: build.bytes])
        return (server, build)
    }

    // MARK: the downloads folder

    /// Sees the downloads folder at the moment the package is asked for: its download is already
    /// being written to a folder of its own.
    final class Inspecting: HTTPTransport, @unchecked Sendable {
        let base = CurlTransport()
        let folder: String
        let file: String
        private let lock = NSLock()
        private(set) var seen: [String: mode_t] = [:]

        init(folder: String, file: String) {
            self.folder = folder
            self.file = file
        }

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            if request.url.hasSuffix("/" + file) {
                var found: [String: mode_t] = [:]
                for name in FileSystem.local.names(in: folder) {
                    found[name] = FileSystem.local.inspect(folder + "/" + name)?.mode
                    for inner in FileSystem.local.names(in: folder + "/" + name) {
                        found[name + "/" + inner] = FileSystem.local.inspect(folder + "/" + name + "/" + inner)?.mode
                    }
                }
                lock.withLock { seen = found }
                #expect(request.sink != nil, "the package is streamed")
            }
            return try await base.send(request)
        }
    }

    @Test func aDownloadIsWrittenIntoAPrivateFolderOfItsOwnAndRemovedAfterwards() async throws {
        let (server, build) = try serve()
        let inspecting = Inspecting(folder: updateFolder, file: build.file)
        let result = await run(["self", "install", server.feedURL, "--prefix", prefix], transport: inspecting)
        #expect(result.code == .success, "\(result.err)")
        let folders = inspecting.seen.keys.filter { $0.hasPrefix(DownloadFolder.folderPrefix) && !$0.contains("/") }
        #expect(folders.count == 1, "\(inspecting.seen)")
        let folder = try #require(folders.first)
        #expect(inspecting.seen[folder] == 0o700)
        #expect(inspecting.seen[folder + "/" + build.file] == 0o600)
        #expect(FileSystem.local.permissions(of: updateFolder) == 0o700)
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName])
    }

    @Test func aDownloadThatDoesNotMatchTheFeedIsRemovedToo() async throws {
        let (server, build) = try serve(sha256: String(repeating: "0", count: 64))
        let result = await run(["self", "install", server.feedURL, "--prefix", prefix])
        #expect(result.code == .failure)
        #expect(result.err == Reported.stderr(FeedError.checksumMismatch(file: build.file), binary: "meli-qa"), "\(result.err)")
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName])
        #expect(FileSystem.local.kind(of: prefix + "/bin") == .missing)
    }

    /// The downloads folder is used only when it is a real folder, the user's own, open to no one
    /// else: anyone who can write it could change a package between its check and its install (the
    /// attack, through `update`). Refused before the package is asked for, saying what to do.
    @Test(arguments: ["mode", "link"] + (geteuid() == 0 ? ["owner"] : []))
    func aDownloadsFolderOthersCouldWriteIsRefused(_ how: String) async throws {
        let (server, build) = try serve()
        let victim = try TemporaryDirectory()
        try FileSystem.local.makeDirectories(home.path + "/.cache/meli-qa", mode: 0o700)
        let problem: CacheFolderProblem
        switch how {
        case "mode":
            try FileSystem.local.makeDirectories(updateFolder, mode: 0o700)
            #expect(chmod(updateFolder, 0o755) == 0)
            problem = .openToOthers(mode: "755")
        case "link":
            #expect(symlink(victim.path, updateFolder) == 0)
            problem = .link
        default:
            try FileSystem.local.makeDirectories(updateFolder, mode: 0o700)
            #expect(chown(updateFolder, 65534, 65534) == 0)
            problem = .notOwned
        }
        let result = await run(["self", "install", server.feedURL, "--prefix", prefix])
        #expect(result.code == .failure)
        #expect(result.err == Reported.stderr(UpdateError.untrustedDownloads(path: "~/.cache/meli-qa/update", problem: problem), binary: "meli-qa"), "\(result.err)")
        #expect(!server.asked.contains("/" + build.file), "\(server.asked)")
        #expect(victim.contents().isEmpty, "nothing written through the link")
        #expect(FileSystem.local.kind(of: prefix + "/bin") == .missing)
        let clear = await run(["cache", "clear"])
        #expect(clear.code == .failure, "cache clear leaves it alone too")
    }

    // MARK: what interrupted downloads leave

    /// Plants what interrupted downloads leave (one of this version, one of the versions before,
    /// which named folders at random) and things that are not downloads; returns the bytes planted.
    func plantLeftovers() throws -> Int {
        try FileSystem.local.makeDirectories(updateFolder, mode: 0o700)
        let file = "meli-qa_9.0.0_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
        try home.write(".cache/meli-qa/update/download.AbC123/" + file, bytes: [UInt8](repeating: 1, count: 1000))
        try home.write(".cache/meli-qa/update/k3j4h5a9/" + file, bytes: [UInt8](repeating: 2, count: 500))
        try home.write(".cache/meli-qa/update/notes.txt", "mine")
        try home.write(".cache/meli-qa/update/keep/notes.txt", "mine too")
        return 1500
    }

    var notDownloads: [String] { ["keep", "notes.txt"] }

    @Test func leftDownloadsAreCountedAndClearedButNeverWhileADownloadRuns() async throws {
        let bytes = try plantLeftovers()
        let info = await run(["cache", "info", "--json"])
        #expect(info.code == .success, "\(info.err)")
        #expect(info.out.contains("\"downloads\": 2") && info.out.contains("\"download_bytes\": \(bytes)"), "\(info.out)")
        let lines = await run(["cache", "info"])
        #expect(lines.out.hasSuffix("downloads\t2\ndownload_bytes\t\(bytes)\n"), "\(lines.out)")

        // A download holds the lock shared while it runs: nothing is cleared under it.
        let lock = open(updateFolder + "/" + DownloadFolder.lockName, O_RDWR | O_CREAT, 0o600)
        #expect(flock(lock, LOCK_SH) == 0)
        let busy = await run(["cache", "clear"])
        #expect(busy.code == .success, "\(busy.err)")
        #expect(busy.out.contains(Message.Cache.cacheDownloadRunning(path: "~/.cache/meli-qa/update").english), "\(busy.out)")
        #expect(FileSystem.local.names(in: updateFolder).count == 5)
        // Nor by another download, which runs beside it.
        let (server, _) = try serve()
        let beside = await run(["self", "install", server.feedURL, "--prefix", prefix])
        #expect(beside.code == .success, "\(beside.err)")
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName, "download.AbC123", "k3j4h5a9"] + notDownloads)
        close(lock)

        let clear = await run(["cache", "clear", "--json"])
        #expect(clear.code == .success, "\(clear.err)")
        #expect(clear.out.contains("\"downloads_removed\": 2") && clear.out.contains("\"download_bytes_removed\": \(bytes)"), "\(clear.out)")
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName] + notDownloads)
        let after = await run(["cache", "info", "--json"])
        #expect(after.out.contains("\"downloads\": 0"))
    }

    @Test func theNextDownloadRemovesWhatInterruptedOnesLeft() async throws {
        _ = try plantLeftovers()
        let (server, _) = try serve()
        let result = await run(["self", "install", server.feedURL, "--prefix", prefix])
        #expect(result.code == .success, "\(result.err)")
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName] + notDownloads)
    }

    /// Ctrl-C during a download, for real: the built binary downloads from a server that sends one
    /// byte every 50 ms, and is interrupted once its file has bytes. Its folder stays (the process
    /// ends at once); `cache info` counts it, and the next download removes it.
    @Test func ctrlCDuringADownloadLeavesWhatTheNextRunRemoves() async throws {
        let build = try channel.tarball("9.1.0")
        let feed = try channel.feed([build])
        let server = try LoopbackServer(routes: { target in
            target == "/feed.json" ? .respond(status: 200, body: feed) : .trickle(body: build.bytes, every: 0.05)
        })
        defer { server.stop() }
        let output = try TemporaryDirectory()
        let process = try SpawnedProcess(
            [try BinaryRunner.path(of: "meli-qa"), "self", "install", server.baseURL + "/feed.json", "--prefix", prefix],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"], stdout: output.path + "/out", stderr: output.path + "/err")
        // Until its file has bytes (each one is 50 ms apart; the whole body would take minutes).
        let deadline = Date().addingTimeInterval(30)
        var partial: String?
        while partial == nil, process.isRunning, Date() < deadline {
            partial = FileSystem.local.names(in: updateFolder).filter { $0.hasPrefix(DownloadFolder.folderPrefix) }.compactMap { folder in
                let path = updateFolder + "/" + folder + "/" + build.file
                return (FileSystem.local.files(in: updateFolder + "/" + folder).first { $0.name == build.file }?.size ?? 0) > 0 ? path : nil
            }.first
            if partial == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let file = try #require(partial, "no partial download seen: \((try? String(contentsOfFile: output.path + "/err", encoding: .utf8)) ?? "")")
        process.signal(SIGINT)
        let ending = process.wait()
        #expect(ending == .exited(130) || ending == .signalled(SIGINT), "\(ending)")
        #expect(FileSystem.local.isFile(file), "left by the interrupted run")

        let info = await run(["cache", "info", "--json"])
        #expect(info.out.contains("\"downloads\": 1"), "\(info.out)")
        let complete = try ChannelServer(["/feed.json": feed, "/" + build.file: build.bytes])
        let next = await run(["self", "install", complete.feedURL, "--prefix", prefix])
        #expect(next.code == .success, "\(next.err)")
        #expect(FileSystem.local.names(in: updateFolder) == [DownloadFolder.lockName])
    }
}
