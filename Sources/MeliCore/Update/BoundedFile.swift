#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a regular file of at most a given size, without waiting on what is not one: opened with
/// O_NONBLOCK (a FIFO does not block the open) and O_NOFOLLOW when asked (a link is not followed),
/// checked with fstat to be a regular file, and never read past the limit (a huge or sparse file
/// costs one fstat, not its size in memory).
enum BoundedFile {
    enum Failure: Error, Equatable {
        /// No file, or it cannot be opened; `reason` is the system's.
        case unreadable(reason: String)
        /// A directory, FIFO, device or socket (or a link, with `followLinks: false`).
        case notRegular
        /// Larger than the limit; nothing was read.
        case tooLarge
        /// Someone other than this user or root could have written it (`Ownership`); nothing was read.
        case untrusted(OwnershipProblem)

        /// `unreadable`, with the reason `errno` gives.
        static var systemError: Failure { .unreadable(reason: SystemError.text(errno)) }
    }

    /// The bytes of the file at `path`, at most `limit`; with `ownership`, only of a file it
    /// trusts (its owner and mode as the same fstat says).
    static func read(_ path: String, limit: Int, followLinks: Bool = true, ownership: Ownership? = nil) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if errno == ELOOP { throw .notRegular }
            throw .systemError
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .systemError }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular }
        if let problem = ownership?.problem(of: info, fd: fd) { throw .untrusted(problem) }
        guard Int(info.st_size) <= limit else { throw .tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        let complete = try FileSystem.readPieces(fd) { (piece: ArraySlice<UInt8>) throws(Failure) in
            // A file that grew since fstat is still held to the limit.
            guard bytes.count + piece.count <= limit else { throw .tooLarge }
            bytes.append(contentsOf: piece)
        }
        guard complete else { throw .systemError }
        return bytes
    }
}
