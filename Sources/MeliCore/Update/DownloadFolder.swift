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
/// cache's `http/` is. Each download has a folder of its own, `download.XXXXXX` (mkdtemp, 0700),
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
    /// How each download's folder is named: this, then mkdtemp's six characters.
    static let folderPrefix = "download."

    /// What stops a download from being written.
    enum Failure: Error, Sendable, Hashable {
        /// The folder is a link, not a folder, another user's, or open to others.
        case untrusted(CacheFolderProblem)
        /// Something cannot be made or written (the path, the system's reason).
        case cannotWrite(FileSystem.WriteError)
    }

    /// One download in progress: its file, open for reading and writing, in its own folder.
    final class Download: Sendable {
        let descriptor: Int32
        /// The download's own folder, removed by `end`.
        let folder: String
        /// The file, for messages.
        let path: String
        private let lock: Int32
        private let fileSystem: FileSystem

        fileprivate init(descriptor: Int32, folder: String, path: String, lock: Int32, fileSystem: FileSystem) {
            self.descriptor = descriptor
            self.folder = folder
            self.path = path
            self.lock = lock
            self.fileSystem = fileSystem
        }

        /// Removes the download's folder and lets go of the file and the lock.
        func end() {
            try? fileSystem.removeTree(folder)
            close(descriptor)
            close(lock)
        }
    }

    /// Why the folder is not to be used (nil when it is, or when it does not exist yet).
    func problem() -> CacheFolderProblem? {
        CacheFolderProblem.of(directory, fileSystem: fileSystem)
    }

    /// Starts the download of `file` (a plain name): makes the folder when missing, checks it,
    /// removes what interrupted downloads left when none is running, then creates the download's
    /// folder and its empty file.
    func begin(file: String) throws(Failure) -> Download {
        do { try fileSystem.makeDirectories(directory, mode: 0o700) } catch { throw .cannotWrite(error) }
        if let problem = problem() { throw .untrusted(problem) }
        let lock = open(directory + "/" + Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .cannotWrite(Self.writeError(directory + "/" + Self.lockName)) }
        if flock(lock, LOCK_EX | LOCK_NB) == 0 { removeInterrupted() }
        // Shared from here on (at once when another download runs: shared locks never wait on each other).
        while flock(lock, LOCK_SH) != 0 {
            guard errno == EINTR else {
                let failure = Self.writeError(directory + "/" + Self.lockName)
                close(lock)
                throw .cannotWrite(failure)
            }
        }
        do {
            let (folder, descriptor) = try Self.makeFile(file, in: directory)
            return Download(descriptor: descriptor, folder: folder, path: folder + "/" + file, lock: lock, fileSystem: fileSystem)
        } catch {
            close(lock)
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

    /// Makes `download.XXXXXX` in `directory` and, in it, `file` (O_EXCL, 0600), checking that the
    /// new folder is this user's alone; returns the folder and the file's descriptor.
    private static func makeFile(_ file: String, in directory: String) throws(Failure) -> (String, Int32) {
        guard !file.isEmpty, !file.utf8.contains(UInt8(ascii: "/")), file.utf8.first != UInt8(ascii: ".") else {
            throw .cannotWrite(FileSystem.WriteError(path: directory + "/" + file, reason: "not a plain file name"))
        }
        var template = Array("\(directory)/\(folderPrefix)XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw .cannotWrite(writeError(directory)) }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            return (folder, try openFile(file, in: folder))
        } catch {
            _ = rmdir(folder)
            throw error
        }
    }

    /// Creates `file` in the new `folder`, once the folder is seen to be this user's alone.
    private static func openFile(_ file: String, in folder: String) throws(Failure) -> Int32 {
        let handle = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard handle >= 0 else { throw .cannotWrite(writeError(folder)) }
        defer { close(handle) }
        var info = stat()
        guard fstat(handle, &info) == 0 else { throw .cannotWrite(writeError(folder)) }
        guard UInt32(info.st_uid) == UInt32(geteuid()) else { throw .untrusted(.notOwned) }
        guard info.st_mode & 0o077 == 0 else { throw .untrusted(.openToOthers(mode: String(info.st_mode & 0o7777, radix: 8))) }
        let descriptor = openat(handle, file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(writeError(folder + "/" + file)) }
        return descriptor
    }

    private static func writeError(_ path: String) -> FileSystem.WriteError {
        FileSystem.WriteError(path: path, reason: FileSystem.reason())
    }
}
