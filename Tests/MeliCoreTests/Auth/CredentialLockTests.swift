import Foundation
import Testing
@testable import MeliCore

/// The credentials lock against a holder that never lets go, on a test clock: the whole wait is
/// taken, a try every 50 ms, without taking it in real time.
@Suite("Credentials lock")
struct CredentialLockTests {
    let dir: TemporaryDirectory

    init() throws { dir = try TemporaryDirectory() }

    @Test func aLockHeldPastTheWaitIsReportedAfterTheWholeWait() async throws {
        let clock = TestClock()
        let store = CredentialStore(configDirectory: dir.path, binary: "meli-qa", displayPath: { $0 }, clock: clock.source)
        // Another open file description holding the lock, as another process would.
        try FileSystem.local.makeDirectories(dir.path)
        let holder = open(store.lockPath, O_RDWR | O_CREAT, 0o600)
        try #require(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)
        defer { close(holder) }

        await #expect(throws: APIError.credentials(.locked(path: store.lockPath))) {
            try await store.withLock(timeout: 30) { () throws(APIError) in Issue.record("ran without the lock") }
        }
        #expect(clock.sleeps == Array(repeating: .milliseconds(50), count: 600), "a try every 50 ms for 30 s")

        flock(holder, LOCK_UN)
        let ran = try await store.withLock(timeout: 30) { () throws(APIError) in true }
        #expect(ran)
    }

    @Test(arguments: [(nil, 21_600), (21_600, 21_600), (0, 0), (-5, 0), (1e308, 31_622_400), (.infinity, 31_622_400)] as [(Double?, Double)])
    func aTokensLifetimeIsHeldToAYear(expiresIn: Double?, seconds: Double) {
        #expect(TokenEndpoint.lifetime(expiresIn) == seconds)
    }
}
