#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Feed {
    /// Fetches `location` (a URL, or a file path) into `download`'s file as it comes, hashing it on
    /// the way and never taking more than `limit` bytes (`FeedError.downloadTooLarge` for `file`);
    /// returns its sha256. Nothing of it is held in memory but the piece being written. `meter`,
    /// when given, is told of the bytes of a URL's body as they come, and finished at the end.
    static func download(
        _ location: String, into download: DownloadFolder.Download, source: FeedSource, limit: Int, file: String, meter: TransferMeter? = nil
    ) async throws -> String {
        let writer = DownloadWriter(descriptor: download.descriptor, limit: limit)
        let tooLarge = tooLargeError(location, limit: limit, download: file)
        defer { meter?.finish() }
        if location.contains(text: "://") {
            let sink = HTTPBodySink({ piece in
                meter?.advance(piece.count)
                return writer.take(piece)
            }, announced: { meter?.expect(total: $0) })
            do {
                let response = try await get(location, source: source, timeout: nil, limit: limit, sink: sink, tooLarge: tooLarge)
                // A transport that keeps the body in memory (not libcurl) has it written here.
                if !response.body.isEmpty { _ = sink.receive(response.body) }
            } catch {
                // What the writer saw (a full disk) explains a transfer it stopped better than the transport can.
                try writer.check(tooLarge: tooLarge, path: source.displayPath(download.path))
                throw error
            }
        } else {
            try copy(PathName.resolve(location, against: source.currentDirectory), to: writer, source: source, limit: limit, tooLarge: tooLarge, file: file)
        }
        try writer.check(tooLarge: tooLarge, path: source.displayPath(download.path))
        return writer.sha256
    }

    /// Copies the file at `path` into `writer`: a regular file only (opened without waiting, so a
    /// fifo is refused, not waited on), refused unread when larger than `limit`.
    private static func copy(_ path: String, to writer: DownloadWriter, source: FeedSource, limit: Int, tooLarge: FeedError, file: String) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(source.displayPath(path), reason: SystemError.text(errno), download: file) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw unreadable(source.displayPath(path), reason: nil, download: file) }
        guard Int(info.st_size) <= limit else { throw tooLarge }
        struct Stopped: Error {}
        let complete: Bool
        do {
            complete = try FileSystem.readPieces(fd) { (piece: ArraySlice<UInt8>) throws(Stopped) -> Void in
                guard piece.withUnsafeBytes({ writer.take($0) }) else { throw Stopped() }
            }
        } catch {
            return  // the writer says why
        }
        guard complete else { throw unreadable(source.displayPath(path), reason: SystemError.text(errno), download: file) }
    }
}

/// Writes a download to its file as it arrives, hashing it and counting it against a limit; once
/// a piece fails (too much, or a write error) it takes nothing more and says why. Used by one
/// transfer at a time (the transport's thread, then the task that reads the result once `send`
/// has returned).
final class DownloadWriter: @unchecked Sendable {
    enum Failure {
        case tooLarge
        case cannotWrite(reason: String)
    }

    private let descriptor: Int32
    private let limit: Int
    private var hasher = SHA256.Hasher()
    private(set) var count = 0
    private(set) var failure: Failure?

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Takes the next piece; false (and `failure` set) when it cannot.
    func take(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        guard count + piece.count <= limit else {
            failure = .tooLarge
            return false
        }
        count += piece.count
        guard let base = piece.baseAddress else { return true }
        hasher.update(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: piece.count))
        var offset = 0
        while offset < piece.count {
            let written = write(descriptor, base + offset, piece.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure = .cannotWrite(reason: FileSystem.reason())
                return false
            }
            offset += written
        }
        return true
    }

    /// Throws what stopped the writer, if anything: `tooLarge`, or `UpdateError.cannotSave` for the file shown as `path`.
    func check(tooLarge: FeedError, path: String) throws {
        switch failure {
        case nil: return
        case .tooLarge: throw tooLarge
        case .cannotWrite(let reason): throw UpdateError.cannotSave(path: path, reason: reason)
        }
    }

    /// The sha256 of everything taken.
    var sha256: String {
        var copy = hasher
        return copy.hex()
    }
}
