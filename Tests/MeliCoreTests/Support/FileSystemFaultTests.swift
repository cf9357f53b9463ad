import Foundation
import Testing
@testable import MeliCore

/// What the program does when the disk is full: the real file system, except that every write fails
/// as a full disk makes it fail.
@Suite("File system faults")
struct FileSystemFaultTests {
    let dir: TemporaryDirectory

    init() throws { dir = try TemporaryDirectory() }

    /// The real file system on a disk with no space left: reads work, writes fail with ENOSPC's words.
    static var fullDisk: FileSystem {
        var full = FileSystem.local
        full.saveFile = { _, path, _ throws(FileSystem.WriteError) in
            throw FileSystem.WriteError(path: path, reason: FileSystem.reason(ENOSPC))
        }
        return full
    }

    /// The credentials store's writes on a disk with no space left.
    static let fullDiskWrites: CredentialStore.Writer = { _, _, _ in ENOSPC }

    static func login(_ token: String) -> Credentials {
        Credentials(
            accessToken: token, refreshToken: "TG-refresh", expiresAt: 1_900_000_000, userID: "42", scope: nil,
            clientID: "app", clientSecret: "secret")
    }

    @Test func savingALoginOnAFullDiskKeepsTheOldOneAndSaysWhy() throws {
        let store = CredentialStore(configDirectory: dir.path + "/config", binary: "meli-qa", displayPath: { $0 })
        try store.save(Self.login("APP_USR-old"))
        var full = CredentialStore(configDirectory: dir.path + "/config", binary: "meli-qa", displayPath: { $0 })
        full.write = Self.fullDiskWrites
        #expect(throws: APIError.credentials(.unwritable(path: store.path, reason: "no space left on device"))) {
            try full.save(Self.login("APP_USR-new"))
        }
        #expect(try store.load() == Self.login("APP_USR-old"), "the previous login is still there, whole")
        #expect(try full.load() == Self.login("APP_USR-old"), "reading needs no space")
        #expect(FileSystem.local.names(in: dir.path + "/config") == ["credentials.json"], "no temporary file is left behind")
    }

    @Test func aCacheOnAFullDiskCostsOnlyTheCache() throws {
        let log = OutputBuffer()
        let logger = Logger(level: .warning, output: log.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        let cache = ResponseCache(directory: dir.path + "/http", maxBytes: 10_000, logger: logger, fileSystem: Self.fullDisk)
        let entry = CacheEntry(
            key: "GET http://x/sites", identity: "anonymous", stored: 1000, lifetime: 60, status: 200, headers: [:], body: Array("[]".utf8))
        cache.store(entry)
        #expect(cache.load(key: entry.key, identity: entry.identity) == nil)
        #expect(log.text.contains("cache: cannot store GET http://x/sites: no space left on device"), "\(log.text)")
    }
}
