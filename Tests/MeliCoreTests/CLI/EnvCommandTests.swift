import Testing
@testable import MeliCore

/// The `env` command's three renderings, pinned by golden files.
@Suite("env command output")
struct EnvCommandTests {
    let dir: TemporaryDirectory
    var context: Context
    let out = OutputBuffer()
    let err = OutputBuffer()

    init() throws {
        dir = try TemporaryDirectory()
        try dir.write("Config/Base.env", """
            MELI_API_BASE_URL = https://api.mercadolibre.com
            MELI_LOG_LEVEL = warning
            MELI_DEFAULT_SITE = MLA
            MELI_HTTP_TIMEOUT = 30

            """)
        try dir.write("Config/QA.env", """
            #include "Base.env"
            MELI_LOG_LEVEL = info
            SANDBOX_TOKEN = s3cr3t-token-value
            #include? "Local.env"

            """)
        context = Context(
            environment: ["HOME": "/home/tester", "MELI_DEFAULT_SITE": "MCO", "MELI_ENV_FILE": "Config/QA.env"],
            currentDirectory: dir.path, executablePath: nil, stdout: out.output(), stderr: err.output(),
            transport: NoNetwork())
    }

    func render(_ arguments: [String], terminal: Bool) async throws -> String {
        var context = context
        context.stdout = out.output(isTerminal: terminal, width: 100)
        let code = await Runner.run(.qa, arguments: arguments + ["--no-color"], context: context)
        #expect(code == .success, "\(err.text)")
        return out.text.replacing(BuildInfo.current.version, with: "VERSION").replacing(" \(BuildInfo.current.commit)\n", with: " COMMIT\n")
    }

    @Test func terminal() async throws {
        try Golden.check(try await render(["env"], terminal: true), "env-terminal.txt")
    }

    @Test func terminalInSpanish() async throws {
        var run = self
        run.context.environment["LANG"] = "es_AR.UTF-8"
        try Golden.check(try await run.render(["env"], terminal: true), "env-terminal.es.txt")
    }

    @Test func piped() async throws {
        try Golden.check(try await render(["env"], terminal: false), "env-piped.txt")
    }

    @Test func json() async throws {
        try Golden.check(try await render(["env", "--json"], terminal: false), "env.json")
    }

    /// `env diff FILE`: the settings that differ, each side's value and source; a secret that
    /// differs is listed, never shown; a key only one side sets is "(not set)" on the other.
    func writeOther() throws {
        try dir.write("Config/Other.env", """
            #include "Base.env"
            MELI_LOG_LEVEL = debug
            MELI_HTTP_TIMEOUT = 30
            SANDBOX_TOKEN = other-s3cr3t-value
            MELI_EXTRA = on

            """)
    }

    @Test func diffTerminal() async throws {
        try writeOther()
        try Golden.check(try await render(["env", "diff", "Config/Other.env"], terminal: true), "env-diff-terminal.txt")
    }

    @Test func diffTerminalInSpanish() async throws {
        try writeOther()
        var run = self
        run.context.environment["LANG"] = "es_AR.UTF-8"
        try Golden.check(try await run.render(["env", "diff", "Config/Other.env"], terminal: true), "env-diff-terminal.es.txt")
    }

    @Test func diffPiped() async throws {
        try writeOther()
        try Golden.check(try await render(["env", "diff", "Config/Other.env"], terminal: false), "env-diff-piped.txt")
    }

    @Test func diffJSON() async throws {
        try writeOther()
        try Golden.check(try await render(["env", "diff", "Config/Other.env", "--json"], terminal: false), "env-diff.json")
        #expect(!out.text.contains("s3cr3t") && !err.text.contains("s3cr3t"))
    }

    @Test func diffWithItselfListsNothing() async throws {
        let text = try await render(["env", "diff", "Config/QA.env"], terminal: true)
        #expect(text == Message.Env.envDiffSummaryLine(differ: "0", same: "5").english + "\n")
    }

    /// `env --explain KEY`: every assignment in reading order with the value after it, then what
    /// overrides them (issue 14, item 4).
    @Test func explainTerminal() async throws {
        try Golden.check(try await render(["env", "--explain", "MELI_LOG_LEVEL"], terminal: true), "env-explain-terminal.txt")
    }

    @Test func explainTerminalInSpanish() async throws {
        var run = self
        run.context.environment["LANG"] = "es_AR.UTF-8"
        try Golden.check(try await run.render(["env", "--explain", "log_level"], terminal: true), "env-explain-terminal.es.txt")
    }

    /// `site`, a row of `env`, is explained too: MELI_DEFAULT_SITE's steps, with the saved site
    /// after the files and before the process variable (it was "no file, variable or default sets 'site'").
    @Test(arguments: [true, false])
    func explainSiteShowsTheSavedSiteInItsPlace(variable: Bool) async throws {
        var run = self
        run.context.environment["HOME"] = dir.path
        if !variable { run.context.environment["MELI_DEFAULT_SITE"] = nil }
        try dir.write(".local/state/meli-qa/site", "MLB\n")
        let piped = try await run.render(["env", "--explain", "site"], terminal: false)
        let saved = "1\tConfig/Base.env:3\tMLA\n2\t~/.local/state/meli-qa/site\tMLB\n"
        #expect(piped == saved + (variable ? "3\tMELI_DEFAULT_SITE\tMCO\n" : ""), "\(piped)")
    }

    @Test func explainJSONEndsWithTheOverride() async throws {
        try Golden.check(try await render(["env", "--explain", "MELI_DEFAULT_SITE", "--json"], terminal: false), "env-explain.json")
    }

    /// Only the assignments whose conditions match this run are steps, each with its conditions (issue 14, items 1 and 4).
    @Test func explainShowsTheConditionThatSelectedAnAssignment() async throws {
        try dir.write("Config/Local.env", "MELI_LOG_LEVEL[env=qa][arch=*] = error\nMELI_LOG_LEVEL[env=dev] = trace\n")
        let piped = try await render(["env", "--explain", "MELI_LOG_LEVEL"], terminal: false)
        #expect(piped == "1\tConfig/Base.env:2\twarning\n2\tConfig/QA.env:2\tinfo\n3\tConfig/Local.env:1 [env=qa][arch=*]\terror\n")
        let json = try await render(["env", "--explain", "MELI_LOG_LEVEL", "--json"], terminal: false)
        #expect(json.contains(#""condition": "[env=qa][arch=*]""#) && json.contains(#""condition": null"#), "\(json)")
    }

    @Test func explainMasksSecretsAndRefusesUnknownKeys() async throws {
        let piped = try await render(["env", "--explain", "SANDBOX_TOKEN"], terminal: false)
        #expect(piped == "1\tConfig/QA.env:3\t\(Redactor.mask)\n")
        var context = context
        context.stdout = out.output()
        let code = await Runner.run(.qa, arguments: ["env", "--explain", "MELI_LOG_LEVL", "--no-color"], context: context)
        #expect(code == .usage)
        #expect(err.text.hasSuffix(Reported.stderr(UsageError(.Env.explainUnknownKey(key: "MELI_LOG_LEVL"), commandPath: ["env"], suggestion: "MELI_LOG_LEVEL"), binary: "meli-qa")), "\(err.text)")
    }

    @Test func secretNeverShown() async throws {
        for arguments in [["env"], ["env", "--json"], ["env", "--log-level", "trace"]] {
            let text = try await render(arguments, terminal: false)
            #expect(!text.contains("s3cr3t") && !err.text.contains("s3cr3t"))
        }
    }
}
