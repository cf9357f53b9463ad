import Foundation
import Testing
@testable import MeliCore

/// The built binaries, run as a user would: arguments in; stdout, stderr and exit code out.
/// Each test gets a scratch HOME and checks that nothing was written there unless it should be.
@Suite("Binaries end to end")
struct BinaryTests {
    let home: TemporaryDirectory
    let environment: [String: String]

    init() throws {
        home = try TemporaryDirectory()
        environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
    }

    func run(_ binary: String, _ arguments: String..., env extra: [String: String] = [:], in directory: String? = nil) throws -> RunResult {
        try BinaryRunner.run(binary, arguments, environment: environment.merging(extra) { $1 }, directory: directory)
    }

    func json(_ result: RunResult) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    @Test(arguments: [
        ("meli-dev", "dev", "sandbox://", "debug", "Config/Dev.env"),
        ("meli-qa", "qa", "https://api.mercadolibre.com", "info", "Config/QA.env"),
        ("meli", "production", "https://api.mercadolibre.com", "warning", "Config/Prod.env"),
    ])
    func eachBinaryShowsItsOwnEnvironment(binary: String, name: String, url: String, level: String, file: String) throws {
        let result = try run(binary, "env", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result)
        #expect(object["name"] as? String == name)
        #expect(object["binary"] as? String == binary)
        #expect(object["api_base_url"] as? String == url)
        #expect(object["log_level"] as? String == level)
        #expect(object["default_site"] as? String == "MLA")
        #expect(object["http_timeout"] as? Double == 30)
        let files = try #require(object["files"] as? [String])
        #expect(files.count == 2)
        #expect(files[0].hasSuffix(file) && files[1].hasSuffix("Config/Base.env"))
        let sources = try #require(object["sources"] as? [String: String])
        #expect(sources["log_level"]?.hasSuffix("\(file):5") == true)
        #expect(sources["default_site"]?.hasSuffix("Config/Base.env:6") == true)
        let dirs = try #require(object["dirs"] as? [String: String])
        #expect(dirs == ["config": "\(home.path)/.config/\(binary)", "cache": "\(home.path)/.cache/\(binary)", "state": "\(home.path)/.local/state/\(binary)"])
        let settings = try #require(object["settings"] as? [String: String])
        #expect(settings["MELI_API_BASE_URL"] == url)
        #expect(home.contents() == [], "env creates nothing")
    }

