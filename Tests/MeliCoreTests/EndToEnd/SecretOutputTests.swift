import Foundation
import Testing
@testable import MeliCore

/// Every secret a run knows stays out of everything it prints, at trace level, on success and on
/// every failure path (issue 13, item 3): runs of the built binaries, each output grepped for
/// each secret.
@Suite("Secrets never printed")
final class SecretOutputTests: @unchecked Sendable {
    let home: TemporaryDirectory
    var servers: [LoopbackServer] = []

    static let token = "APP_USR-env-token-5150"
    static let clientSecret = "file-client-secret-8086"
    static let fileToken = "APP_USR-file-token-6502"
    static let urlPassword = "pa55word-in-url-z80"
    static let all = [token, clientSecret, fileToken, urlPassword]

    init() throws {
        home = try TemporaryDirectory()
    }

    deinit { servers.forEach { $0.stop() } }

    func run(_ arguments: [String], file: String, environment extra: [String: String] = [:]) throws -> RunResult {
        let path = try home.write("Secret.env", "#include \"\(repositoryFile("Config/QA.env"))\"\n" + file)
        return try BinaryRunner.run("meli-qa", arguments + ["-vvv"], environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": path, "MELI_ACCESS_TOKEN": Self.token,
        ].merging(extra) { $1 })
    }

    func expectNoSecret(_ result: RunResult, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for secret in Self.all {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret),
                    "\(what) printed '\(secret)': \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func noSecretInAnyOutput() throws {
        // A server that quotes back what it was sent, in a refusal.
        let server = try LoopbackServer(handler: { request in
            .respond(status: 401, headers: ["Content-Type": "application/json"],
                     body: Array(#"{"message":"invalid token \#(request.headers["authorization"] ?? "")","status":401}"#.utf8))
        })
        servers.append(server)
        let valid = "MELI_CLIENT_SECRET = \(Self.clientSecret)\nMELI_API_BASE_URL = \(server.baseURL)\n"
        let cases: [(String, [String], String, [String: String])] = [
            ("env", ["env"], valid, [:]),
            ("env --json", ["env", "--json"], valid, [:]),
            ("env diff", ["env", "diff", "production"], valid, [:]),
            ("a 401 quoting the token", ["sites"], valid, [:]),
            ("a secret substituted into a bad value", ["env"], valid + "MELI_DEFAULT_SITE = $(MELI_CLIENT_SECRET)\n", [:]),
            ("a token in a file (ignored, quoted in the warning)", ["env"], valid + "MELI_ACCESS_TOKEN = \(Self.fileToken)\n", [:]),
            ("a secret line that does not parse", ["env"], "MELI_CLIENT_SECRET = \"\(Self.clientSecret)\n", [:]),
            ("a secret with a bad escape", ["env"], "MELI_CLIENT_SECRET = \(Self.clientSecret)\\q\n", [:]),
            ("a secret line with a misspelt condition", ["env"], "MELI_CLIENT_SECRET[envv=qa] = \(Self.clientSecret)\n", [:]),
            ("a conditional secret with an unknown operator", ["env"], "MELI_CLIENT_SECRET[env=qa] = $(X:lowr)\(Self.clientSecret)\n", [:]),
            ("a conditional token in a file (ignored, quoted in the warning)", ["env"], valid + "MELI_ACCESS_TOKEN[binary=meli-*] = \(Self.fileToken)\n", [:]),
            ("credentials in the base URL (file)", ["env"], "MELI_API_BASE_URL = https://me:\(Self.urlPassword)@api.example.com\n", [:]),
            ("credentials in the base URL (environment)", ["sites"], valid, ["MELI_API_BASE_URL": "https://me:\(Self.urlPassword)@api.example.com"]),
        ]
        for (what, arguments, file, environment) in cases {
            let result = try run(arguments, file: file, environment: environment)
            expectNoSecret(result, what)
            #expect(!result.stderr.isEmpty, "\(what): -vvv logs something, so the check has text to look at")
        }
    }
}
