import Foundation
import Testing
@testable import MeliCore

/// Completion scripts and the man page, generated from the declarations, as the packages ship them.
@Suite("Completions and man page")
struct CompletionTests {
    let root = Program.root(binary: "meli-qa", environment: .qa)

    /// Every command and option the program declares is offered where it is valid: the scripts
    /// hold none of them, they ask `__complete` (the shells' own tests: `ShellCompletionTests`).
    @Test func everyCommandAndOptionIsOffered() throws {
        let env = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        func values(_ words: [String]) throws -> Set<String> {
            let run = try BinaryRunner.run("meli-qa", [CompleteCommand.entry] + words, environment: env)
            #expect(run.status == 0 && run.stderr == "")
            return Set(run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
        }
        for (path, spec) in Completions.commands(root) {
            let offered = try values(path + ["-"])
            for option in spec.options + root.options { #expect(offered.contains("--" + option.long), "\(path): --\(option.long)") }
            if !spec.subcommands.isEmpty { #expect(try values(path + [""]) == Set(spec.subcommands.map(\.name) + [":4"]), "\(path)") }
        }
    }

    @Test(arguments: Completions.shells)
    func eachBinarysScriptRegistersForThatBinaryAlone(shell: String) throws {
        for binary in ["meli", "meli-qa", "meli-dev"] {
            let script = try #require(Completions.script(shell, root: Program.root(binary: binary, environment: .qa)))
            let others = ["meli", "meli-qa", "meli-dev"].filter { $0 != binary }
            let registers = script.split(separator: "\n").filter { $0.hasPrefix("complete ") || $0.hasPrefix("    compdef ") || $0.hasPrefix("#compdef") }
            #expect(!registers.isEmpty)
            for line in registers {
                let words = line.split(separator: " ").map(String.init)
                #expect(words.contains(binary), "\(shell): \(line)")
                #expect(others.allSatisfy { !words.contains($0) }, "\(shell): \(line)")
            }
        }
    }

    /// macOS's bash is 3.2: the bash script passes the lint of what 3.2 lacks, and shellcheck.
    @Test func theBashScriptIsForBash32AndShellcheckClean() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("meli-qa.bash", try #require(Completions.script("bash", root: root)))
        let lint = try BinaryRunner.run(repositoryFile("Tests/scripts/bsd-path/lint"), [script], environment: ["PATH": "/usr/bin:/bin"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let shellcheck = try BinaryRunner.run(try Shells.path("shellcheck"), ["-s", "bash", script], environment: ["PATH": "/usr/bin:/bin"])
        #expect(shellcheck.status == 0, "\(shellcheck.stdout)")
    }

    @Test func theManPageHasEveryCommandOptionSettingAndExitCode() {
        let page = ManPage.render(root: root, environment: .qa, build: BuildInfo(version: "1.2.3", commit: "abc1234", date: "2026-11-21T10:00:00Z"))
        #expect(page.hasPrefix(".TH MELI\\-QA 1 \"2026-11-21\" \"meli\\-qa 1.2.3\" \"User Commands\"\n"))
        for (path, _) in Completions.commands(root).dropFirst() {
            #expect(page.contains(ManPage.escape((["meli-qa"] + path).joined(separator: " "))), "\(path)")
        }
        for option in root.options { #expect(page.contains(ManPage.escape("--" + option.long))) }
        // Every setting meli-qa reads: its own feed key, not the other environments' (which it ignores).
        let others = Set(EnvironmentName.allCases.filter { $0 != .qa }.map(\.updateFeedKey))
        for key in Settings.all where !others.contains(key.name) { #expect(page.contains(ManPage.escape(key.name))) }
        for key in others { #expect(!page.contains(ManPage.escape(key)), "\(key)") }
        #expect(page.contains(ManPage.escape(EnvironmentName.qa.updateFeedKey)))
        for code in ExitCode.allCases { #expect(page.contains(".B \(code.rawValue)\n")) }
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") }, "no line is taken for a roff request")
    }

    @Test func theBinariesPrintThemWithoutAnEnvironment() throws {
        let env = ["HOME": "/nonexistent", "MELI_ENV_FILE": "/nonexistent/QA.env"]
        let bash = try BinaryRunner.run("meli-qa", ["completion", "bash"], environment: env)
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("complete -F _meli_qa meli-qa"))
        let man = try BinaryRunner.run("meli", ["help", "--man"], environment: env)
        #expect(man.status == 0)
        #expect(man.stdout.hasPrefix(".TH MELI 1 "))
        let bad = try BinaryRunner.run("meli-qa", ["completion", "tcsh"], environment: env)
        #expect(bad.status == 2)
        let badShell = UsageError(.Usage.badShell(value: "tcsh", choices: Completions.shells.joined(separator: ", ")), commandPath: ["completion"])
        #expect(bad.stderr == Reported.stderr(badShell, binary: "meli-qa"))
        let manWithCommand = try BinaryRunner.run("meli-qa", ["help", "--man", "env"], environment: env)
        #expect(manWithCommand.status == 2, "the page is the whole program's; a command after --man is not ignored")
        #expect(manWithCommand.stderr == Reported.stderr(UsageError(.Usage.unexpectedArgument(argument: "env"), commandPath: ["help"]), binary: "meli-qa"))
    }
}
