import Foundation
import Testing
@testable import MeliCore

/// The credentials store as root run with another user's HOME (sudo keeps it on macOS and some
/// Linux systems): nothing that user could have planted or could change is read, written through
/// or used. The other user is made real with chown (uid 4242), so most of these need root, as the
/// tests run in CI's container.
@Suite("Credentials only where no one else can change them")
struct CredentialTrustTests {
    let dir: TemporaryDirectory
    let elsewhere: TemporaryDirectory

    init() throws {
        dir = try TemporaryDirectory()
        elsewhere = try TemporaryDirectory()
    }

    var home: String { dir.path + "/home" }
    var config: String { home + "/.config/meli-qa" }
    var store: CredentialStore { CredentialStore(configDirectory: config, binary: "meli-qa", displayPath: { $0 }) }

    static let login = Credentials(
        accessToken: "APP_USR-trust-access-0001", refreshToken: "TG-trust-refresh-0001", expiresAt: 1_900_000_000, userID: "42", scope: nil,
        clientID: "app", clientSecret: "trust-client-secret-0001")
    static let renewed = Credentials(
        accessToken: "APP_USR-trust-access-0002", refreshToken: "TG-trust-refresh-0002", expiresAt: 1_900_003_600, userID: "42", scope: nil,
        clientID: "app", clientSecret: "trust-client-secret-0001")

    /// The user's own folder, 0700, as `auth login` makes it.
    func ownFolder() throws {
        try FileSystem.local.makeDirectories(config, mode: 0o700)
    }

    /// `error` is the refusal of `path` for `reason`, reported as a configuration error (exit 3)
    /// that names the place and holds no secret.
    func expectRefused(_ error: APIError?, _ path: String, _ reason: CredentialsError.Untrusted, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(error == .credentials(.untrusted(path: path, reason: reason)), sourceLocation: sourceLocation)
        let stderr = Reported.stderr(error ?? .credentials(.locked(path: "")), binary: "meli-qa")
        let failure = error.flatMap { ErrorReporter(binary: "meli-qa", stderr: OutputBuffer().output(), style: .plain).failure(for: $0) }
        #expect(failure?.exitCode == .configuration, sourceLocation: sourceLocation)
        #expect(stderr.contains(path), "\(stderr)", sourceLocation: sourceLocation)
        for secret in Self.login.secrets + Self.renewed.secrets {
            #expect(!stderr.contains(secret), sourceLocation: sourceLocation)
        }
    }

    func caught<T>(_ body: () throws(APIError) -> T) -> APIError? {
        do { _ = try body() } catch { return error }
        return nil
    }

