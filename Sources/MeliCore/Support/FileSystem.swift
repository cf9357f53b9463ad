#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CProcessSetup

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read, with the operating system's reason.
package struct FileReadError: Error, Hashable, Sendable {
    package var path: String
    package var reason: String
    /// Whether the file simply does not exist (as opposed to being unreadable).
    package var isMissing: Bool
}

/// The file system as one value, carried by `Context` and handed to what reads or writes files:
/// `FileSystem.local` is the real one. Each operation is a closure, so a test can replace one (a
/// write that fails as on a full disk) and keep the others real. Errors carry the operating
/// system's reason.
package struct FileSystem: Sendable {
    /// Reads a whole regular file of at most `limit` bytes (a larger one is refused unread).
    package var loadFile: @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]
    /// Writes a file whole or not at all, with the given mode (and fsync when durable), creating
    /// missing parent directories.
    package var saveFile: @Sendable (_ bytes: [UInt8], _ path: String, _ options: WriteOptions) throws(WriteError) -> Void
    /// Removes a file (or link); a missing one is not an error.
    package var deleteFile: @Sendable (_ path: String) throws(WriteError) -> Void
    /// Removes a path and everything under it, never following links; a missing one is not an error.
    package var deleteTree: @Sendable (_ path: String) throws(WriteError) -> Void
    /// `mkdir -p` with a mode for the directories it creates.
    package var createDirectories: @Sendable (_ path: String, _ mode: mode_t) throws(WriteError) -> Void
    /// Points a symbolic link at a target in one rename.
    package var swapLink: @Sendable (_ path: String, _ target: String) throws(WriteError) -> Void
    /// What a path is, without following a final link.
    package var examine: @Sendable (_ path: String) -> Kind
    /// Whether a regular file (or a link to one) is there.
    package var isRegularFile: @Sendable (_ path: String) -> Bool
    /// The path with links, `.` and `..` resolved, or nil when it does not exist.
    package var resolvePath: @Sendable (_ path: String) -> String?
    /// The text of a symbolic link, or nil when it is not one.
    package var linkText: @Sendable (_ path: String) -> String?
    /// The names in a directory, sorted; empty when it cannot be read.
    package var listNames: @Sendable (_ path: String) -> [String]
    /// The regular files directly in a directory, sorted by name.
    package var listFiles: @Sendable (_ path: String) -> [FileInfo]
    /// Sets a file's modification time to now; failures are ignored.
    package var markUsed: @Sendable (_ path: String) -> Void
    /// A file's permission bits, or nil when it cannot be examined.
    package var permissionBits: @Sendable (_ path: String) -> mode_t?
    /// What `path` itself is (`lstat`: a link is a link), its owner and permission bits; nil when missing.
    package var inspect: @Sendable (_ path: String) -> Status? = { POSIXFiles.status(of: $0) }
    /// The user this process acts as (`geteuid`): who the files it trusts must belong to.
    package var currentUser: @Sendable () -> UInt32 = { POSIXFiles.effectiveUser }
    /// The group this process acts as when it is the user's private group (Fedora's and Debian's
    /// "user private groups": named as the user, its primary group, with no other member listed);
    /// nil otherwise. A folder writable by that group can be written by no one else.
    package var privateGroup: @Sendable () -> UInt32? = { POSIXFiles.privateGroup }
    /// Whether an account other than `user` has `group` as its primary group, which makes the
    /// group no private one (`AccessControl`).
    package var isPrimaryGroupOfAnother: @Sendable (_ group: UInt32, _ user: UInt32) -> Bool = {
        AccessControl.isPrimaryGroupOfAnother($0, besides: $1)
    }

    /// A path's kind, owner, group and permission bits, as `lstat` sees them.
    package struct Status: Sendable, Hashable {
        package var kind: Kind
        package var owner: UInt32
        package var mode: mode_t
        package var group: UInt32
        /// Its size in bytes (a link's own).
        package var size: Int

        package init(kind: Kind, owner: UInt32, mode: mode_t, group: UInt32 = 0, size: Int = 0) {
            self.kind = kind
            self.owner = owner
            self.mode = mode
            self.group = group
            self.size = size
        }
    }

    /// The machine's own file system.
    package static let local = FileSystem(
        loadFile: { path, limit throws(FileReadError) in try POSIXFiles.readFile(atPath: path, limit: limit) },
        saveFile: { bytes, path, options throws(WriteError) in try POSIXFiles.writeAtomically(bytes, to: path, options) },
        deleteFile: { path throws(WriteError) in try POSIXFiles.removeFile(path) },
        deleteTree: { path throws(WriteError) in try POSIXFiles.removeTree(path) },
        createDirectories: { path, mode throws(WriteError) in try POSIXFiles.makeDirectories(path, mode: mode) },
        swapLink: { path, target throws(WriteError) in try POSIXFiles.replaceSymlink(path, target: target) },
        examine: { POSIXFiles.kind(of: $0) },
        isRegularFile: { POSIXFiles.isFile($0) },
        resolvePath: { POSIXFiles.realPath($0) },
        linkText: { POSIXFiles.linkTarget($0) },
        listNames: { POSIXFiles.names(in: $0) },
        listFiles: { POSIXFiles.files(in: $0) },
        markUsed: { POSIXFiles.touch($0) },
        permissionBits: { POSIXFiles.permissions(of: $0) })

    /// What a path is, without following a final symbolic link.
    package enum Kind: Sendable, Hashable {
        case missing, file, directory, symlink, other
    }

    /// A file that could not be written, with the operating system's reason.
    package struct WriteError: Error, Hashable, Sendable {
        package var path: String
        package var reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// One regular file in a directory.
    package struct FileInfo: Sendable, Hashable {
        package var name: String
        package var size: Int
        /// Last modification, in seconds since 1970.
        package var modified: Double
    }

    /// Reads a whole regular file; one over `limit` bytes is refused after one fstat, unread
    /// (`FileSystem.tooLarge`): a 1 GB file in the cache's place costs nothing.
    package func readFile(atPath path: String, limit: Int = .max) throws(FileReadError) -> [UInt8] { try loadFile(path, limit) }

    /// The reason a file over its limit is refused with.
    static let tooLarge = "it is larger than it may be"

    /// Writes `bytes` to `path` whole or not at all: a temporary file beside it, then a rename.
    /// Creates missing parent directories (0700). The file gets `mode`. `durable` (fsync before
    /// the rename) is for what losing would lose the user something (credentials, settings, the
    /// saved site, installs); a cache entry or a hint is atomic through the rename alone, and at
    /// worst missing after a crash, or there with zeros, read as damaged (`reserveBlocks`).
    package func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, durable: Bool = true) throws(WriteError) {
        try saveFile(bytes, path, WriteOptions(mode: mode, durable: durable))
    }

    /// How `saveFile` writes: the file's mode, and whether it is synced to the disk before it
    /// replaces the old one.
    package struct WriteOptions: Sendable, Hashable {
        package var mode: mode_t
        package var durable: Bool
    }

    /// Removes the file at `path`; a missing file is not an error.
    package func removeFile(_ path: String) throws(WriteError) { try deleteFile(path) }

    /// Removes `path` and, for a directory, everything inside it; links are removed, never followed.
    /// A missing path is not an error.
    package func removeTree(_ path: String) throws(WriteError) { try deleteTree(path) }

    /// `mkdir -p` with `mode` for the directories it creates (existing ones are left as they are);
    /// 0700 unless told otherwise, as most hold one user's state.
    package func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(WriteError) { try createDirectories(path, mode) }

    /// Points `path` at `target` by renaming a new link over whatever link is there: the path is
    /// never missing, and the change is one rename(2).
    package func replaceSymlink(_ path: String, target: String) throws(WriteError) { try swapLink(path, target) }

    /// The kind of `path` itself (`lstat`): a link is a link, whatever it points at.
    package func kind(of path: String) -> Kind { examine(path) }

    /// Whether a regular file (or a link to one) exists at `path`.
    package func isFile(_ path: String) -> Bool { isRegularFile(path) }

    /// The path with symbolic links, `.` and `..` resolved, or `nil` if it does not exist.
    package func realPath(_ path: String) -> String? { resolvePath(path) }

    /// The text of the symbolic link at `path`, or nil when it is not one.
    package func linkTarget(_ path: String) -> String? { linkText(path) }

    /// Every name in the directory at `path` (no `.`/`..`), sorted; empty when it cannot be read.
    package func names(in path: String) -> [String] { listNames(path) }

    /// The regular files directly in `path` (no `.`/`..`, no subdirectories), sorted by name;
    /// empty when the directory does not exist. Files that vanish while listing are skipped.
    package func files(in path: String) -> [FileInfo] { listFiles(path) }

    /// Sets a file's modification time to now (the cache's "last used"); failures are ignored.
    package func touch(_ path: String) { markUsed(path) }

    /// The permission bits of the file at `path`, or `nil` when it cannot be examined.
    package func permissions(of path: String) -> mode_t? { permissionBits(path) }
}

