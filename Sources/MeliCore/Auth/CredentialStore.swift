#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The credentials file of one binary (`<config dir>/credentials.json`, mode 0600) and the lock
/// file that serialises refreshes between processes (`credentials.lock` beside it).
package struct CredentialStore: Sendable {
    package var path: String
    /// How the path is shown in messages (`~/.config/meli-qa/credentials.json`).
    package var displayPath: String
    /// The program, named in hints (`meli-qa auth login`).
    package var binary: String
    /// What the lock's wait is measured on and waits with.
    package var clock: TimeSource = .system
    /// Where the file is read and written.
    package var fileSystem: FileSystem = .local

    package init(
        configDirectory: String, binary: String, displayPath: (String) -> String, fileSystem: FileSystem = .local, clock: TimeSource = .system
    ) {
        path = configDirectory + "/credentials.json"
        self.binary = binary
        self.displayPath = displayPath(path)
        self.fileSystem = fileSystem
        self.clock = clock
    }

    var lockPath: String { PathName.directory(of: path) + "/credentials.lock" }

    /// The stored login, or nil when there is none. A file others can read or write is refused,
    /// as is one that is not a whole credentials file.
    package func load() throws(APIError) -> Credentials? {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(atPath: path)
        } catch {
            if error.isMissing { return nil }
            throw .credentials(.unreadable(path: displayPath, reason: error.reason))
        }
        if let mode = fileSystem.permissions(of: path), mode & 0o077 != 0 {
            throw .credentials(.tooOpen(path: displayPath, mode: Self.octal(mode)))
        }
        guard let credentials = Credentials.decode(bytes) else {
            throw .credentials(.damaged(path: displayPath))
        }
        return credentials
    }

    /// Replaces the file atomically, created 0600.
    package func save(_ credentials: Credentials) throws(APIError) {
        do {
            try fileSystem.writeAtomically(credentials.encoded(), to: path, mode: 0o600)
        } catch {
            throw .credentials(.unwritable(path: displayPath, reason: error.reason))
        }
    }

    /// Removes the file; returns whether there was one.
    package func remove() throws(APIError) -> Bool {
        guard fileSystem.permissions(of: path) != nil else { return false }
        do { try fileSystem.removeFile(path) } catch {
            throw .credentials(.unwritable(path: displayPath, reason: error.reason))
        }
        return true
    }

    /// Runs `body` holding the exclusive lock shared by every process of this binary, waiting at
    /// most `timeout` seconds for it. The lock file stays (removing it would race other waiters);
    /// the lock itself dies with the process, so a killed process never leaves it taken.
    package func withLock<T>(
        isolation: isolated (any Actor)? = #isolation, timeout: Double, _ body: () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        do { try fileSystem.makeDirectories(PathName.directory(of: lockPath)) } catch {
            throw .credentials(.unwritable(path: displayPath, reason: error.reason))
        }
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o600)
        guard fd >= 0 else {
            throw .credentials(.unwritable(path: lockPath, reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        let deadline = clock.deadline(in: timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard clock.elapsed() < deadline else { throw .credentials(.locked(path: lockPath)) }
            try? await clock.sleep(.milliseconds(50))
        }
        defer { flock(fd, LOCK_UN) }
        return try await body()
    }

    static func octal(_ mode: mode_t) -> String {
        let text = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
