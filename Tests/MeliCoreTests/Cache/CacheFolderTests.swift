import Foundation
import Testing
@testable import MeliCore

/// The cache trusts only a folder of the user's own, and touches only its own files (issue 13,
/// item 6): the built meli-qa against a loopback API, with crafted cache folders.
@Suite("Cache folder checks")
final class CacheFolderTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer
    let cacheFolder: String

    init() throws {
        home = try TemporaryDirectory()
        server = try LoopbackServer(handler: { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=600"],
                     body: HTTPPathTests.fixture("sites_2021.json"))
        })
        cacheFolder = home.path + "/.cache/meli-qa/http"
        try FileManager.default.createDirectory(atPath: home.path + "/.cache/meli-qa", withIntermediateDirectories: true)
    }

    deinit { server.stop() }

    func run(_ arguments: String...) throws -> RunResult {
        try BinaryRunner.run("meli-qa", arguments, environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": repositoryFile("Config/QA.env"),
            "MELI_API_BASE_URL": server.baseURL, "MELI_ACCESS_TOKEN": "APP_USR-cache-folder-test", "MELI_NO_UPDATE_NOTIFIER": "1",
        ])
    }

    func names(_ folder: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    static let entryName = String(repeating: "ab", count: 32)

    @Test func aLinkedFolderIsNeitherUsedNorEmptied() throws {
        let victim = try TemporaryDirectory()
        _ = try victim.write("notes.txt", "mine")
        _ = try victim.write(Self.entryName, "named like an entry")
        try FileManager.default.createSymbolicLink(atPath: cacheFolder, withDestinationPath: victim.path)
        let clear = try run("cache", "clear")
        #expect(clear.status == 1)
        let problem = Message.Cache.cacheFolderUntrusted(path: "~/.cache/meli-qa/http", problem: .link)
        #expect(clear.stderr == "meli-qa: error: \(problem.english)\n", "\(clear.stderr)")
        let sites = try run("sites")
        #expect(sites.status == 0, "\(sites.stderr)")
        #expect(sites.stderr.contains(problem.english), "said once: \(sites.stderr)")
        #expect(try names(victim.path) == [Self.entryName, "notes.txt"].sorted(), "nothing removed, nothing written")
    }

    @Test func clearAndEvictionRemoveOnlyEntries() throws {
        #expect(try run("sites").status == 0)
        let stored = try names(cacheFolder)
        #expect(stored.count == 1 && ResponseCache.isEntryName(stored[0]))
        try "not the cache's".write(toFile: cacheFolder + "/notes.txt", atomically: false, encoding: .utf8)
        try "not the cache's either".write(toFile: cacheFolder + "/.hidden", atomically: false, encoding: .utf8)
        let clear = try run("cache", "clear", "--json")
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.stdout.contains("\"removed\": 1"), "\(clear.stdout)")
        #expect(try names(cacheFolder) == [".hidden", "notes.txt"])
    }

    @Test func anEntryOthersMayWriteIsNotServed() throws {
        #expect(try run("sites").status == 0)
        #expect(try run("sites").status == 0)
        #expect(server.received.count == 1, "the second run is answered from the cache")
        let entry = cacheFolder + "/" + (try names(cacheFolder))[0]
        #expect(chmod(entry, 0o666) == 0)
        #expect(try run("sites").status == 0)
        #expect(server.received.count == 2, "a world-writable entry is not served")
    }

    @Test func aFolderOpenToOthersIsNotUsed() throws {
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: false)
        #expect(chmod(cacheFolder, 0o777) == 0)
        let sites = try run("sites")
        #expect(sites.status == 0)
        #expect(sites.stderr.contains(Message.Cache.cacheFolderUntrusted(path: "~/.cache/meli-qa/http", problem: .openToOthers(mode: "777")).english), "\(sites.stderr)")
        #expect(try names(cacheFolder) == [], "nothing stored there")
        #expect(try run("cache", "clear").status == 1)
    }

    /// Another user's folder (made with chown, so only when the tests run as root, as in CI's container).
    @Test(.enabled(if: geteuid() == 0)) func anotherUsersFolderIsNotUsed() throws {
        #expect(try run("sites").status == 0)
        #expect(chown(cacheFolder, 65534, 65534) == 0)
        let sites = try run("sites")
        #expect(sites.stderr.contains(Message.Cache.cacheFolderUntrusted(path: "~/.cache/meli-qa/http", problem: .notOwned).english), "\(sites.stderr)")
        #expect(server.received.count == 2, "the planted entry is not served")
    }
}