/// Descriptor-level helpers for code that holds its own open file (the installer, the tar reader).
extension FileSystem {
    /// Reads `fd` to its end in pieces of up to 64 KiB, handing each to `body` as it comes; false
    /// when a read fails (`errno` says why).
    /// `sizeHint`: the bytes expected (a file's `st_size`), which sizes the buffer between 4 KiB and
    /// 64 KiB; nil for 64 KiB.
    static func readPieces<E: Error>(_ fd: Int32, sizeHint: Int? = nil, _ body: (ArraySlice<UInt8>) throws(E) -> Void) throws(E) -> Bool {
        try POSIXFiles.readPieces(fd, sizeHint: sizeHint, body)
    }

    /// Writes all of `bytes` to `fd`; false when a write fails (`errno` says why).
    static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool { POSIXFiles.writeAll(bytes, to: fd) }

    /// The operating system's words for `code` (the last failure's `errno` by default), lower-case.
    static func reason(_ code: Int32 = errno) -> String { POSIXFiles.reason(code) }
}

/// `FileSystem.local`'s operations, as system calls.
private enum POSIXFiles {
    typealias WriteError = FileSystem.WriteError

    static func readFile(atPath path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw error(path) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileReadError(path: path, reason: "it is a directory", isMissing: false)
        }
        let tooLarge = FileReadError(path: path, reason: FileSystem.tooLarge, isMissing: false)
        guard Int(info.st_size) <= limit else { throw tooLarge }
        // The size fstat gave is read straight into the array, then one byte to see the end: no
        // zeroed 64 KiB buffer and no second copy (0.3M instructions of a cached search). A file
        // that grew since fstat is read on in pieces, still held to the limit.
        var failed = false
        let size = max(0, Int(info.st_size))
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = read(fd, buffer.baseAddress! + count, size - count)
                if got < 0, errno == EINTR { continue }
                failed = got < 0
                guard got > 0 else { return }
                count += got
            }
        }
        guard !failed else { throw error(path) }
        var probe: UInt8 = 0
        var got = read(fd, &probe, 1)
        while got < 0, errno == EINTR { got = read(fd, &probe, 1) }
        guard got >= 0 else { throw error(path) }
        if got == 0 { return bytes }
        guard bytes.count < limit else { throw tooLarge }
        bytes.append(probe)
        guard try readPieces(fd, sizeHint: nil, { (piece: ArraySlice<UInt8>) throws(FileReadError) in
            guard bytes.count + piece.count <= limit else { throw tooLarge }
            bytes.append(contentsOf: piece)
        }) else { throw error(path) }
        return bytes
    }

    /// Reads `fd` to its end in pieces. The buffer is not zeroed (zeroing 64 KiB cost 65K
    /// instructions for each env file of a few hundred bytes), and with a hint it is the size
    /// expected plus a byte (the end is then seen at the next read), from 4 KiB to 64 KiB.
    static func readPieces<E: Error>(_ fd: Int32, sizeHint: Int?, _ body: (ArraySlice<UInt8>) throws(E) -> Void) throws(E) -> Bool {
        let size = sizeHint.map { min(max($0 + 1, 4096), 64 * 1024) } ?? 64 * 1024
        var buffer = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return true }
            try body(buffer[0..<count])
        }
    }

    static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func error(_ path: String) -> FileReadError {
        let code = errno
        return FileReadError(path: path, reason: reason(code), isMissing: code == ENOENT || code == ENOTDIR)
    }

    static func reason(_ code: Int32 = errno) -> String { SystemError.text(code) }

    static func writeAtomically(_ bytes: [UInt8], to path: String, _ options: FileSystem.WriteOptions) throws(WriteError) {
        let directory = PathName.directory(of: path)
        try makeDirectories(directory, mode: 0o700)
        let temporaryTemplate = "\(directory)/.\(PathName.lastComponent(of: path)).XXXXXX"
        var template = Array(temporaryTemplate.utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw writeError(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !options.durable { reserveBlocks(fd, bytes.count) }
        let ok = fchmod(fd, options.mode) == 0 && writeAll(bytes[...], to: fd) && (!options.durable || fsync(fd) == 0)
        let failure = ok ? nil : writeError(path)
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = writeError(path)
            unlink(temporary)
            throw failure
        }
    }

    /// Gives a file that is not synced its blocks before it is written (`meli_reserve_blocks`:
    /// Linux's `fallocate`, where the file system has it; elsewhere nothing). ext4 starts writing
    /// out, inside the rename, a new file that replaces another while its blocks are still to be
    /// allocated (its `auto_da_alloc`, so that the replaced data is not lost in a crash): that
    /// rename of the last-search hint took 0.51 ms of every search on this project's test machine
    /// (a virtual disk), 0.15 ms with the blocks given first (40 interleaved rounds). The data is
    /// then written out later, as any other; a crash before then leaves the new name with zeros
    /// where its data was not yet written, which the cache (its checksum) and the hint (no NUL,
    /// and its end line) read as damaged, and ignore.
    private static func reserveBlocks(_ fd: Int32, _ count: Int) {
        if count > 0 { _ = meli_reserve_blocks(fd, Int64(count)) }
    }

    static func removeFile(_ path: String) throws(WriteError) {
        if unlink(path) != 0, errno != ENOENT { throw writeError(path) }
    }

    static func makeDirectories(_ path: String, mode: mode_t) throws(WriteError) {
        var current = PathName.isAbsolute(path) ? "" : "."
        for part in PathName.components(path) {
            current += "/" + part
            if mkdir(current, mode) != 0, errno != EEXIST { throw writeError(current) }
        }
    }

    private static func writeError(_ path: String) -> WriteError {
        WriteError(path: path, reason: reason())
    }

    static func kind(of path: String) -> FileSystem.Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The new link is first made as `.<name>.new-<pid>`.
    static func replaceSymlink(_ path: String, target: String) throws(WriteError) {
        let temporary = "\(PathName.directory(of: path))/.\(PathName.lastComponent(of: path)).new-\(getpid())"
        _ = unlink(temporary)
        guard symlink(target, temporary) == 0 else { throw writeError(temporary) }
        guard rename(temporary, path) == 0 else {
            let failure = writeError(path)
            unlink(temporary)
            throw failure
        }
    }

    /// Relative to an open descriptor of the parent folder, one name at a time (`FolderTree`): no
    /// depth is too deep, no link is followed, and the recursion is a loop.
    static func removeTree(_ path: String) throws(WriteError) {
        let name = PathName.components(path).last ?? ""
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(path: path, reason: reason(EINVAL)) }
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == PathName.slash { bytes.removeLast() }
        let folder = PathName.directory(of: String(decoding: bytes, as: UTF8.self))
        let parent = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else {
            if errno == ENOENT { return }
            throw writeError(folder)
        }
        defer { close(parent) }
        do { try FolderTree.remove(Array(name.utf8CString), in: parent, path: folder) } catch {
            throw WriteError(path: error.path, reason: reason(error.code))
        }
    }

    static func files(in path: String) -> [FileSystem.FileInfo] {
        names(in: path).compactMap { name in
            var info = stat()
            guard stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return FileSystem.FileInfo(name: name, size: Int(info.st_size), modified: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
        }
    }

    static func touch(_ path: String) {
        _ = utimes(path, nil)
    }

    static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// The effective group when it is the user's private group: the user's primary group, named
    /// as the user, listing no member. Looked up once per call (the password and group databases).
    static var privateGroup: UInt32? {
        let group = getegid()
        guard let user = getpwuid(geteuid()), user.pointee.pw_gid == group, let name = user.pointee.pw_name,
              let entry = getgrgid(group), let groupName = entry.pointee.gr_name, strcmp(name, groupName) == 0 else { return nil }
        if let members = entry.pointee.gr_mem, members.pointee != nil { return nil }
        return UInt32(group)
    }

    static func status(of path: String) -> FileSystem.Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind: FileSystem.Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
        return FileSystem.Status(kind: kind, owner: UInt32(info.st_uid), mode: info.st_mode & 0o7777, group: UInt32(info.st_gid), size: Int(info.st_size))
    }

    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}

