#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The credentials file of one binary (`<config dir>/credentials.json`, mode 0600) and the lock
/// file that serialises refreshes between processes (`credentials.lock` beside it).
///
/// Each is used only in a folder that it and every folder above it belong to this user or root,
/// that no one else may write and that is no link, and only when it is a regular file of this
/// user or root that no one else may write, opened relative to that folder (`CredentialFolder`).
package struct CredentialStore: Sendable {
    /// Puts `bytes` into the open file `fd` (for `name`), returning 0 or the system's error code.
    package typealias Writer = @Sendable (_ fd: Int32, _ bytes: [UInt8], _ name: String) -> Int32

    package static let fileName = "credentials.json"
    static let lockName = "credentials.lock"
    /// The largest credentials file read: tokens are a few hundred bytes.
    static let maximumBytes = 1 << 20

    package var path: String
    /// How the path is shown in messages (`~/.config/meli-qa/credentials.json`).
    package var displayPath: String
    /// The program, named in hints (`meli-qa auth login`).
    package var binary: String
    /// What the lock's wait is measured on and waits with.
    package var clock: TimeSource = .system
    /// Where the folder is checked and made.
    package var fileSystem: FileSystem = .local
    /// How the files' bytes are written (a test's fails as a full disk does).
    package var write: Writer = { fd, bytes, _ in FileSystem.writeAll(bytes[...], to: fd) ? 0 : errno }
    let displayFunction: @Sendable (String) -> String

    package init(
        configDirectory: String, binary: String, displayPath: @escaping @Sendable (String) -> String, fileSystem: FileSystem = .local,
        clock: TimeSource = .system
    ) {
        path = configDirectory + "/" + Self.fileName
        self.binary = binary
        self.displayPath = displayPath(path)
        displayFunction = displayPath
        self.fileSystem = fileSystem
        self.clock = clock
    }

    var lockPath: String { PathName.directory(of: path) + "/" + Self.lockName }

    /// Refuses, before anything is asked of a server, to log in where the login could not be
    /// kept: a folder that is not trusted (`CredentialFolder`).
    package func checkWritable() throws(APIError) {
        if let problem = StateFolder(path: PathName.directory(of: path), fileSystem: fileSystem).problemWithParents() {
            throw .credentials(untrusted(problem))
        }
    }

    /// The stored login, or nil when there is none. A file others can read or write is refused,
    /// as is one that is not a whole credentials file, and one in a folder that is not trusted.
    package func load() throws(APIError) -> Credentials? {
        do throws(CredentialsError) {
            guard let folder = try CredentialFolder.checked(self, creating: false),
                  let file = try folder.openFile(Self.fileName, flags: O_RDONLY, ownership: Ownership(fileSystem: fileSystem), permissive: true)
            else { return nil }
            // Said before a byte is read.
            if file.info.st_mode & 0o077 != 0 { throw .tooOpen(path: displayPath, mode: Self.octal(file.info.st_mode & 0o7777)) }
            guard let bytes = file.read(limit: Self.maximumBytes), let credentials = Credentials.decode(bytes) else {
                throw .damaged(path: displayPath)
            }
            return credentials
        } catch {
            throw .credentials(error)
        }
    }

    /// Replaces the file atomically, created 0600.
    package func save(_ credentials: Credentials) throws(APIError) {
        do throws(CredentialsError) {
            guard let folder = try CredentialFolder.checked(self, creating: true) else { return }
            try save(credentials.encoded(), in: folder)
        } catch {
            throw .credentials(error)
        }
    }

    func save(_ bytes: [UInt8], in folder: CredentialFolder) throws(CredentialsError) {
        let code = folder.replace(Self.fileName, with: bytes, write: write)
        if code != 0 { throw .unwritable(path: displayPath, reason: FileSystem.reason(code)) }
    }

    /// Removes the file; returns whether there was one.
    package func remove() throws(APIError) -> Bool {
        do throws(CredentialsError) {
            guard let folder = try CredentialFolder.checked(self, creating: false) else { return false }
            guard unlinkat(folder.descriptor, Self.fileName, 0) == 0 else {
                if errno == ENOENT { return false }
                throw .unwritable(path: displayPath, reason: FileSystem.reason())
            }
            return true
        } catch {
            throw .credentials(error)
        }
    }

    /// Runs `body` holding the exclusive lock shared by every process of this binary, waiting at
    /// most `timeout` seconds for it. The lock file stays (removing it would race other waiters);
    /// the lock itself dies with the process, so a killed process never leaves it taken. The lock
    /// file is 0600 (one left open to others is made so): flock works on a descriptor opened only
    /// to read, so another user who could open it could stop every renewal.
    package func withLock<T>(
        isolation: isolated (any Actor)? = #isolation, timeout: Double, _ body: () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        let lock: OpenFile
        do throws(CredentialsError) {
            guard let folder = try CredentialFolder.checked(self, creating: true),
                  let file = try folder.openFile(Self.lockName, flags: O_RDWR | O_CREAT, ownership: Ownership(fileSystem: fileSystem), permissive: true)
            else { throw .unwritable(path: display(lockPath), reason: FileSystem.reason(ENOENT)) }
            if file.info.st_mode & 0o077 != 0, fchmod(file.descriptor, 0o600) != 0 {
                throw .untrusted(path: display(lockPath), reason: .writableByOthers(mode: Int(file.info.st_mode & 0o7777)))
            }
            lock = file
        } catch {
            throw .credentials(error)
        }
        let deadline = clock.deadline(in: timeout)
        while flock(lock.descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard clock.elapsed() < deadline else { throw .credentials(.locked(path: lockPath)) }
            try? await clock.sleep(.milliseconds(50))
        }
        defer { flock(lock.descriptor, LOCK_UN) }
        return try await body()
    }

    static func octal(_ mode: mode_t) -> String {
        let text = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
