#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The credentials' folder (`~/.config/<binary>`), open, once it and every folder above it passed
/// the ownership rule (`StateFolder.problemWithParents`, `Ownership`): the credentials file, its
/// lock and its reservation are opened relative to this descriptor, one name at a time, never
/// through a link and never by whole path after the check.
///
/// Root run with another user's HOME (sudo keeps it on macOS and some Linux systems) read the
/// tokens that user had put there, created files wherever `credentials.lock` pointed, and wrote
/// its own tokens into a folder that user could read.
final class CredentialFolder: Sendable {
    let descriptor: Int32
    /// The folder's path, and as shown.
    let path: String
    let shown: String

    private init(descriptor: Int32, path: String, shown: String) {
        self.descriptor = descriptor
        self.path = path
        self.shown = shown
    }

    deinit { close(descriptor) }

    /// Opens `store`'s folder, making it (0700) when `creating`; nil when it is missing and not
    /// made. A folder that is not trusted is refused, except that, when only reading, one that
    /// holds nothing under the credentials file's name is as good as missing: there is nothing
    /// in it to use, and nothing is written.
    static func checked(_ store: CredentialStore, creating: Bool) throws(CredentialsError) -> CredentialFolder? {
        let folder = PathName.directory(of: store.path)
        if let problem = StateFolder(path: folder, fileSystem: store.fileSystem).problemWithParents() {
            if !creating, store.fileSystem.kind(of: store.path) == .missing { return nil }
            throw store.untrusted(problem)
        }
        if creating {
            do { try store.fileSystem.makeDirectories(folder, mode: 0o700) } catch {
                throw .unwritable(path: store.displayPath, reason: error.reason)
            }
        }
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT, !creating { return nil }
            if code == ELOOP { throw .untrusted(path: store.display(folder), reason: .link) }
            if code == ENOTDIR { throw .untrusted(path: store.display(folder), reason: .notFolder) }
            throw .unreadable(path: store.displayPath, reason: FileSystem.reason(code))
        }
        let opened = CredentialFolder(descriptor: fd, path: folder, shown: store.display(folder))
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: store.displayPath, reason: FileSystem.reason()) }
        if let problem = Ownership(fileSystem: store.fileSystem).problem(of: info, fd: fd) {
            throw .untrusted(path: opened.shown, reason: CredentialsError.Untrusted(problem))
        }
        return opened
    }

    /// `name` in the folder, as shown.
    func shown(_ name: String) -> String { shown + "/" + name }

    /// Opens the file `name` (`O_NOFOLLOW`, `O_NONBLOCK`: a FIFO never stalls the open) and
    /// checks what the same descriptor says: a regular file of this user or root. nil when it is
    /// missing. `permissive` keeps a file others may read or write (`CredentialStore.load` says
    /// so in its own words); otherwise a file others may write is refused.
    func openFile(_ name: String, flags: Int32, mode: mode_t = 0o600, ownership: Ownership, permissive: Bool = false)
        throws(CredentialsError) -> OpenFile?
    {
        let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw .untrusted(path: shown(name), reason: .link) }
            if code == EEXIST { throw .unwritable(path: shown(name), reason: FileSystem.reason(code)) }
            throw .unreadable(path: shown(name), reason: FileSystem.reason(code))
        }
        let file = OpenFile(descriptor: fd)
        guard fstat(fd, &file.info) == 0 else { throw .unreadable(path: shown(name), reason: FileSystem.reason()) }
        guard (file.info.st_mode & S_IFMT) == S_IFREG else { throw .untrusted(path: shown(name), reason: .notFile) }
        switch ownership.problem(of: file.info, fd: fd) {
        case .otherOwner(let uid)?: throw .untrusted(path: shown(name), reason: .otherOwner(uid: uid))
        case .writableByOthers(let mode)? where !permissive: throw .untrusted(path: shown(name), reason: .writableByOthers(mode: mode))
        default: break
        }
        // Leave nothing blocking for the reads and writes that follow.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Whether `name` is, right now, the very file `file` has open (a rename of that name moves it).
    func holds(_ name: String, _ file: OpenFile) -> Bool {
        var now = stat()
        return fstatat(descriptor, name, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == file.info.st_dev && now.st_ino == file.info.st_ino
    }

    /// Writes `bytes` whole as `name`: a new file (`O_EXCL`, 0600) under a temporary name, synced,
    /// then renamed over `name` within the folder. `write` puts the bytes into the open file and
    /// returns 0 or the system's error code (a test makes it fail as on a full disk).
    func replace(_ name: String, with bytes: [UInt8], write: CredentialStore.Writer) -> Int32 {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let temporary = ".\(name).\(String(generator.next() as UInt64, radix: 36))"
            let fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno == EEXIST { continue }
            guard fd >= 0 else { return errno }
            var code = fchmod(fd, 0o600) == 0 ? write(fd, bytes, name) : errno
            if code == 0, fsync(fd) != 0 { code = errno }
            close(fd)
            if code == 0, renameat(descriptor, temporary, descriptor, name) != 0 { code = errno }
            if code != 0 { unlinkat(descriptor, temporary, 0) }
            return code
        }
        return EEXIST
    }
}

/// A file of the credentials' folder, open, with what `fstat` said of it when opened.
final class OpenFile: @unchecked Sendable {
    let descriptor: Int32
    var info = stat()

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// The whole file, at most `limit` bytes; nil past it or when a read fails.
    func read(limit: Int) -> [UInt8]? {
        guard Int(info.st_size) <= limit else { return nil }
        var bytes: [UInt8] = []
        do {
            let complete = try FileSystem.readPieces(descriptor) { (piece: ArraySlice<UInt8>) throws(TooLarge) in
                guard bytes.count + piece.count <= limit else { throw TooLarge() }
                bytes.append(contentsOf: piece)
            }
            return complete ? bytes : nil
        } catch {
            return nil
        }
    }

    private struct TooLarge: Error {}
}

extension CredentialsError.Untrusted {
    init(_ problem: OwnershipProblem) {
        switch problem {
        case .otherOwner(let uid): self = .otherOwner(uid: uid)
        case .writableByOthers(let mode): self = .writableByOthers(mode: mode)
        }
    }
}

extension CredentialStore {
    /// `path` as shown: under the credentials file's folder, or above it, as the file is shown.
    func display(_ path: String) -> String { displayFunction(path) }

    /// The error for a folder `StateFolder` found untrusted.
    func untrusted(_ problem: StateFolder.Problem) -> CredentialsError {
        let reason: CredentialsError.Untrusted = switch problem.reason {
        case .link: .link
        case .notFolder: .notFolder
        case .owner(let owner): .init(owner)
        case .linkOwner(let uid): .linkOwner(uid: uid)
        case .tooManyLinks: .tooManyLinks
        case .unreadable(let reason): .unreadable(reason)
        }
        return .untrusted(path: display(problem.path), reason: reason)
    }
}
