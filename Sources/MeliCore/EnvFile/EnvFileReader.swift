#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one environment file, refusing what cannot be one before any of it is read: what is not
/// a regular file (a FIFO, a device, a socket: opened without blocking), a file over the size
/// limit, and the files the system makes up as they are read (`/proc`, `/sys`, `/dev`), whose
/// text (`/proc/self/environ`: every process variable) is no environment file's business.
enum EnvFileReader {
    /// Why a file was not read.
    enum Failure: Error, Equatable {
        /// No file, or it cannot be opened; `reason` is the system's, `missing` when there is no such file.
        case unreadable(reason: String, missing: Bool)
        /// A directory.
        case directory
        /// A FIFO, a device or a socket.
        case notRegular
        /// Made up by the system as it is read: under /proc, /sys or /dev (links resolved), or a
        /// file that says it is empty and then is not (procfs mounted elsewhere).
        case systemFile
        /// Over the limit (for this file, or what is left of it for all the files together).
        case tooLarge
        /// Someone other than this user or root could have written it (read with `ownership`).
        case untrusted(OwnershipProblem)
        /// Someone other than this user or root could put another file in its place: its folder
        /// (at this path, links followed) is another user's or others may write it.
        case untrustedFolder(path: String, OwnershipProblem)
    }

    /// Folders whose files the system makes up (Linux's /proc and /sys, every system's /dev).
    static let systemFolders = ["/proc", "/sys", "/dev"]

    /// The bytes of the file at `path`, at most `limit`. With `ownership`, only of a file it
    /// trusts in a folder it trusts (`Ownership`: the user's or root's, and no one else may write
    /// them), as the fstat made anyway and one stat of the folder say.
    static func read(_ path: String, limit: Int, ownership: Ownership? = nil) -> Result<[UInt8], Failure> {
        readOwned(path, limit: limit, ownership: ownership).map(\.bytes)
    }

    /// `read`, with the user id the file belongs to.
    static func readOwned(_ path: String, limit: Int, ownership: Ownership? = nil) -> Result<(bytes: [UInt8], owner: UInt32), Failure> {
        // Not even opened: opening a device may do something.
        if isInSystemFolder(path) {
            var info = stat()
            return .failure(stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG ? .notRegular : .systemFile)
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(.unreadable(reason: FileSystem.reason(code), missing: code == ENOENT || code == ENOTDIR))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(reason: FileSystem.reason(), missing: false)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.directory)
        default: return .failure(.notRegular)
        }
        if let ownership {
            if let problem = ownership.problem(of: info, fd: fd) { return .failure(.untrusted(problem)) }
            let folder = PathName.directory(of: path)
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else { return .failure(.unreadable(reason: FileSystem.reason(), missing: false)) }
            if let problem = ownership.problem(of: folderInfo, path: folder) { return .failure(.untrustedFolder(path: folder, problem)) }
        }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        do {
            let complete = try FileSystem.readPieces(fd, sizeHint: Int(info.st_size)) { (piece: ArraySlice<UInt8>) throws(Failure) in
                // A file that grew since fstat is still held to the limit.
                guard bytes.count + piece.count <= limit else { throw .tooLarge }
                bytes.append(contentsOf: piece)
            }
            guard complete else { return .failure(.unreadable(reason: FileSystem.reason(), missing: false)) }
        } catch {
            return .failure(error)
        }
        // A file that stat calls empty but that reads as something is made up as it is read
        // (procfs mounted elsewhere, and its kin).
        if info.st_size == 0, !bytes.isEmpty { return .failure(.systemFile) }
        return .success((bytes, UInt32(info.st_uid)))
    }

    /// Whether `path`, its links resolved, is in one of `systemFolders`.
    static func isInSystemFolder(_ path: String) -> Bool {
        let real = FileSystem.local.realPath(path) ?? PathName.normalize(path)
        return systemFolders.contains { real == $0 || real.hasPrefix($0 + "/") }
    }
}

/// Whether bytes read can be an environment file's at all, decided before any line of them is
/// quoted: text holds no NUL byte and is UTF-8 throughout. A file that fails is refused whole, with
/// one problem that names it and quotes nothing (a binary file, a key in DER, a process's
/// `environ`, a Latin-1 file alike).
enum EnvFileText {
    /// Why `bytes` are not text, or nil when they are.
    static func problem(_ bytes: [UInt8]) -> Message? {
        // memchr: a byte loop costs a debug build 30 ms a megabyte.
        let nul = bytes.withUnsafeBytes { buffer in
            buffer.isEmpty ? nil : memchr(buffer.baseAddress!, 0, buffer.count).map { UnsafeRawPointer($0) - buffer.baseAddress! }
        }
        if let nul { return .EnvFile.notEnvFileNUL(line: String(lineNumber(at: nul, in: bytes))) }
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if String(validating: bytes[start..<end], as: UTF8.self) == nil {
                return .EnvFile.notEnvFileEncoding(line: String(lineNumber(at: start, in: bytes)))
            }
            start = end + 1
        }
        return nil
    }

    /// The 1-based line the byte at `offset` is on.
    private static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
