#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `update` and `self install FEED|URL` write a package as it downloads, before the
/// installer copies, verifies and unpacks it: `<cache>/update/`, used only when it is a real
/// folder, the user's own and open to no one else (0700, as meli makes it), as the response
/// cache's `http/` is. Each download has a folder of its own, `download.XXXXXX` (0700, made new),
/// holding its one file (O_EXCL, 0600), removed once the install is done or refused.
///
/// A download stopped by Ctrl-C or a kill leaves its folder. Every running download holds
/// `update/.lock` shared; whoever gets it exclusively (the next download, `cache clear`) knows
/// that no download is running and removes them all, and `cache info` counts them. The lock file
/// itself stays: removing it could let two processes each hold "the" lock of a different file.
struct DownloadFolder: Sendable {
    /// `<cache>/update`.
    var directory: String
    var fileSystem: FileSystem = .local

    static func directory(inCache cache: String) -> String { cache + "/update" }
    static let lockName = ".lock"
    /// How each download's folder is named: this, then six random letters and digits.
    static let folderPrefix = "download."

    /// What stops a download from being written.
    enum Failure: Error, Sendable, Hashable {
        /// The folder is a link, not a folder, another user's, or open to others.
        case untrusted(CacheFolderProblem)
        /// Something cannot be made or written (the path, the system's reason).
        case cannotWrite(FileSystem.WriteError)
    }

    /// One download in progress: its file, open for reading and writing, in its own folder. The
    /// folders are held open, and the download is made and removed relative to them, never by
    /// path: a folder renamed meanwhile cannot send a removal elsewhere.
    final class Download: Sendable {
        let descriptor: Int32
        /// The file, for messages.
        let path: String
        private let file: String
        private let name: String
        /// `update/`, the download's own folder in it, and the lock file, all open.
        private let parent: Int32, folder: Int32, lock: Int32

        fileprivate init(descriptor: Int32, path: String, file: String, name: String, parent: Int32, folder: Int32, lock: Int32) {
            self.descriptor = descriptor
            self.path = path
            self.file = file
            self.name = name
            self.parent = parent
            self.folder = folder
            self.lock = lock
        }

        /// Removes the download's file and folder, and lets go of them and of the lock.
        func end() {
            _ = unlinkat(folder, file, 0)
            _ = unlinkat(parent, name, AT_REMOVEDIR)
            for fd in [descriptor, folder, parent, lock] { close(fd) }
        }
    }

    /// Why the folder is not to be used (nil when it is, or when it does not exist yet).
    func problem() -> CacheFolderProblem? {
        CacheFolderProblem.of(directory, fileSystem: fileSystem)
    }

