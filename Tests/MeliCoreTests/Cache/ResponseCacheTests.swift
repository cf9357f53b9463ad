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
        #expect(loaded.isFresh(at: 1059, fallback: 60) && !loaded.isFresh(at: 1060, fallback: 60))
        #expect(FileSystem.local.permissions(of: cache.path(key: loaded.key, identity: "anonymous")) == 0o600)
    }

    /// `MELI_CACHE_TTL_*` counts when an answer is read: an entry without cache headers stored
    /// under a 300 s setting is stale at once under 0 and fresh for longer under 1h; one whose
    /// headers gave a lifetime keeps it whatever the setting.
    @Test func theLifetimeSettingInForceWhenReadDecidesFreshness() throws {
        let plain = CacheEntry(key: "GET http://x/s", identity: "anonymous", stored: 1000, lifetime: 300, status: 200, headers: [:], body: [])
        #expect(!plain.isFresh(at: 1001, fallback: 0), "0 revalidates every time")
        #expect(plain.isFresh(at: 1299, fallback: 300) && !plain.isFresh(at: 1300, fallback: 300))
        #expect(plain.isFresh(at: 4000, fallback: 3600))
        #expect(plain.lifetime(fallback: 0) == 0)
        let aged = CacheEntry(key: "GET http://x/s", identity: "anonymous", stored: 1000, lifetime: 240, status: 200, headers: ["age": "60"], body: [])
        #expect(aged.lifetime(fallback: 100) == 40, "the Age the response came with still counts")
        for headers in [["cache-control": "max-age=300"], ["cache-control": "no-cache"], ["expires": "0"]] {
            let given = CacheEntry(key: "GET http://x/s", identity: "anonymous", stored: 1000, lifetime: 300, status: 200, headers: headers, body: [])
            #expect(given.lifetime(fallback: 0) == 300 && given.lifetime(fallback: 9999) == 300, "\(headers)")
        }
    }

    /// An entry a meli before this change wrote (format 2, its lifetime from a 5m setting) reads
    /// back, and the setting in force now decides whether it is fresh.
    @Test func anEntryWrittenBeforeReadsWithTheSettingInForceNow() throws {
        let body = "{}"
        let text = "meli-cache 2\nkey: GET http://x/s\nidentity: anonymous\nstored: 1000.0\nlifetime: 300.0\nstatus: 200\n"
            + "header: content-type: application/json\nbody-fnv1a64: \(CacheEntry.checksum(Array(body.utf8)))\nbody-length: 2\n\n" + body
        let entry = try #require(CacheEntry.decode(Array(text.utf8)))
        #expect(!entry.isFresh(at: 1010, fallback: 0))
        #expect(entry.isFresh(at: 1010, fallback: 300))
    }

    @Test func oneIdentityNeverSeesAnothersEntries() {
        cache.store(entry("http://x/items/1", identity: "login:aaaa"))
        #expect(cache.load(key: "GET http://x/items/1", identity: "login:bbbb") == nil)
        #expect(cache.load(key: "GET http://x/items/1", identity: "anonymous") == nil)
        #expect(cache.load(key: "GET http://x/items/1", identity: "login:aaaa") != nil)
    }

    // "zeros": what a crash can leave of an entry given its blocks before its data was written
    // out (FileSystem's reserveBlocks), its length in zeros.
    @Test(arguments: ["truncated", "flipped", "empty", "zeros", "garbage"])
    func damagedEntriesAreIgnoredAndRemoved(damage: String) throws {
        cache.store(entry("http://x/sites", body: String(repeating: "x", count: 200)))
        let path = cache.path(key: "GET http://x/sites", identity: "anonymous")
        var bytes = try FileSystem.local.readFile(atPath: path)
        switch damage {
        case "truncated": bytes.removeLast(50)
        case "flipped": bytes[bytes.count - 10] ^= 0x20
        case "empty": bytes = []
        case "zeros": bytes = [UInt8](repeating: 0, count: bytes.count)
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
