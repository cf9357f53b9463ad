import Foundation
import Testing
@testable import MeliCore

/// The cache's files in a real temporary directory.
@Suite("Response cache files")
struct ResponseCacheTests {
    let dir: TemporaryDirectory
    var cache: ResponseCache

    init() throws {
        dir = try TemporaryDirectory()
        cache = ResponseCache(directory: dir.path + "/http", maxBytes: 10_000)
    }

    func entry(_ url: String, identity: String = "anonymous", body: String = "{\"ok\":true}", stored: Double = 1000) -> CacheEntry {
        CacheEntry(key: "GET " + url, identity: identity, stored: stored, lifetime: 60, status: 200,
                   headers: ["etag": "\"v1\"", "content-type": "application/json", "set-cookie": "no"], body: Array(body.utf8))
    }

    @Test func storedEntriesReadBackWholeWithTheirValidators() throws {
        cache.store(entry("http://x/sites"))
        let loaded = try #require(cache.load(key: "GET http://x/sites", identity: "anonymous"))
        #expect(loaded.body == Array("{\"ok\":true}".utf8))
        #expect(loaded.headers == ["etag": "\"v1\"", "content-type": "application/json"], "only the headers worth keeping")
        #expect(loaded.isFresh(at: 1059) && !loaded.isFresh(at: 1060))
        #expect(FileSystem.local.permissions(of: cache.path(key: loaded.key, identity: "anonymous")) == 0o600)
    }

    @Test func oneIdentityNeverSeesAnothersEntries() {
        cache.store(entry("http://x/items/1", identity: "login:aaaa"))
        #expect(cache.load(key: "GET http://x/items/1", identity: "login:bbbb") == nil)
        #expect(cache.load(key: "GET http://x/items/1", identity: "anonymous") == nil)
        #expect(cache.load(key: "GET http://x/items/1", identity: "login:aaaa") != nil)
    }

    @Test(arguments: ["truncated", "flipped", "empty", "garbage"])
    func damagedEntriesAreIgnoredAndRemoved(damage: String) throws {
        cache.store(entry("http://x/sites", body: String(repeating: "x", count: 200)))
        let path = cache.path(key: "GET http://x/sites", identity: "anonymous")
        var bytes = try FileSystem.local.readFile(atPath: path)
        switch damage {
        case "truncated": bytes.removeLast(50)
        case "flipped": bytes[bytes.count - 10] ^= 0x20
        case "empty": bytes = []
        default: bytes = Array("not a cache entry at all\n\nbody".utf8)
        }
        try FileSystem.local.writeAtomically(bytes, to: path)
        #expect(cache.load(key: "GET http://x/sites", identity: "anonymous") == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "a damaged entry is removed")
    }

    @Test func leastRecentlyUsedEntriesGoFirstOverTheCap() throws {
        let body = String(repeating: "b", count: 3000)
        for name in ["a", "b", "c"] {
            cache.store(entry("http://x/\(name)", body: body))
            // Distinct modification times, oldest first.
            let path = cache.path(key: "GET http://x/\(name)", identity: "anonymous")
            var times = [timeval(tv_sec: ["a": 100, "b": 200, "c": 300][name]!, tv_usec: 0), timeval(tv_sec: ["a": 100, "b": 200, "c": 300][name]!, tv_usec: 0)]
            utimes(path, &times)
        }
        _ = cache.load(key: "GET http://x/a", identity: "anonymous")  // a is now the most recently used
        cache.store(entry("http://x/d", body: body))
        #expect(cache.load(key: "GET http://x/b", identity: "anonymous") == nil, "b was least recently used")
        #expect(cache.load(key: "GET http://x/a", identity: "anonymous") != nil)
        #expect(cache.load(key: "GET http://x/d", identity: "anonymous") != nil)
        #expect(cache.usage().bytes <= 10_000)
    }

    @Test func clearRemovesEverythingAndCountsEntries() throws {
        cache.store(entry("http://x/1"))
        cache.store(entry("http://x/2"))
        #expect(cache.usage().entries == 2)
        #expect(try cache.clear() == 2)
        #expect(cache.usage().entries == 0)
        #expect(try cache.clear() == 0, "clearing an empty or missing cache is fine")
    }

    @Test func aZeroCapStoresNothing() {
        let off = ResponseCache(directory: dir.path + "/off", maxBytes: 0)
        off.store(entry("http://x/1"))
        #expect(off.usage().entries == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/off"))
    }
}