    /// Starts the download of `file` (a plain name): makes the folder when missing, opens it and
    /// checks it (through the open folder, so what is checked is what is used), removes what
    /// interrupted downloads left when none is running, then makes the download's own folder in
    /// it and, in that, its empty file.
    func begin(file: String) throws(Failure) -> Download {
        guard !file.isEmpty, !file.utf8.contains(UInt8(ascii: "/")), file.utf8.first != UInt8(ascii: ".") else {
            throw .cannotWrite(FileSystem.WriteError(path: directory + "/" + file, reason: "not a plain file name"))
        }
        do { try fileSystem.makeDirectories(directory, mode: 0o700) } catch { throw .cannotWrite(error) }
        if let problem = problem() { throw .untrusted(problem) }
        let parent = try Self.openPrivateFolder(directory, at: AT_FDCWD)
        var held = [parent]
        do throws(Failure) {
            let lock = openat(parent, Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard lock >= 0 else { throw .cannotWrite(Self.writeError(directory + "/" + Self.lockName)) }
            held.append(lock)
            if flock(lock, LOCK_EX | LOCK_NB) == 0 { removeInterrupted() }
            // Shared from here on (at once when another download runs: shared locks never wait on each other).
            while flock(lock, LOCK_SH) != 0 {
                guard errno == EINTR else { throw .cannotWrite(Self.writeError(directory + "/" + Self.lockName)) }
            }
            let name = try Self.makeFolder(in: parent, shownAs: directory)
            let folder = try Self.openPrivateFolder(name, at: parent, shownAs: directory + "/" + name)
            held.append(folder)
            let descriptor = openat(folder, file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .cannotWrite(Self.writeError(directory + "/" + name + "/" + file)) }
            return Download(descriptor: descriptor, path: directory + "/" + name + "/" + file, file: file, name: name, parent: parent, folder: folder, lock: lock)
        } catch {
            for fd in held { close(fd) }
            throw error
        }
    }

    /// The folders that downloads left (interrupted, or running now) and the bytes they hold.
    func leftovers() -> (entries: Int, bytes: Int) {
        guard problem() == nil else { return (0, 0) }
        let folders = downloadFolders()
        let bytes = folders.reduce(0) { total, folder in total + fileSystem.files(in: folder).reduce(0) { $0 + $1.size } }
        return (folders.count, bytes)
    }

    /// Removes what interrupted downloads left, when no download is running; returns how many
    /// folders and bytes were removed, nil when a download is running (nothing is removed).
    func sweep() throws(Failure) -> (entries: Int, bytes: Int)? {
        guard fileSystem.kind(of: directory) != .missing else { return (0, 0) }
        if let problem = problem() { throw .untrusted(problem) }
        let lock = open(directory + "/" + Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .cannotWrite(Self.writeError(directory + "/" + Self.lockName)) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return nil }
        let found = leftovers()
        removeInterrupted()
        return found
    }

    /// Removes every download folder; only while the lock is held exclusively.
    private func removeInterrupted() {
        for folder in downloadFolders() { try? fileSystem.removeTree(folder) }
    }

    /// The folders in `directory` that downloads make: `download.XXXXXX`, and those of the
    /// versions before it (a random name of 1 to 13 lower-case letters and digits holding
    /// nothing but `.tar.gz` files), which were never removed when a download was interrupted.
    private func downloadFolders() -> [String] {
        fileSystem.names(in: directory).filter { name in
            let path = directory + "/" + name
            guard fileSystem.kind(of: path) == .directory else { return false }
            if name.utf8.starts(with: Self.folderPrefix.utf8) { return name.utf8.count == Self.folderPrefix.utf8.count + 6 }
            let earlier = (1...13).contains(name.utf8.count)
                && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            let inside = fileSystem.names(in: path)
            return earlier && !inside.isEmpty && inside.allSatisfy { $0.hasSuffix(".tar.gz") && fileSystem.kind(of: path + "/" + $0) == .file }
        }.map { directory + "/" + $0 }
    }

    /// Makes a new `download.XXXXXX` (six random letters and digits, 0700) in the open folder
    /// `parent` (shown as `shownAs`); returns its name.
    private static func makeFolder(in parent: Int32, shownAs: String) throws(Failure) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for _ in 0..<100 {
            let name = folderPrefix + String(decoding: (0..<6).map { _ in letters.randomElement()! }, as: UTF8.self)
            if mkdirat(parent, name, 0o700) == 0 { return name }
            guard errno == EEXIST else { throw .cannotWrite(writeError(shownAs)) }
        }
        throw .cannotWrite(writeError(shownAs))
    }

    /// Opens the folder `path` (relative to the open folder `at`), not following a link, and
    /// refuses it unless it is this user's and open to no one else.
    private static func openPrivateFolder(_ path: String, at base: Int32, shownAs: String? = nil) throws(Failure) -> Int32 {
        let shown = shownAs ?? path
        let fd = openat(base, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ELOOP { throw .untrusted(.link) }
            if errno == ENOTDIR { throw .untrusted(.notFolder) }
            throw .cannotWrite(writeError(shown))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = writeError(shown)
            close(fd)
            throw .cannotWrite(failure)
        }
        if UInt32(info.st_uid) != UInt32(geteuid()) {
            close(fd)
            throw .untrusted(.notOwned)
        }
        if info.st_mode & 0o077 != 0 {
            close(fd)
            throw .untrusted(.openToOthers(mode: String(info.st_mode & 0o7777, radix: 8)))
        }
        return fd
    }

    private static func writeError(_ path: String) -> FileSystem.WriteError {
        FileSystem.WriteError(path: path, reason: FileSystem.reason())
    }
}
