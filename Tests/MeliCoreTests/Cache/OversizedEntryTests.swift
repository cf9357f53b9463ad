import Foundation
import Testing
@testable import MeliCore

/// An entry file larger than any meli writes (`CacheEntry.maximumBytes`): a 1 GB sparse file
/// (`ftruncate`, no disk used) in an entry's place is refused as damaged without being read, by
/// every reader: a command's (which removes it) and completion's read-only one (which keeps it).
@Suite("Oversized cache entries")
struct OversizedEntryTests {
    let dir: TemporaryDirectory
    let key = "GET http://x/categories/MLB1"

    init() throws { dir = try TemporaryDirectory() }

    /// The local file system, counting the bytes its reads return and the limits asked for.
    final class Counted: @unchecked Sendable {
        let lock = NSLock()
        var bytes = 0
        var limits: [Int] = []
        var fileSystem: FileSystem {
            var fileSystem = FileSystem.local
            fileSystem.loadFile = { path, limit throws(FileReadError) in
                self.lock.withLock { self.limits.append(limit) }
                let read = try FileSystem.local.readFile(atPath: path, limit: limit)
                self.lock.withLock { self.bytes += read.count }
                return read
            }
            return fileSystem
        }
    }

    /// A trusted entry file at `key`'s place, made `size` bytes long by `ftruncate`.
    func hugeEntry(_ cache: ResponseCache, size: Int) throws -> String {
        cache.store(CacheEntry(key: key, identity: "anonymous", stored: 1000, lifetime: 60, status: 200, headers: [:], body: Array("[]".utf8)))
        let path = cache.path(key: key, identity: "anonymous")
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test(arguments: [false, true])
    func aGigabyteEntryIsRefusedUnread(readOnly: Bool) throws {
        let counted = Counted()
        var cache = ResponseCache(directory: dir.path + "/http", maxBytes: 50_000_000, fileSystem: counted.fileSystem)
        let path = try hugeEntry(cache, size: 1 << 30)
        cache.readOnly = readOnly
        #expect(cache.load(key: key, identity: "anonymous") == nil)
        #expect(counted.bytes == 0, "nothing read")
        #expect(counted.limits == [CacheEntry.maximumBytes])
        #expect(FileManager.default.fileExists(atPath: path) == readOnly, "removed as damaged, except by a read-only reader")
    }

    @Test func anEntryJustOverTheLimitIsRefusedAndOneAtItIsRead() throws {
        #expect(CacheEntry.maximumBytes < 1 << 30)
        let limit = 4096
        let file = try dir.write("file", String(repeating: "x", count: limit))
        #expect(try FileSystem.local.readFile(atPath: file, limit: limit).count == limit)
        let error = #expect(throws: FileReadError.self) { try FileSystem.local.readFile(atPath: file, limit: limit - 1) }
        #expect(error?.reason == FileSystem.tooLarge)
    }

    /// The writer keeps none larger than readers accept, whatever `MELI_CACHE_MAX_MB` allows.
    @Test func noEntryLargerIsWritten() {
        let cache = ResponseCache(directory: dir.path + "/http", maxBytes: 1 << 40)
        let body = [UInt8](repeating: 0x20, count: CacheEntry.maximumBytes)
        cache.store(CacheEntry(key: key, identity: "anonymous", stored: 1000, lifetime: 60, status: 200, headers: [:], body: body))
        #expect(!FileManager.default.fileExists(atPath: cache.path(key: key, identity: "anonymous")))
    }
}