    func caught<T>(_ body: () async throws(APIError) -> T) async -> APIError? {
        do { _ = try await body() } catch { return error }
        return nil
    }

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .isoLatin1) }

    // MARK: - The lock

    /// Before, the lock was opened with O_CREAT and links followed: a link planted there made
    /// the process (root) create, or open, any file the link named.
    @Test func aLockFileThatIsALinkIsRefusedAndWhatItNamesIsNotMade() async throws {
        try ownFolder()
        let target = elsewhere.path + "/made-by-root"
        #expect(symlink(target, config + "/credentials.lock") == 0)
        let error = await caught { () async throws(APIError) in
            try await store.withLock(timeout: 1) { () throws(APIError) in Issue.record("ran without the lock") }
        }
        expectRefused(error, config + "/credentials.lock", .link)
        #expect(FileSystem.local.kind(of: target) == .missing)
    }

    /// One left open to others is made 0600 (flock works on a descriptor opened to read only).
    @Test func aLockFileOpenToOthersIsMadePrivate() async throws {
        try ownFolder()
        let lock = config + "/credentials.lock"
        #expect(FileManager.default.createFile(atPath: lock, contents: nil) && chmod(lock, 0o666) == 0)
        let ran = try await store.withLock(timeout: 1) { () throws(APIError) in true }
        #expect(ran)
        #expect(FileSystem.local.permissions(of: lock) == 0o600)
    }

    @Test(.enabled(if: geteuid() == 0)) func anotherUsersLockFileIsRefusedAndLeftAsItIs() async throws {
        try ownFolder()
        let lock = config + "/credentials.lock"
        #expect(FileManager.default.createFile(atPath: lock, contents: nil) && chmod(lock, 0o644) == 0 && chown(lock, 4242, 4242) == 0)
        let error = await caught { () async throws(APIError) in
            try await store.withLock(timeout: 1) { () throws(APIError) in Issue.record("ran without the lock") }
        }
        expectRefused(error, lock, .otherOwner(uid: 4242))
        #expect(FileSystem.local.permissions(of: lock) == 0o644)
    }

    // MARK: - The reservation

    /// The reservation's name made a link to another file after it was made (by whoever can
    /// write the folder): before, the renewed tokens were written into that file, and it was
    /// renamed into place. Now they go through the descriptor of the file that was reserved, the
    /// name is renamed only while it is still that file, and the link is left as it is.
    @Test(arguments: [true, false]) func aReservationSwappedForALinkIsNotWrittenThrough(hardLink: Bool) throws {
        try store.save(Self.login)
        let outside = elsewhere.path + "/outside"
        #expect(FileManager.default.createFile(atPath: outside, contents: Data("outside\n".utf8)))
        let reservation = try store.reserve(for: Self.login)
        let name = config + "/credentials.json.reserve"
        #expect(unlink(name) == 0)
        #expect((hardLink ? link(outside, name) : symlink(outside, name)) == 0)
        try store.save(Self.renewed, into: reservation)
        #expect(text(outside) == "outside\n", "nothing was written through the link")
        #expect(try store.load() == Self.renewed, "the renewed login is saved all the same")
        #expect(FileSystem.local.permissions(of: store.path) == 0o600)
        #expect(FileSystem.local.kind(of: name) == (hardLink ? .file : .symlink), "what was planted is not removed")
    }

    /// A link found at the reservation's name before a renewal is refused, never written through
    /// nor replaced (before, it was replaced silently).
    @Test func aReservationNameThatIsALinkIsRefused() throws {
        try store.save(Self.login)
        let outside = elsewhere.path + "/outside"
        #expect(FileManager.default.createFile(atPath: outside, contents: Data("outside\n".utf8)))
        #expect(symlink(outside, config + "/credentials.json.reserve") == 0)
        var error: APIError?
        do { _ = try store.reserve(for: Self.login) } catch let failure { error = .credentials(failure) }
        expectRefused(error, config + "/credentials.json.reserve", .link)
        #expect(text(outside) == "outside\n")
        #expect(FileSystem.local.kind(of: config + "/credentials.json.reserve") == .symlink)
    }

    /// A reservation an interrupted renewal left (the user's own regular file) is made again.
    @Test func aLeftoverReservationIsReplaced() throws {
        try store.save(Self.login)
        #expect(FileManager.default.createFile(atPath: config + "/credentials.json.reserve", contents: Data("old".utf8)))
        let reservation = try store.reserve(for: Self.login)
        try store.save(Self.renewed, into: reservation)
        #expect(try store.load() == Self.renewed)
        #expect(FileSystem.local.names(in: config) == ["credentials.json"])
    }

    // MARK: - The credentials file

    /// Another user's credentials file is neither used nor shown, nor taken for "not logged in".
    @Test(.enabled(if: geteuid() == 0)) func anotherUsersCredentialsFileIsRefused() throws {
        try store.save(Self.login)
        #expect(chown(store.path, 4242, 4242) == 0)
        expectRefused(caught { () throws(APIError) in try store.load() }, store.path, .otherOwner(uid: 4242))
    }

    @Test func aCredentialsFileThatIsALinkIsRefused() throws {
        try ownFolder()
        let outside = elsewhere.path + "/credentials.json"
        try CredentialStore(configDirectory: elsewhere.path, binary: "meli-qa", displayPath: { $0 }).save(Self.login)
        #expect(symlink(outside, store.path) == 0)
        expectRefused(caught { () throws(APIError) in try store.load() }, store.path, .link)
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        try ownFolder()
        #expect(mkfifo(store.path, 0o600) == 0)
        expectRefused(caught { () throws(APIError) in try store.load() }, store.path, .notFile)
    }

    // MARK: - The folder and the folders above it

    enum Place: String, CaseIterable, Sendable {
        /// The config folder belongs to uid 4242.
        case folderOfAnotherUser
        /// The config folder is 0777, without the sticky bit.
        case folderWritableByAll
        /// `~/.config` belongs to uid 4242.
        case parentOfAnotherUser
        /// The config folder is a link to a folder of the user's own.
        case folderIsALink
    }

    /// Makes the config folder (with a login in it) untrusted as `place` says; returns the place
    /// refused and why.
    func spoil(_ place: Place) throws -> (String, CredentialsError.Untrusted) {
        try store.save(Self.login)
        switch place {
        case .folderOfAnotherUser:
            #expect(chown(config, 4242, 4242) == 0)
            return (config, .otherOwner(uid: 4242))
        case .folderWritableByAll:
            #expect(chmod(config, 0o777) == 0)
            return (config, .writableByOthers(mode: 0o777))
        case .parentOfAnotherUser:
            #expect(chown(home + "/.config", 4242, 4242) == 0)
            return (home + "/.config", .otherOwner(uid: 4242))
        case .folderIsALink:
            #expect(rename(config, elsewhere.path + "/real") == 0 && symlink(elsewhere.path + "/real", config) == 0)
            return (config, .link)
        }
    }

    /// Nothing is read from such a folder (the login there is not used, and not taken for none),
    /// and nothing is written there: no login, no renewal, no lock, no reservation.
    @Test(.enabled(if: geteuid() == 0), arguments: Place.allCases)
    func anUntrustedFolderIsNeitherReadNorWritten(place: Place) async throws {
        let (path, reason) = try spoil(place)
        let real = place == .folderIsALink ? elsewhere.path + "/real" : config
        let before = FileSystem.local.names(in: real)
        expectRefused(caught { () throws(APIError) in try store.load() }, path, reason)
        expectRefused(caught { () throws(APIError) in try store.save(Self.renewed) }, path, reason)
        expectRefused(caught { () throws(APIError) in try store.checkWritable() }, path, reason)
        expectRefused(caught { () throws(APIError) in try store.remove() }, path, reason)
        let locked = await caught { () async throws(APIError) in
            try await store.withLock(timeout: 1) { () throws(APIError) in Issue.record("ran in an untrusted folder") }
        }
        expectRefused(locked, path, reason)
        var reserved: APIError?
        do { _ = try store.reserve(for: Self.login) } catch let failure { reserved = .credentials(failure) }
        expectRefused(reserved, path, reason)
        #expect(FileSystem.local.names(in: real) == before, "nothing was made, removed or replaced there")
        #expect(Credentials.decode(try FileSystem.local.readFile(atPath: real + "/credentials.json")) == Self.login)
    }

    /// With nothing under the credentials file's name there is nothing to use: not logged in,
    /// as before, rather than an error for every command root runs with that HOME.
    @Test(.enabled(if: geteuid() == 0)) func anUntrustedFolderWithoutALoginIsNoLogin() throws {
        try ownFolder()
        #expect(chown(config, 4242, 4242) == 0)
        #expect(try store.load() == nil)
        #expect(try store.remove() == false)
    }

    /// The user's own folder, and a private file in it, work as before; a missing folder is made 0700.
    @Test func theUsersOwnFolderWorks() async throws {
        #expect(try store.load() == nil)
        try store.checkWritable()
        try store.save(Self.login)
        #expect(FileSystem.local.permissions(of: config) == 0o700)
        #expect(FileSystem.local.permissions(of: store.path) == 0o600)
        #expect(try store.load() == Self.login)
        let held = try await store.withLock(timeout: 1) { () throws(APIError) in true }
        #expect(held)
        let reservation = try store.reserve(for: Self.login)
        #expect(FileSystem.local.permissions(of: config + "/credentials.json.reserve") == 0o600)
        try store.save(Self.renewed, into: reservation)
        #expect(try store.load() == Self.renewed)
        #expect(FileSystem.local.permissions(of: store.path) == 0o600)
        #expect(FileSystem.local.permissions(of: config + "/credentials.lock") == 0o600)
        #expect(FileSystem.local.names(in: config) == ["credentials.json", "credentials.lock"])
        #expect(try store.remove())
        #expect(try store.load() == nil)
    }
}
