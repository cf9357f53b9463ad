#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read, with the operating system's reason.
public struct FileReadError: Error, Hashable, Sendable {
    public var path: String
    public var reason: String
    /// Whether the file simply does not exist (as opposed to being unreadable).
    public var isMissing: Bool
}

/// Small file-system helpers that report the operating system's reason on failure.
public enum FileSystem {
    /// Reads a whole regular file.
    public static func readFile(atPath path: String) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw error(path) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileReadError(path: path, reason: "it is a directory", isMissing: false)
        }
        var bytes: [UInt8] = []
        guard readPieces(fd, { bytes.append(contentsOf: $0) }) else { throw error(path) }
        return bytes
    }

    /// Reads `fd` to its end in pieces of up to 64 KiB, handing each to `body` as it comes; false
    /// when a read fails (`errno` says why).
    static func readPieces<E: Error>(_ fd: Int32, _ body: (ArraySlice<UInt8>) throws(E) -> Void) throws(E) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return true }
            try body(buffer[0..<count])
        }
    }

    /// Writes all of `bytes` to `fd`; false when a write fails (`errno` says why).
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

    /// Whether a regular file (or a link to one) exists at `path`.
    public static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The path with symbolic links, `.` and `..` resolved, or `nil` if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func error(_ path: String) -> FileReadError {
        let code = errno
        return FileReadError(path: path, reason: reason(code), isMissing: code == ENOENT || code == ENOTDIR)
    }

    /// The operating system's words for `code` (the last failure's `errno` by default), lower-case.
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)).lowercased() }
}

/// Pure path arithmetic on `/`-separated paths, done on UTF-8 bytes as the kernel reads them: a
/// Swift `Character` may hold a `/` with the mark after it (`/\u{301}`) or the prepend character
/// before it (`a\u{600}/`), so nothing here splits or compares Characters.
public enum PathName {
    static let slash = UInt8(ascii: "/")

    /// The components of `path` split at each byte `/`, empty ones dropped.
    public static func components(_ path: String) -> [String] {
        path.utf8.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
    }

    public static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: slash) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    public static func lastComponent(of path: String) -> String {
        components(path).last ?? path
    }

    /// Whether `path` is absolute.
    public static func isAbsolute(_ path: String) -> Bool { path.utf8.first == slash }

    /// Joins `path` onto `base` unless it is already absolute, removing `.` and `..`.
    public static func resolve(_ path: String, against base: String) -> String {
        let joined = isAbsolute(path) ? path : (base == "." ? path : base + "/" + path)
        return normalize(joined)
    }

    /// Removes `.` and `..` components and doubled slashes, without touching the file system.
    public static func normalize(_ path: String) -> String {
        let absolute = isAbsolute(path)
        var parts: [[UInt8]] = []
        let dot = Array(".".utf8), dotDot = Array("..".utf8)
        for part in path.utf8.split(separator: slash).map(Array.init) {
            if part == dot { continue }
            if part == dotDot, let last = parts.last, last != dotDot {
                parts.removeLast()
            } else if part == dotDot, absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let body = String(decoding: Array(parts.joined(separator: [slash])), as: UTF8.self)
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// Whether `path` is `directory` or lies inside it, compared byte by byte.
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        path.utf8.elementsEqual(directory.utf8) || path.utf8.starts(with: withSlash(directory))
    }

    /// `path` relative to `directory` when it lies inside it, otherwise `path` unchanged.
    public static func display(_ path: String, relativeTo directory: String) -> String {
        let base = withSlash(directory)
        return path.utf8.starts(with: base) ? String(decoding: path.utf8.dropFirst(base.count), as: UTF8.self) : path
    }

    /// `directory`'s bytes ending in one `/`.
    private static func withSlash(_ directory: String) -> [UInt8] {
        directory.utf8.last == slash ? Array(directory.utf8) : Array(directory.utf8) + [slash]
    }
}

extension FileSystem {
    /// A file that could not be written, with the operating system's reason.
    public struct WriteError: Error, Hashable, Sendable {
        public var path: String
        public var reason: String
    }

    /// Writes `bytes` to `path` whole or not at all: a temporary file beside it, then a rename.
    /// Creates missing parent directories (0700). The file gets `mode`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(WriteError) {
        let directory = PathName.directory(of: path)
        try makeDirectories(directory)
        let temporaryTemplate = "\(directory)/.\(PathName.lastComponent(of: path)).XXXXXX"
        var template = Array(temporaryTemplate.utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw writeError(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let ok = fchmod(fd, mode) == 0 && writeAll(bytes[...], to: fd) && fsync(fd) == 0
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

    /// Removes the file at `path`; a missing file is not an error.
    public static func removeFile(_ path: String) throws(WriteError) {
        if unlink(path) != 0, errno != ENOENT { throw writeError(path) }
    }

    /// `mkdir -p` with `mode` for the directories it creates (existing ones are left as they are);
    /// 0700 unless told otherwise, as most hold one user's state.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(WriteError) {
        var current = PathName.isAbsolute(path) ? "" : "."
        for part in PathName.components(path) {
            current += "/" + part
            if mkdir(current, mode) != 0, errno != EEXIST { throw writeError(current) }
        }
    }

    private static func writeError(_ path: String) -> WriteError {
        WriteError(path: path, reason: reason())
    }
}

extension FileSystem {
    /// What a path is, without following a final symbolic link.
    public enum Kind: Sendable, Hashable {
        case missing, file, directory, symlink, other
    }

    /// The kind of `path` itself (`lstat`): a link is a link, whatever it points at.
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// The text of the symbolic link at `path`, or nil when it is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every name in the directory at `path` (no `.`/`..`), sorted; empty when it cannot be read.
    public static func names(in path: String) -> [String] {
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

    /// Points `path` at `target` by renaming a new link over whatever link is there: the path is
    /// never missing, and the change is one rename(2). The new link is first made as `.<name>.new-<pid>`.
    public static func replaceSymlink(_ path: String, target: String) throws(WriteError) {
        let temporary = "\(PathName.directory(of: path))/.\(PathName.lastComponent(of: path)).new-\(getpid())"
        _ = unlink(temporary)
        guard symlink(target, temporary) == 0 else { throw writeError(temporary) }
        guard rename(temporary, path) == 0 else {
            let failure = writeError(path)
            unlink(temporary)
            throw failure
        }
    }

    /// Removes `path` and, for a directory, everything inside it; links are removed, never followed.
    /// A missing path is not an error.
    public static func removeTree(_ path: String) throws(WriteError) {
        switch kind(of: path) {
        case .missing: return
        case .directory:
            for name in names(in: path) { try removeTree(path + "/" + name) }
            if rmdir(path) != 0, errno != ENOENT { throw writeError(path) }
        default:
            try removeFile(path)
        }
    }
}
