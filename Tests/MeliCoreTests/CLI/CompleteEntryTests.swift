import Foundation
import Testing
@testable import MeliCore

/// What the hidden `__complete` entry answers, asked of the built binaries as the completion
/// scripts ask them: the words after the binary's name, the last one being completed.
@Suite("__complete answers")
final class CompleteEntryTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    /// One answer: the values (before each tab), the whole lines, the directive and the run.
    struct Answer {
        var values: [String]
        var lines: [String]
        var directive: String
        var run: RunResult
    }

    func complete(_ words: [String], env extra: [String: String] = [:]) throws -> Answer {
        try complete("meli-dev", words, env: extra)
    }

    func complete(_ binary: String, _ words: [String], env extra: [String: String] = [:]) throws -> Answer {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
        let run = try BinaryRunner.run(binary, [CompleteCommand.entry] + words, environment: env)
        var lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let directive = lines.popLast() ?? ""
        #expect(run.status == 0, "\(words): \(run.stderr)")
        #expect(run.stderr == "", "\(words): nothing on standard error")
        return Answer(values: lines.map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }, lines: lines, directive: directive, run: run)
    }

    let root = Program.root(binary: "meli-dev", environment: .dev)

    @Test func commandsOptionsAndChoicesComeFromTheDeclarations() throws {
        #expect(try complete([""]).values == root.subcommands.map(\.name))
        #expect(try complete([]).values == root.subcommands.map(\.name), "no word at all: the first one")
        #expect(try complete(["se"]).values == ["search", "self"])
        #expect(try complete(["self", ""]).values == root.subcommand(named: "self")!.subcommands.map(\.name))
        #expect(try complete(["-v", "cache", ""]).values == ["info", "clear"])
        #expect(try complete(["auth", "lo"]).values == ["login", "logout"])
        #expect(try complete(["completion", ""]).values == Completions.shells)
        #expect(try complete(["--log-level", "d"]).values == ["debug"])
        #expect(try complete(["--log-level=d"]).values == ["--log-level=debug"])
        #expect(try complete(["item", "--no-d"]).values == ["--no-description"])
        #expect(try complete(["auth", "login", "--client-s"]).values == ["--client-secret"])
        #expect(try complete(["completion", "--off"]).values == ["--offline"], "global options everywhere")
        #expect(try complete(["search", "x", "--limit", "5", "--li"]).values == [], "given once, not offered again")
        #expect(try complete(["-v", "--verb"]).values == ["--verbose"], "a counter may come again")
        #expect(try complete(["search", "x", "--filter", "a=1", "--fil"]).values == ["--filter"], "and so may a repeatable one")
        #expect(try complete(["help", "auth", ""]).values == root.subcommand(named: "auth")!.subcommands.map(\.name))
        #expect(try complete(["env", "--explain", "MELI_LOG"]).values == ["MELI_LOG_LEVEL"])

        let fields = try complete(["item", "--json=id,ti"])
        #expect(fields.values == ["--json=id,title"])
        #expect(fields.directive == ":6", "no space after a field, nor file names")
        let environments = try complete(["env", "diff", ""])
        #expect(environments.values == EnvironmentName.allCases.map(\.rawValue))
        #expect(environments.directive == ":0", "no name matches: the shell completes a path")
        #expect(try complete(["--env-file", "Con"]).lines == [], "a path: the shell's own file completion")
        #expect(try complete(["--env-file", "Con"]).directive == ":0")
        #expect(try complete(["search", ""]).directive == ":4", "a query: nothing, not even file names")
    }

    @Test func descriptionsAreInTheUsersLanguage() throws {
        let search = root.subcommand(named: "search")!
        #expect(try complete(["sea"]).lines == ["search\t" + search.summary.english])
        #expect(try complete(["sea"], env: ["MELI_LANG": "es"]).lines == ["search\t" + search.summary.spanish])
        let env = Message.Completion.environment(binary: "meli-qa", file: "QA.env")
        #expect(try complete(["env", "diff", "q"], env: ["MELI_LANG": "es"]).lines == ["qa\t" + env.spanish])
    }

    @Test func theEntryIsHiddenFromHelpTheManualAndTheCommandsOffered() throws {
        let env = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        for arguments in [["help"], ["--help"], ["help", "--man"]] {
            let shown = try BinaryRunner.run("meli-dev", arguments, environment: env)
            #expect(shown.status == 0)
            #expect(!shown.stdout.contains("__complete"), "\(arguments)")
        }
        #expect(try complete(["_"]).values == [])
        #expect(!(try complete([""]).values.contains(CompleteCommand.entry)))
    }

    @Test(arguments: [
        ["bogus", ""], ["search", "--bogus=x"], ["--site=M"], ["item", "--no-description="], ["self", "bogus", "--pre"],
        ["help", "bogus", ""],
    ])
    func badInputGivesNoCandidatesAndExitsZero(words: [String]) throws {
        let answer = try complete(words)
        #expect(answer.run.stdout == ":4\n", "\(words)")
    }

    @Test func anEnvironmentThatDoesNotResolveStillCompletesQuietly() throws {
        let broken = try complete(["--env-file", "/nonexistent/Broken.env", "search", "--site", ""])
        #expect(broken.values == KnownSites.all.keys.sorted(), "the sites meli knows, without the sandbox")
        #expect(try complete(["--env-file", "/nonexistent/Broken.env", "se"]).values == ["search", "self"])
    }

    @Test func theEnvFileOnTheLineChoosesTheCatalog() throws {
        // meli-qa knows 20 sites without asking; pointed at the sandbox by --env-file, the sandbox's.
        let file = try home.write("Sandbox.env", "#include \"\(repositoryFile("Config/QA.env"))\"\nMELI_API_BASE_URL = sandbox://\n")
        let sandbox = ["MCO", "MLA", "MLB"]
        #expect(try complete("meli-qa", ["search", "--site", ""]).values == KnownSites.all.keys.sorted())
        #expect(try Set(complete("meli-qa", ["--env-file", file, "search", "--site", ""]).values) == Set(sandbox))
        #expect(try Set(complete("meli-qa", ["search", "--env-file=\(file)", "--site", ""]).values) == Set(sandbox))
        #expect(try Set(complete("meli-qa", ["search", "--site", ""], env: ["MELI_ENV_FILE": file]).values) == Set(sandbox))
    }
}
