import Foundation
import Testing
@testable import MeliCore

@Suite("Cache rules: digests, dates, Cache-Control, retry delays")
struct CacheRulesTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(text: String, digest: String) {
        #expect(SHA256.hex(text) == digest)
    }

    @Test func sha256OfAMillionAs() {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every padding case (a message ending anywhere in a block, 55, 56 and 64 bytes among them):
    /// the digests of 300 messages of 0 to 299 bytes, chained, against the reference value Python's
    /// hashlib gives for the same messages.
    @Test func sha256OfEveryLengthUpTo300MatchesAnIndependentImplementation() {
        var chain: [UInt8] = []
        for length in 0..<300 {
            chain += SHA256.digest((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        }
        #expect(SHA256.hex(chain) == "7b074096cabb18dd0d1b468a173cb2f97f80e952525bca29542e606fd6d0753a")
    }

    @Test func sha256TakenInPiecesOfEverySizeIsTheWholeDigest() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        for piece in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256.Hasher()
            for start in stride(from: 0, to: bytes.count, by: piece) { hasher.update(bytes[start..<min(start + piece, bytes.count)]) }
            #expect(hasher.hex() == SHA256.hex(bytes), "pieces of \(piece)")
        }
        #expect(SHA256.hex(bytes) == SHA256.hex(AnySequence(bytes).map { $0 }))
    }

    /// The cache entries' checksum: FNV-1a 64 (the reference vectors of its authors' page).
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func cacheChecksumMatchesTheFNV1aVectors(text: String, digest: String) {
        #expect(CacheEntry.checksum(Array(text.utf8)) == digest)
    }

    @Test func aCacheEntryWithOneBodyByteChangedDoesNotReadBack() throws {
        let entry = CacheEntry(key: "GET https://x/sites", identity: "anonymous", stored: 1, lifetime: 300, status: 200,
                               headers: ["etag": "\"a\""], body: Array(#"{"id":"MLA","name":"Argentina"}"#.utf8))
        let bytes = entry.encoded()
        #expect(CacheEntry.decode(bytes) == entry)
        for index in (bytes.count - entry.body.count)..<bytes.count {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(CacheEntry.decode(damaged) == nil, "byte \(index) changed")
        }
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func httpDatesInAllThreeForms(text: String) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == 784_111_777)
    }

    @Test func httpDateRoundTripsAndRefusesNonsense() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 1_795_219_200)) == "Sat, 21 Nov 2026 00:00:00 GMT")
        for bad in ["0", "", "-1", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }

    static let now = Date(timeIntervalSince1970: 1_795_219_200)

    static let policies: [([String: String], Bool, Double)] = [
        (["cache-control": "max-age=60"], true, 60.0),
        (["cache-control": "public, MAX-AGE=\"120\""], true, 120),
        (["cache-control": "max-age=60", "age": "20"], true, 40),
        (["cache-control": "max-age=60", "expires": "Sat, 21 Nov 2026 01:00:00 GMT"], true, 60),
        (["cache-control": "no-cache, max-age=60"], true, 0),
        (["cache-control": "no-store"], false, 300),
        (["expires": "Sat, 21 Nov 2026 00:10:00 GMT"], true, 600),
        (["expires": "Sat, 21 Nov 2026 00:10:00 GMT", "date": "Sat, 21 Nov 2026 00:05:00 GMT"], true, 300),
        (["expires": "0"], true, 0),
        (["expires": "Fri, 20 Nov 2026 00:00:00 GMT"], true, 0),
        ([:], true, 300),
        (["age": "100"], true, 200),
        // An invalid max-age is stale, not the endpoint's lifetime (RFC 9111 §1.2.2, §4.2.1).
        (["cache-control": "max-age=-5"], true, 0),
        (["cache-control": "max-age=abc"], true, 0),
        (["cache-control": "max-age"], true, 0),
        (["cache-control": "must-revalidate, max-age=-1"], true, 0),
        (["cache-control": "max-age=-1", "expires": "Sat, 21 Nov 2026 01:00:00 GMT"], true, 0),
        // A repeated directive counts as its first occurrence.
        (["cache-control": "max-age=0, max-age=9999"], true, 0),
        (["cache-control": "max-age=30, max-age=9999"], true, 30),
    ]

    @Test(arguments: policies)
    func cachePolicyFollowsTheHeaders(headers: [String: String], storable: Bool, lifetime: Double) {
        let policy = CachePolicy(headers: headers, fallbackLifetime: 300, now: Self.now)
        #expect(policy.storable == storable)
        if storable { #expect(policy.lifetime == lifetime) }
    }

    @Test(arguments: [("0", 0), ("300", 300), ("90s", 90), ("5m", 300), ("2h", 7200), ("1d", 86_400), ("366d", 31_622_400)])
    func cacheLifetimes(text: String, seconds: Int) {
        #expect(CacheLifetime(parsing: text)?.seconds == seconds)
    }

    @Test(arguments: [(0, "0s"), (45, "45s"), (90, "90s"), (300, "5m"), (3660, "61m"), (7200, "2h"), (90_000, "25h"),
                      (86_400, "1d"), (31_622_400, "366d")])
    func cacheLifetimesAreShownInTheLargestWholeUnit(seconds: Int, text: String) {
        #expect(CacheLifetime(seconds: seconds).description == text)
        #expect(CacheLifetime(parsing: text)?.seconds == seconds)
    }

    @Test(arguments: ["", "m", "-5", "5 m", "1.5h", "5w", "367d", "99999999999"])
    func badCacheLifetimes(text: String) {
        #expect(CacheLifetime(parsing: text) == nil)
    }

    @Test func retryDelaysDoubleWithJitterAndStopAtTheLastAttempt() {
        let policy = RetryPolicy()
        let failed: HTTPResponse? = nil
        #expect(policy.delay(after: 1, response: failed, now: Self.now, random: 0) == 0.25)
        #expect(policy.delay(after: 1, response: failed, now: Self.now, random: 1) == 0.5)
        #expect(policy.delay(after: 2, response: failed, now: Self.now, random: 1) == 1.0)
        #expect(policy.delay(after: 3, response: failed, now: Self.now, random: 1) == nil)
    }

    @Test(arguments: [(503, true), (502, true), (504, true), (429, true), (500, false), (404, false), (401, false), (200, false)])
    func onlySomeStatusesAreRetried(status: Int, retried: Bool) {
        let response = HTTPResponse(status: status, body: [])
        #expect((RetryPolicy().delay(after: 1, response: response, now: Self.now, random: 0.5) != nil) == retried)
    }

    @Test func retryAfterIsHonouredUpToItsBound() {
        let policy = RetryPolicy()
        func after(_ value: String) -> Double? {
            policy.delay(after: 1, response: HTTPResponse(status: 429, headers: ["Retry-After": value], body: []), now: Self.now, random: 0)
        }
        #expect(after("3") == 3)
        #expect(after("Sat, 21 Nov 2026 00:00:05 GMT") == 5)
        #expect(after("120") == nil, "longer than the bound: fail at once and say how long")
        #expect(after("soon") == 0.25, "unreadable: ordinary backoff")
    }

    static let ages: [(Double, Message)] = [
        (3, .Cache.ageJustNow), (42, .Cache.ageSeconds(count: "42")), (61, .Cache.ageMinute), (600, .Cache.ageMinutes(count: "10")),
        (3700, .Cache.ageHour), (3 * 3600 + 50, .Cache.ageHours(count: "3")), (90_000, .Cache.ageDay), (5 * 86_400, .Cache.ageDays(count: "5")),
    ]

    @Test(arguments: ages)
    func ageIsWrittenInTheLargestWholeUnit(seconds: Double, message: Message) {
        #expect(StaleAnswer.ageMessage(seconds) == message)
    }
}
