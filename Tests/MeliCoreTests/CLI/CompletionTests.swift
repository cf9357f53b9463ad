import Foundation
import Testing
@testable import MeliCore

/// Completion scripts and the man page, generated from the declarations, as the packages ship them.
@Suite("Completions and man page")
struct CompletionTests {
    let root = Program.root(binary: "meli-qa", environment: .qa)

    /// Runs bash with the generated script loaded and asks it to complete `words` (the last one
    /// being completed); returns the candidates.
    func complete(_ words: [String]) throws -> [String] {
        let dir = try TemporaryDirectory()
        let script = try dir.write("meli-qa.bash", Completions.script("bash", root: root) ?? "")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _meli_qa; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try BinaryRunner.run("/bin/bash", ["--norc", "-c", program], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsSubcommandsOptionsAndValues() throws {
        // Every command the program declares that starts with "se", in its order: a new command
        // that does is completed too, without this line changing.
        let se = root.subcommands.map(\.name).filter { $0.hasPrefix("se") }
        #expect(se.contains("search") && se.contains("self"))
        #expect(try complete(["meli-qa", "se"]) == se)
        #expect(try complete(["meli-qa", "self", ""]) == ["install", "rollback", "uninstall", "update"])
        #expect(try complete(["meli-qa", "auth", "lo"]) == ["login", "logout"])
        #expect(try complete(["meli-qa", "-v", "cache", ""]) == ["info", "clear"])
        #expect(try complete(["meli-qa", "search", "tv", "--sort", ""]) == ["relevance", "price_asc", "price_desc"])
        #expect(try complete(["meli-qa", "--log-level", "d"]) == ["debug"])
        #expect(try complete(["meli-qa", "item", "--no-d"]) == ["--no-description"])
        #expect(try complete(["meli-qa", "auth", "login", "--client-s"]) == ["--client-secret"])
        #expect(try complete(["meli-qa", "completion", "--off"]) == ["--offline"], "global options everywhere")
    }

    @Test(arguments: Completions.shells)
    func everyCommandAndOptionIsInEveryScript(shell: String) throws {
        let script = try #require(Completions.script(shell, root: root))
        for (path, spec) in Completions.commands(root) {
            if let name = path.last { #expect(script.contains(name), "\(shell): \(path)") }
            for option in spec.options { #expect(script.contains(option.long), "\(shell): --\(option.long)") }
        }
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
