import Foundation
import Testing
@testable import MeliCore

/// `meli-qa auth ...` and token renewal as users run them, against a fake MercadoLibre on loopback.
@Suite("Login and token renewal end to end")
final class AuthBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let api: FakeMercadoLibre

    init() throws {
        home = try TemporaryDirectory()
        api = try FakeMercadoLibre()
    }

    deinit { api.stop() }

    var credentialsPath: String { home.path + "/.config/meli-qa/credentials.json" }

    func qa(_ arguments: [String], env extra: [String: String] = [:], stdin: String? = nil) throws -> RunResult {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": api.server.baseURL, "MELI_LOG_LEVEL": "error"]
        return try BinaryRunner.run("meli-qa", arguments, environment: env.merging(extra) { $1 }, stdin: stdin)
    }

    func login(expiresIn: Int = 21_600) throws -> RunResult {
        api.state.withLock { $0.expiresIn = expiresIn }
        return try qa(
            ["auth", "login", "--code", FakeMercadoLibre.code, "--client-id", FakeMercadoLibre.clientID, "--redirect-uri", FakeMercadoLibre.redirectURI],
            env: ["MELI_CLIENT_SECRET": FakeMercadoLibre.clientSecret])
    }

    func stored() throws -> Credentials {
        try #require(Credentials.decode(try FileSystem.local.readFile(atPath: credentialsPath)))
    }

    @Test func loginSavesTheTokensPrivatelyAndEveryAuthCommandWorks() throws {
        let login = try login()
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.hasPrefix("Logged in as user 4242. The token expires at "))
        #expect(FileSystem.local.permissions(of: credentialsPath) == 0o600)
        let saved = try stored()
        #expect(api.state.withLock { $0.access.contains(saved.accessToken) })

        let status = try qa(["auth", "status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("Logged in as user 4242 (credentials in ~/.config/meli-qa/credentials.json)."))
        #expect(status.stdout.contains("(in 5 h 59 min)") || status.stdout.contains("(in 6 h)"))
        #expect(try qa(["auth", "token"]).stdout == saved.accessToken + "\n")
        #expect(try qa(["search", "x"]).status == 0, "search sends the saved token")

        for output in [login.stdout, login.stderr, status.stdout, status.stderr] {
            #expect(!output.contains(saved.accessToken) && !output.contains(FakeMercadoLibre.clientSecret))
        }
        let logout = try qa(["auth", "logout"])
        #expect(logout.stdout == "Logged out: removed ~/.config/meli-qa/credentials.json.\n")
        #expect(!FileSystem.local.isFile(credentialsPath))
        let after = try qa(["auth", "status"])
        #expect(after.status == 4)
        #expect(after.stderr.contains(Reported.words(AuthError.notLoggedIn.failure(binary: "meli-qa"))))
        #expect(try qa(["auth", "token"]).status == 4)
    }

    @Test func loginTakesThePastedRedirectAddressAndShowsTheCountrysPage() throws {
        let result = try qa(
            ["auth", "login", "--client-id", FakeMercadoLibre.clientID, "--redirect-uri", FakeMercadoLibre.redirectURI, "--site", "MLB"],
            env: ["MELI_CLIENT_SECRET": FakeMercadoLibre.clientSecret],
            stdin: "\(FakeMercadoLibre.redirectURI)?code=\(FakeMercadoLibre.code)&state=xyz\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("https://auth.mercadolivre.com.br/authorization?response_type=code&client_id=1234567&redirect_uri=https%3A%2F%2Fexample.com%2Fcallback"))
        #expect(FileSystem.local.isFile(credentialsPath))
    }

    @Test func aRefusedCodeSaysWhatToDoAndSavesNothing() throws {
        let result = try qa(
            ["auth", "login", "--code", "TG-stale", "--client-id", FakeMercadoLibre.clientID, "--redirect-uri", FakeMercadoLibre.redirectURI],
            env: ["MELI_CLIENT_SECRET": FakeMercadoLibre.clientSecret])
        #expect(result.status == 4)
        let refused = APIError.refused(.oauthToken, status: 400, message: "invalid_grant: the grant is invalid or was already used")
        #expect(result.stderr.contains(Reported.words(refused.failure(binary: "meli-qa"))))
        #expect(!FileSystem.local.isFile(credentialsPath))
    }

    @Test func loginWithoutASecretNamesBothWaysToGiveIt() throws {
        let result = try qa(["auth", "login", "--code", "x", "--client-id", "1", "--redirect-uri", "https://e.com"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(Reported.words(AuthError.missingSetting(key: "MELI_CLIENT_SECRET", option: "client-secret").failure(binary: "meli-qa"))))
    }

    @Test func aCredentialsFileOthersCanReadIsRefused() throws {
        #expect(try login().status == 0)
        chmod(credentialsPath, 0o644)
        let result = try qa(["search", "x"])
        #expect(result.status == 4)
        let tooOpen = CredentialsError.tooOpen(path: "~/.config/meli-qa/credentials.json", mode: "0644")
        #expect(result.stderr.contains(Reported.words(tooOpen.failure(binary: "meli-qa"))))
        #expect(try qa(["auth", "status"]).status == 4)
        #expect(try qa(["auth", "logout"]).status == 0, "logging out still works")
    }

    /// Root run with another user's HOME: a login in a folder that user owns is neither used,
    /// shown, renewed nor taken for "not logged in", and no login is written there (the code is
    /// not even asked for): exit 3, naming the folder, its owner and what to do.
    @Test(.enabled(if: geteuid() == 0)) func aLoginInAFolderOfAnotherUserIsNeitherReadNorWritten() throws {
        #expect(try login(expiresIn: 60).status == 0)
        let saved = try stored()
        let folder = home.path + "/.config/meli-qa"
        #expect(chown(folder, 4242, 4242) == 0)
        let refusal = CredentialsError.untrusted(path: "~/.config/meli-qa", reason: .otherOwner(uid: 4242)).failure(binary: "meli-qa")
        var outputs: [String] = []
        for arguments in [["search", "x"], ["auth", "status"], ["auth", "logout"]] {
            let result = try qa(arguments)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(Reported.words(refusal)), "\(result.stderr)")
            outputs += [result.stdout, result.stderr]
        }
        let again = try login()
        #expect(again.status == 3 && again.stderr.contains(Reported.words(refusal)), "\(again.stderr)")
        outputs += [again.stdout, again.stderr]
        #expect(api.state.withLock { $0.issued } == 1 && api.state.withLock { $0.refreshes } == 0, "no code or refresh token was spent")
        #expect(try stored() == saved, "the file is left as it was")
        #expect(FileSystem.local.names(in: folder) == ["credentials.json"])
        for secret in saved.secrets { #expect(!outputs.contains { $0.contains(secret) }) }
    }

    @Test func aTokenAboutToExpireIsRenewedAndTheNewRefreshTokenIsSavedFirst() throws {
        #expect(try login(expiresIn: 120).status == 0)
        let before = try stored()
        api.state.withLock { $0.expiresIn = 21_600 }
        let result = try qa(["search", "x"])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try stored()
        #expect(api.state.withLock { $0.refreshes } == 1)
        #expect(after.refreshToken != before.refreshToken && after.accessToken != before.accessToken)
        #expect(api.state.withLock { $0.refresh.contains(after.refreshToken ?? "") }, "the refresh token on disk is the live one")
        #expect(FileSystem.local.permissions(of: credentialsPath) == 0o600)
        #expect(FileSystem.local.permissions(of: home.path + "/.config/meli-qa/credentials.lock") == 0o600)
        #expect(FileSystem.local.names(in: home.path + "/.config/meli-qa") == ["credentials.json", "credentials.lock"])
    }

    @Test func aRejectedTokenIsRenewedOnceAndTheRequestRepeated() throws {
        #expect(try login().status == 0)
        api.state.withLock { $0.access.removeAll() }
        let result = try qa(["search", "x"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(api.state.withLock { $0.refreshes } == 1)
    }

    @Test func aRefusedRenewalSaysToLogInAgain() throws {
        #expect(try login(expiresIn: 60).status == 0)
        api.state.withLock { $0.refresh.removeAll() }
        let result = try qa(["search", "x"])
        #expect(result.status == 4)
        let expired = APIError.loginExpired(reason: "invalid_grant: the grant is invalid or was already used")
        #expect(result.stderr.contains(Reported.words(expired.failure(binary: "meli-qa"))))
    }

    @Test func processesRenewingAtOnceSpendTheRefreshTokenOnce() throws {
        #expect(try login(expiresIn: 60).status == 0)
        api.state.withLock {
            $0.expiresIn = 21_600
            $0.refreshDelay = 0.5
        }
        let results = Collected<RunResult>()
        let group = DispatchGroup()
        for _ in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                if let result = try? self.qa(["search", "x"]) { results.append(result) }
                group.leave()
            }
        }
        group.wait()
        #expect(results.items.count == 6)
        #expect(results.items.allSatisfy { $0.status == 0 }, "\(results.items.map(\.stderr))")
        #expect(api.state.withLock { $0.refreshes } == 1)
        #expect(api.state.withLock { $0.reusedRefreshTokens } == 0)
    }

    @Test func atTraceLevelNoTokenOrSecretAppearsAnywhere() throws {
        let trace = ["MELI_LOG_LEVEL": "trace", "MELI_CLIENT_SECRET": FakeMercadoLibre.clientSecret]
        api.state.withLock { $0.expiresIn = 60 }
        var outputs: [String] = []
        let login = try qa(
            ["auth", "login", "--code", FakeMercadoLibre.code, "--client-id", FakeMercadoLibre.clientID, "--redirect-uri", FakeMercadoLibre.redirectURI,
             "--client-secret", FakeMercadoLibre.clientSecret], env: trace)
        #expect(login.status == 0, "\(login.stderr)")
        outputs += [login.stdout, login.stderr]
        for arguments in [["search", "x"], ["search", "x", "--no-cache"], ["auth", "status"], ["env"], ["env", "--json"], ["cache", "info"]] {
            let result = try qa(arguments, env: trace)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            outputs += [result.stdout, result.stderr]
        }
        let environmentToken = "APP_USR-from-the-environment-0001"
        api.state.withLock { _ = $0.access.insert(environmentToken) }
        for arguments in [["search", "x"], ["env"], ["auth", "status"]] {
            let result = try qa(arguments, env: trace.merging(["MELI_ACCESS_TOKEN": environmentToken]) { $1 })
            #expect(result.status == 0)
            outputs += [result.stdout, result.stderr]
        }
        #expect(outputs.joined().contains("trace:"), "trace lines were written")
        #expect(outputs.joined().contains("Authorization: Bearer <redacted>"))

        let secrets = api.state.withLock { $0.secrets } + [environmentToken, FakeMercadoLibre.code]
        #expect(secrets.count >= 5)
        var files: [String] = []
        for directory in [home.path + "/.cache/meli-qa/http", home.path + "/.local/state/meli-qa"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                files.append((try? String(contentsOfFile: directory + "/" + name, encoding: .isoLatin1)) ?? "")
            }
        }
        #expect(!files.isEmpty, "the cache was written")
        for secret in secrets {
            #expect(!outputs.contains { $0.contains(secret) }, "\(secret) leaked into output")
            #expect(!files.contains { $0.contains(secret) }, "\(secret) leaked into a file")
        }
    }
}
