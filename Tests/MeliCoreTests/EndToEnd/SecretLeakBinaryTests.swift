import Foundation
import Testing
@testable import MeliCore

/// Every byte `meli-qa` writes, at trace level, against a server that quotes back the token it was
/// sent in every answer, with secrets in the process environment, in the env file, substituted
/// into other settings and in URLs' user information: none of them reaches standard output or error.
@Suite("No secret reaches the output of any command")
final class SecretLeakBinaryTests: @unchecked Sendable {
    static let accessToken = "APP_USR-env-token-7777"
    static let clientSecret = "client-secret-value-4444"
    static let password = "hunter2-password-1111"
    static let fileToken = "file-token-value-5555"
    static let urlPassword = "url-password-6666"
    static let secrets = [accessToken, clientSecret, password, fileToken, urlPassword]

    let home: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        home = try TemporaryDirectory()
        server = try LoopbackServer(handler: Self.hostile)
    }

    deinit { server.stop() }

    /// Quotes the bearer token back: in names and titles of good answers, in the bodies of refusals.
    private static func hostile(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let token = request.headers["authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? "none"
        let quoted = "\(token) \(SecretLeakBinaryTests.clientSecret)"
        func json(_ status: Int, _ text: String) -> LoopbackServer.Reply {
            .respond(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
        }
        let path = request.target.split(separator: "?").first.map(String.init) ?? ""
        switch path {
        case "/sites": return json(200, #"[{"id":"MLA","name":"Argentina \#(quoted)","default_currency_id":"ARS"}]"#)
        case "/sites/MLA/categories": return json(200, #"[{"id":"MLA1","name":"Cat \#(quoted)"}]"#)
        case "/items/MLA1":
            return json(200, #"{"id":"MLA1","title":"Title \#(quoted)","price":10,"currency_id":"ARS","site_id":"MLA","permalink":"https://user:\#(token)@example.com/x"}"#)
        case "/items/MLA1/description": return json(200, #"{"plain_text":"Description \#(quoted)"}"#)
        case "/sites/MLA/search": return json(403, #"{"message":"token \#(quoted) may not search","error":"forbidden","status":403}"#)
        default: return json(401, #"{"message":"invalid token \#(quoted)","error":"unauthorized","status":401}"#)
        }
    }

    /// An env file naming the loopback server, with secrets of its own.
    func envFile(_ extra: String = "") throws -> String {
        try home.write("Hostile.env", """
            MELI_API_BASE_URL = \(server.baseURL)
            MELI_LOG_LEVEL = trace
            MELI_DEFAULT_SITE = MLA
            MELI_HTTP_TIMEOUT = 30
            DEPLOY_TOKEN = \(Self.fileToken)
            MELI_CLIENT_ID = id-$(DEPLOY_TOKEN)
            MELI_QA_UPDATE_FEED_URL = https://feeds:\(Self.urlPassword)@127.0.0.1:1/feed.json
            \(extra)
            """)
    }

    func qa(_ arguments: [String], file: String, env extra: [String: String] = [:]) throws -> RunResult {
        let env = [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": file, "MELI_ACCESS_TOKEN": Self.accessToken,
            "MELI_CLIENT_SECRET": Self.clientSecret, "DB_PASSWORD": Self.password,
        ]
        return try BinaryRunner.run("meli-qa", ["-vvv"] + arguments, environment: env.merging(extra) { $1 })
    }

    func expectNoSecret(_ result: RunResult, _ what: String) {
        for secret in Self.secrets {
            #expect(!result.stdout.contains(secret), "\(what): \(secret) on standard output:\n\(result.stdout)")
            #expect(!result.stderr.contains(secret), "\(what): \(secret) on standard error:\n\(result.stderr)")
        }
    }

    @Test func everyCommandAtTraceLevelAgainstAServerQuotingTheToken() throws {
        let file = try envFile()
        let commands = [
            ["sites"], ["categories"], ["category", "MLA1"], ["search", "x"], ["item", "MLA1"], ["env"], ["env", "--json"],
            ["cache", "info"], ["auth", "status"], ["update", "--check"], ["item", "MLA1", "--json"], ["sites", "--json"],
        ]
        var all = ""
        for arguments in commands {
            let result = try qa(arguments, file: file)
            expectNoSecret(result, arguments.joined(separator: " "))
            all += result.stdout + result.stderr
        }
        #expect(server.requests.contains { $0.headers["authorization"] == "Bearer \(Self.accessToken)" }, "the token was sent")
        #expect(all.contains("trace:"))
        #expect(all.contains("Title <redacted> <redacted>"), "a title quoting the token is shown masked")
        #expect(all.contains("https://***@example.com/x") || all.contains(#"https:\/\/***@example.com\/x"#), "a URL's user information is masked")
        #expect(all.contains("https://***@127.0.0.1:1/feed.json"), "the feed URL in env is masked")
        // Since issue 22 a value worked out from a secret is a secret: masked whole, not only the part that is one.
        #expect(all.contains("settings.MELI_CLIENT_ID\t<redacted>\t") && !all.contains("id-<redacted>"), "a value substituted from a secret is masked")
    }

    @Test func failingEnvFilesQuoteNoSecret() throws {
        // The line of an environment-only key in a file is a warning, the others errors (exit 3).
        let cases: [(line: String, status: Int32)] = [
            ("MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN)", 3),
            ("MELI_CLIENT_SECRET = \(Self.clientSecret)\\q", 0),
            ("MY_TOKEN = \"\(Self.fileToken)", 3),
            ("MELI_HTTP_TIMEOUT = $(DB_PASSWORD)", 3),
            ("MELI_API_BASE_URL = https://user:\(Self.urlPassword)@example.com", 3),
        ]
        for (extra, status) in cases {
            let result = try qa(["env"], file: try envFile(extra))
            #expect(result.status == status, "\(extra): \(result.stderr)")
            #expect(result.stderr.contains(Redactor.mask) || result.stderr.contains("***@"), "\(extra): \(result.stderr)")
            expectNoSecret(result, extra)
        }
        let fromEnvironment = try qa(["env"], file: try envFile(), env: ["MELI_API_BASE_URL": "https://user:\(Self.urlPassword)@example.com"])
        #expect(fromEnvironment.status == 3)
        expectNoSecret(fromEnvironment, "MELI_API_BASE_URL with user information")
    }

    @Test func authTokenStillPrintsTheTokenItIsAskedFor() throws {
        let result = try BinaryRunner.run(
            "meli-qa", ["auth", "token"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": try envFile(), "MELI_ACCESS_TOKEN": Self.accessToken, "MELI_LOG_LEVEL": "error"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.accessToken + "\n")
    }
}