/// Pure path arithmetic on `/`-separated paths, done on UTF-8 bytes as the kernel reads them: a
/// Swift `Character` may hold a `/` with the mark after it (`/\u{301}`) or the prepend character
/// before it (`a\u{600}/`), so nothing here splits or compares Characters.
package enum PathName {
    static let slash = UInt8(ascii: "/")

    /// The components of `path` split at each byte `/`, empty ones dropped.
    package static func components(_ path: String) -> [String] {
        path.utf8.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
    }

    package static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: slash) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The last of `components(path)`, or `path` when it has none (`/`, ``). Found by scanning
    /// back from the end: `Runner` asks at every start, and `split` made an array type's metadata
    /// at run time (50K instructions of `--version`).
    package static func lastComponent(of path: String) -> String {
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `path` is absolute.
    package static func isAbsolute(_ path: String) -> Bool { path.utf8.first == slash }

    /// Joins `path` onto `base` unless it is already absolute, removing `.` and `..`.
    package static func resolve(_ path: String, against base: String) -> String {
        let joined = isAbsolute(path) ? path : (base == "." ? path : base + "/" + path)
        return normalize(joined)
    }

    /// Removes `.` and `..` components and doubled slashes, without touching the file system.
    /// (One pass over the bytes: splitting into arrays and joining them again ran generic code,
    /// 47K instructions for the three folders every run resolves.)
    package static func normalize(_ path: String) -> String {
        let absolute = isAbsolute(path)
        let dot = UInt8(ascii: ".")
        var bytes = Array(path.utf8)
        bytes.append(slash)
        // The components kept, joined by `/`, and where each starts in it.
        var body: [UInt8] = []
        var starts: [Int] = []
        var start = 0
        for index in bytes.indices where bytes[index] == slash {
            let part = bytes[start..<index]
            start = index + 1
            if part.isEmpty || (part.count == 1 && part.first == dot) { continue }
            let isDotDot = part.count == 2 && part.allSatisfy { $0 == dot }
            if isDotDot, let last = starts.last, !(body.count - last == 2 && body[last] == dot && body[last + 1] == dot) {
                body.removeSubrange((last == 0 ? 0 : last - 1)...)
                starts.removeLast()
            } else if isDotDot, absolute {
                continue
            } else {
                if !starts.isEmpty { body.append(slash) }
                starts.append(body.count)
                body.append(contentsOf: part)
            }
        }
        let text = String(decoding: body, as: UTF8.self)
        return absolute ? "/" + text : (text.isEmpty ? "." : text)
    }

    /// Whether `path` is `directory` or lies inside it, compared byte by byte.
    package static func isInside(_ path: String, _ directory: String) -> Bool {
        path.utf8.elementsEqual(directory.utf8) || path.utf8.starts(with: withSlash(directory))
    }

    /// `path` relative to `directory` when it lies inside it, otherwise `path` unchanged.
    package static func display(_ path: String, relativeTo directory: String) -> String {
        let base = withSlash(directory)
        return path.utf8.starts(with: base) ? String(decoding: path.utf8.dropFirst(base.count), as: UTF8.self) : path
    }

    /// `directory`'s bytes ending in one `/`.
    private static func withSlash(_ directory: String) -> [UInt8] {
        directory.utf8.last == slash ? Array(directory.utf8) : Array(directory.utf8) + [slash]
    }
}
