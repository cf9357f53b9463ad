import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// Renewal on a disk without room, against a fake MercadoLibre that accepts each refresh token
/// once: the refresh token is never spent when the new tokens cannot be kept, and a token that
/// works is used, with a warning, rather than failing the command.
@Suite("Credentials survive a full disk")
final class FullDiskRenewalTests: @unchecked Sendable {
    let dir: TemporaryDirectory
    let api: FakeMercadoLibre
    let log = OutputBuffer()

    init() throws {
        dir = try TemporaryDirectory()
        api = try FakeMercadoLibre()
    }

    deinit { api.stop() }

    var configDirectory: String { dir.path + "/config" }

    /// A login the fake server knows, expiring in `seconds`, saved on the (real) disk.
    func savedLogin(expiringIn seconds: Double) throws -> Credentials {
        let login = Credentials(
            accessToken: "APP_USR-old-access", refreshToken: "TG-old-refresh", expiresAt: Date().timeIntervalSince1970 + seconds,
            userID: "4242", scope: nil, clientID: FakeMercadoLibre.clientID, clientSecret: FakeMercadoLibre.clientSecret)
        api.state.withLock {
            $0.access.insert(login.accessToken)
            $0.refresh.insert(login.refreshToken!)
        }
        try CredentialStore(configDirectory: configDirectory, binary: "meli-qa", displayPath: { $0 }).save(login)
        return login
    }

    /// `writes`: how the store writes its files' bytes (`FileSystemFaultTests.fullDiskWrites` fails as a full disk does).
    func session(_ login: Credentials, writes: CredentialStore.Writer? = nil, lockClock: TimeSource = .system) -> TokenSession {
        let logger = Logger(level: .warning, output: log.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        let endpoint = TokenEndpoint(
            baseURL: api.server.baseURL, transport: CurlTransport(), userAgent: "meli-qa/test", timeout: 10, logger: logger,
            redactor: Redactor(secrets: []))
        var store = CredentialStore(configDirectory: configDirectory, binary: "meli-qa", displayPath: { $0 })
        store.clock = lockClock
        if let writes { store.write = writes }
        return TokenSession(login, store: store, endpoint: endpoint, lockTimeout: 5, now: { Date() })
    }

    var onDisk: Credentials? { try? CredentialStore(configDirectory: configDirectory, binary: "meli-qa", displayPath: { $0 }).load() }
    var credentialsPath: String { configDirectory + "/credentials.json" }

    /// Two requests of one run that both find the token expiring (an item and its description)
    /// share one renewal: the second waits for the first's outcome, not for the credentials lock.
    /// With the lock's waits on a test clock (instant, as in-process tests run commands), the
    /// second used to give up on the lock while the first was still on the network.
    @Test func requestsOfOneRunShareOneRenewal() async throws {
        let login = try savedLogin(expiringIn: 60)
        api.state.withLock { $0.refreshDelay = 0.3 }
        let session = session(login, lockClock: TestClock().source)
        async let first = session.token()
        async let second = session.token()
        let tokens = try await [first, second]
        #expect(tokens[0] == tokens[1])
        #expect(tokens[0] != login.accessToken)
        #expect(api.state.withLock { $0.refreshes } == 1)
        #expect(onDisk?.accessToken == tokens[0])
    }

    @Test func withoutRoomATokenThatStillWorksIsUsedAndTheRefreshTokenKept() async throws {
        let login = try savedLogin(expiringIn: 120)
        let session = session(login, writes: FileSystemFaultTests.fullDiskWrites)
        let token = try await session.token()
        #expect(token == login.accessToken)
        #expect(try await session.token() == login.accessToken)
        #expect(log.text.components(separatedBy: "warning: ").count == 2, "one warning per run, not per request: \(log.text)")
        #expect(api.state.withLock { $0.refreshes } == 0, "no refresh was sent")
        #expect(api.state.withLock { $0.refresh.contains("TG-old-refresh") }, "the refresh token is not spent")
        #expect(onDisk == login)
        #expect(log.text.contains("warning: "), "\(log.text)")
        #expect(log.text.contains(credentialsPath) && log.text.contains("no space left on device"), "\(log.text)")
        #expect(FileSystem.local.names(in: configDirectory).allSatisfy { ["credentials.json", "credentials.lock"].contains($0) })
    }

    @Test func withoutRoomAnExpiredTokenFailsWithoutSpendingTheRefreshToken() async throws {
        let login = try savedLogin(expiringIn: -10)
        await #expect(throws: APIError.credentials(.noSpaceToRenew(path: credentialsPath, reason: "no space left on device"))) {
            _ = try await self.session(login, writes: FileSystemFaultTests.fullDiskWrites).token()
        }
        #expect(api.state.withLock { $0.refreshes } == 0)
        #expect(api.state.withLock { $0.refresh.contains("TG-old-refresh") })
        #expect(onDisk == login)
        let failure = try #require(ErrorReporter(binary: "meli-qa", stderr: log.output(), style: .plain).failure(for: APIError.credentials(.noSpaceToRenew(path: "p", reason: "r"))))
        #expect(failure.exitCode == .authentication && failure.hint != nil)
    }

    @Test func aRejectedTokenIsNotUsedAgainWhenThereIsNoRoom() async throws {
        let login = try savedLogin(expiringIn: 3600)
        await #expect(throws: APIError.credentials(.noSpaceToRenew(path: credentialsPath, reason: "no space left on device"))) {
            _ = try await self.session(login, writes: FileSystemFaultTests.fullDiskWrites).renew(rejected: login.accessToken)
        }
        #expect(api.state.withLock { $0.refreshes } == 0)
    }

    @Test func withRoomReservedTheRenewedLoginIsSavedAndNothingIsLeftBehind() async throws {
        let login = try savedLogin(expiringIn: 120)
        let token = try await session(login).token()
        let saved = try #require(onDisk)
        #expect(token == saved.accessToken && token != login.accessToken)
        #expect(api.state.withLock { $0.refresh.contains(saved.refreshToken ?? "") }, "the live refresh token is on disk")
        #expect(FileSystem.local.permissions(of: credentialsPath) == 0o600)
        #expect(FileSystem.local.names(in: configDirectory) == ["credentials.json", "credentials.lock"])
        #expect(log.text.isEmpty)
    }

    /// The room reserved is gone by the time the tokens come back (another program took it), and
    /// the disk is full: the new access token is used for this run, and the warning says what to do.
    @Test func whenTheRenewedLoginStillCannotBeSavedItsTokenIsUsedAndSaid() async throws {
        let login = try savedLogin(expiringIn: 120)
        let reservation = credentialsPath + ".reserve"
        let lost: CredentialStore.Writer = { fd, bytes, name in
            guard name.hasSuffix(".reserve") else { return ENOSPC }
            let written = FileSystem.writeAll(bytes[...], to: fd) ? 0 : errno
            // Reserved, then taken: a folder stands where the room was.
            unlink(reservation)
            mkdir(reservation, 0o700)
            return written
        }
        let token = try await session(login, writes: lost).token()
        #expect(api.state.withLock { $0.refreshes } == 1)
        #expect(token != login.accessToken && api.state.withLock { $0.access.contains(token ?? "") }, "the new token is used")
        #expect(onDisk == login)
        #expect(log.text.contains("warning: ") && log.text.contains("meli-qa auth login"), "\(log.text)")
    }
}