    @Test func pipedTextIsTabSeparatedWithSources() throws {
        let result = try run("meli-dev", "env", env: ["MELI_LOG_LEVEL": "notice"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.contains { $0 == ["log_level", "notice", "MELI_LOG_LEVEL"] })
        #expect(lines.contains { $0.first == "dirs.state" && $0[1] == "\(home.path)/.local/state/meli-dev" })
        #expect(!result.stdout.contains("\u{1B}"), "no colour in a pipe")
    }

    @Test func flagsWinAndSayWhere() throws {
        let object = try json(run("meli-qa", "env", "--json", "--log-level", "error", env: ["MELI_LOG_LEVEL": "trace"]))
        #expect(object["log_level"] as? String == "error")
        #expect((object["sources"] as? [String: String])?["log_level"] == "--log-level")
        let timeout = try json(run("meli-qa", "env", "--json", "--timeout", "3", env: ["MELI_HTTP_TIMEOUT": "7"]))
        #expect(timeout["http_timeout"] as? Double == 3)
        #expect((timeout["sources"] as? [String: String])?["http_timeout"] == "--timeout")
    }

    @Test func versionNamesBinaryEnvironmentAndCommit() throws {
        let result = try run("meli-qa", "--version")
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /meli-qa \S+ \(qa, \S+\)\n/) != nil, "\(result.stdout)")
    }

    @Test func helpListsCommandsAndExitCodes() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try BinaryRunner.run("meli", arguments, environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout.contains("COMMANDS") && result.stdout.contains("EXIT CODES"))
        }
        let command = try run("meli", "help", "env")
        #expect(command.status == 0)
        #expect(command.stdout == (try run("meli", "env", "--help")).stdout)
    }

    /// No command, or a global option that swallowed it: exit 2, the short usage on standard error,
    /// nothing on standard output (before, the help and exit 0).
    @Test func noCommandIsAUsageError() throws {
        let commands = Program.root(binary: "meli-dev", environment: .dev).subcommands.map(\.name).joined(separator: ", ")
        for arguments in [[], ["-v"]] {
            let result = try BinaryRunner.run("meli-dev", arguments, environment: environment)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == Reported.stderr(UsageError(.Usage.noCommand(binary: "meli-dev", commands: commands)), binary: "meli-dev"))
            #expect(result.stderr.hasPrefix("meli-dev: error: no command given\nUsage: meli-dev [<options>] <command>\nCommands: sites, "), "\(result.stderr)")
        }
        let swallowed = try run("meli-dev", "--env-file", "sites")
        #expect(swallowed.status == 2)
        #expect(swallowed.stdout == "")
        #expect(swallowed.stderr == Reported.stderr(
            UsageError(.Usage.optionTookCommand(option: "--env-file", command: "sites"), suggestion: "meli-dev --env-file <path> sites"), binary: "meli-dev"))
    }

    @Test func helpWorksEvenWithABrokenEnvironment() throws {
        let result = try run("meli-dev", "env", "--help", env: ["MELI_ENV_FILE": "/nonexistent.env"])
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (["env", "--jsn"], UsageError(.Usage.unknownOption(option: "--jsn"), commandPath: ["env"], suggestion: "--json")),
        (["evn"], UsageError(.Usage.unknownCommand(command: "evn"), suggestion: "env")),
        // env takes no word but its subcommand (env diff).
        (["env", "extra"], UsageError(.Usage.unknownCommand(command: "extra"), commandPath: ["env"])),
        (["--log-level", "loud", "env"], UsageError(.Usage.invalidChoice(value: "loud", option: "log-level", choices: LogLevel.choices))),
        (["env", "-q", "-v"], UsageError(.Usage.quietWithVerbose, commandPath: ["env"])),
        (["--timeout", "0", "env"], UsageError(.Usage.badOptionValue(option: "--timeout", problem: .Configuration.badTimeout(value: "0")))),
        (["sites", "--timeout", "x"], UsageError(.Usage.badOptionValue(option: "--timeout", problem: .Configuration.badTimeout(value: "x")), commandPath: ["sites"])),
        (["help", "nope"], UsageError(.Usage.unknownCommand(command: "nope"), commandPath: ["help"])),
    ])
    func usageErrorsExit2(arguments: [String], error: UsageError) throws {
        let result = try BinaryRunner.run("meli-dev", arguments, environment: environment)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == Reported.stderr(error, binary: "meli-dev"))
    }

    @Test func brokenEnvFileReportsEveryProblemAndExits3() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("Broken.env", """
            #include "Missing.env"
            MELI_API_BASE_URL = http://example.com
            MELI_LOG_LEVEL = loud
            MELI_DEFAULT_SITE = "MLA
            MELI_HTTP_TIMEOUT = $(NOT_DEFINED_ANYWHERE)

            """)
        let result = try run("meli-qa", "--env-file", path, "env")
        #expect(result.status == 3)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.filter { $0.hasPrefix(path + ":") }
        #expect(headers.map { $0.split(separator: ": ")[0] } == ["\(path):1:1", "\(path):2:21", "\(path):3:18", "\(path):4:21", "\(path):5:21"])
        // Each header is followed by the line and a caret under the column.
        let second = try #require(lines.firstIndex { $0.hasPrefix("\(path):3:18:") })
        #expect(lines[second + 1] == "MELI_LOG_LEVEL = loud")
        #expect(lines[second + 2] == String(repeating: " ", count: 17) + "^")
        #expect(lines.last(where: { !$0.isEmpty }) == "meli-qa: error: " + Message.Reporting.environmentProblemsMany(count: "5").english)
        #expect(home.contents() == [], "nothing is written anywhere")
        #expect(dir.contents() == ["Broken.env"])
    }

    @Test func badEnvironmentVariableExits3NamingIt() throws {
        let result = try run("meli", "env", env: ["MELI_DEFAULT_SITE": "Argentina"])
        #expect(result.status == 3)
        let diagnostic = Diagnostic.error(.Configuration.badSiteID(value: "Argentina"), subject: .Reporting.processEnvironment(origin: "MELI_DEFAULT_SITE"))
        #expect(result.stderr == diagnostic.rendered() + "meli: error: " + Message.Reporting.environmentProblemsOne.english + "\n")
    }

    @Test func warningsGoToStderrAndQuietSilencesThem() throws {
        let dir = try TemporaryDirectory()
        let base = try String(contentsOfFile: repositoryFile("Config/Base.env"), encoding: .utf8)
        let path = try dir.write("Typo.env", base + "MELI_DEFAULT_SIET = MCO\n")
        let loud = try run("meli-dev", "--env-file", path, "env", "--json")
        #expect(loud.status == 0)
        let line = base.filter { $0 == "\n" }.count + 1
        let unknown = Message.Configuration.unknownKeySuggestion(key: "MELI_DEFAULT_SIET", suggestion: "MELI_DEFAULT_SITE").english
        #expect(loud.stderr.contains("Typo.env:\(line):1: \(Message.Reporting.warningLabel.english) \(unknown)\n"), "\(loud.stderr)")
        let quiet = try run("meli-dev", "--env-file", path, "env", "--json", "-q")
        #expect(quiet.stderr == "")
    }

    @Test func verboseLogsWithTimestampsToStderrOnly() throws {
        let result = try run("meli", "-vvv", "env", "--json")
        #expect(result.status == 0)
        #expect(result.stderr.contains(#/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z debug: meli /#))
        #expect(try json(result)["log_level"] as? String == "trace", "warning: -v info, -vv debug, -vvv trace")
    }

    @Test func secretsAreRedactedEverywhere() throws {
        let secret = "APP_USR-1234567890-s3cr3t"
        let dir = try TemporaryDirectory()
        let base = try String(contentsOfFile: repositoryFile("Config/Base.env"), encoding: .utf8)
        let path = try dir.write("Secret.env", base + "SANDBOX_API_TOKEN = \(secret)\nSANDBOX_HEADER = Bearer $(SANDBOX_API_TOKEN)\n")
        for arguments in [["env", "--json"], ["env"]] {
            let result = try BinaryRunner.run(
                "meli-dev", ["--env-file", path, "--log-level", "trace"] + arguments, environment: environment)
            #expect(result.status == 0)
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
            #expect(result.stdout.contains("<redacted>"))
        }
    }

    @Test func aClonedRepositoryInTheWorkingDirectoryIsNeverRead() throws {
        let clone = try TemporaryDirectory()
        try clone.write("Package.swift", "")
        try clone.write("Config/Dev.env", "MELI_API_BASE_URL = https://evil.example.com\n")
        try clone.write(".env", "MELI_API_BASE_URL = https://evil.example.com\n")
        let object = try json(run("meli-dev", "env", "--json", in: clone.path))
        #expect(object["api_base_url"] as? String == "sandbox://")
    }

    /// After `site MCO`, `env` shows the site every command now uses, and why, beside the env
    /// file's default_site (which it showed alone, as if searches still used it); `--site` and
    /// MELI_DEFAULT_SITE win over the saved site, as they do for the other commands.
    @Test func envShowsTheSiteInUseAndWhereItCameFrom() throws {
        #expect(try run("meli-dev", "site", "MCO").status == 0)
        // Piped and JSON, the path is whole (a script cannot open `~/...`).
        let saved = "\(home.path)/.local/state/meli-dev/site"
        var object = try json(try run("meli-dev", "env", "--json"))
        #expect(object["default_site"] as? String == "MLA")
        #expect(object["site"] as? String == "MCO")
        var sources = try #require(object["sources"] as? [String: String])
        #expect(sources["default_site"]?.hasSuffix("Config/Base.env:6") == true)
        #expect(sources["site"] == saved)
        let table = try run("meli-dev", "env")
        #expect(table.stdout.contains("default_site\tMLA\t"))
        #expect(table.stdout.contains("site\tMCO\t\(saved)\n"), "\(table.stdout)")
        object = try json(try run("meli-dev", "env", "--json=site,sources", "--site", "MLB"))
        #expect(object["site"] as? String == "MLB")
        sources = try #require(object["sources"] as? [String: String])
        #expect(sources["site"] == "--site")
        object = try json(try run("meli-dev", "env", "--json", env: ["MELI_DEFAULT_SITE": "MLC"]))
        #expect(object["site"] as? String == "MLC")
        sources = try #require(object["sources"] as? [String: String])
        #expect(sources["site"] == "MELI_DEFAULT_SITE")
        let bad = try run("meli-dev", "env", "--site", "XX1")
        #expect(bad.status == 2)
        #expect(bad.stderr == Reported.stderr(UsageError(.SiteChoice.badSite(value: "XX1", option: "--site"), commandPath: ["env"]), binary: "meli-dev"), "\(bad.stderr)")
    }

    /// `meli-qa env diff dev` finds Dev.env as meli-dev would (here, the repository the binaries
    /// were built in) and lists what differs, with each side's source; MELI_ENV_FILE chooses
    /// this side only; a name that is neither an environment nor a file is a usage error.
    @Test func envDiffAgainstAnotherEnvironment() throws {
        let result = try run("meli-qa", "env", "diff", "dev", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result)
        #expect((object["other"] as? [String: String])?["name"] == "dev")
        let differences = try #require(object["differences"] as? [[String: Any]])
        let url = try #require(differences.first { $0["key"] as? String == "MELI_API_BASE_URL" })
        #expect(url["this"] as? String == "https://api.mercadolibre.com" && url["other"] as? String == "sandbox://")
        #expect((url["other_source"] as? String)?.hasSuffix("Config/Dev.env:4") == true)
        #expect(!differences.contains { $0["key"] as? String == "MELI_DEFAULT_SITE" })
        let mine = try home.write("Mine.env", "#include \"\(repositoryFile("Config/Dev.env"))\"\nMELI_DEFAULT_SITE = MCO\n")
        let pinned = try run("meli-dev", "env", "diff", "dev", "--json=key,this,other", env: ["MELI_ENV_FILE": mine])
        let records = try JSONSerialization.jsonObject(with: Data(pinned.stdout.utf8)) as? [[String: String]]
        #expect(records == [["key": "MELI_DEFAULT_SITE", "this": "MCO", "other": "MLA"]], "\(pinned.stdout)\(pinned.stderr)")
        let bad = try run("meli-qa", "env", "diff", "stagin")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'stagin' is neither an environment nor an env file"), "\(bad.stderr)")
    }

    @Test func installedLayoutReadsTheFilesBesideTheBinary() throws {
        let prefix = try TemporaryDirectory()
        let version = "\(prefix.path)/lib/meli-qa/9.9.9"
        try FileManager.default.createDirectory(atPath: version + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try BinaryRunner.path(of: "meli-qa"), toPath: version + "/bin/meli-qa")
        try prefix.write("lib/meli-qa/9.9.9/share/meli-qa/Base.env", String(contentsOfFile: repositoryFile("Config/Base.env"), encoding: .utf8))
        try prefix.write("lib/meli-qa/9.9.9/share/meli-qa/QA.env", "#include \"Base.env\"\nMELI_DEFAULT_SITE = MCO\n")
        try FileManager.default.createDirectory(atPath: prefix.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix.path + "/bin/meli-qa", withDestinationPath: "../lib/meli-qa/9.9.9/bin/meli-qa")
        let result = try BinaryRunner.run(prefix.path + "/bin/meli-qa", ["env", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result)
        #expect(object["default_site"] as? String == "MCO")
        #expect((object["env_file"] as? [String: String])?["reason"] == "installed beside the binary")
    }

    @Test func noEnvironmentFileAnywhereSaysWhatToDo() throws {
        let elsewhere = try TemporaryDirectory()
        let copy = elsewhere.path + "/meli"
        try FileManager.default.copyItem(atPath: try BinaryRunner.path(of: "meli"), toPath: copy)
        let result = try BinaryRunner.run(copy, ["env"], environment: environment)
        #expect(result.status == 3)
        // Every place looked at, in order (before: only the one beside the binary).
        let installed = PathName.directory(of: elsewhere.path) + "/share/meli/Prod.env"
        let places = Message.Configuration.lookedPlaces([.Configuration.lookedFlag, .Configuration.lookedVariable, .Configuration.lookedInstalled(path: installed), .Configuration.lookedNoRepository])
        let none = Diagnostic.error(.Configuration.noEnvFileLooked(looked: places), subject: .verbatim("meli"))
        #expect(result.stderr == none.rendered() + "meli: error: " + Message.Reporting.environmentProblemsOne.english + "\n", "\(result.stderr)")
        #expect(result.stderr.contains("\n  --env-file: not given\n  MELI_ENV_FILE: not set\n  \(installed) (installed beside the binary): not there\n"), "\(result.stderr)")
    }
}

/// A file of this repository, found from this source file's place.
func repositoryFile(_ relative: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(relative).path
}
