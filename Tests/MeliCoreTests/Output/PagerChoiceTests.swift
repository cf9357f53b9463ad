import Foundation
import Testing
@testable import MeliCore

/// Which pager is chosen, with what environment, and how it is run (gh's and git's rules).
@Suite("Pager choice")
struct PagerChoiceTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["less", "most"] {
            chmod(try folder.write("bin/\(name)", "#!/bin/sh\ncat\n"), 0o755)
        }
        path = folder.path + "/bin"
    }

    @Test func MELI_PAGEROverPAGEROverLess() {
        #expect(PagerChoice.choose(["MELI_PAGER": "most", "PAGER": "less", "PATH": path])?.command == "most")
        #expect(PagerChoice.choose(["PAGER": "most -s", "PATH": path])?.command == "most -s")
        #expect(PagerChoice.choose(["PATH": path])?.command == "less")
        #expect(PagerChoice.choose(["PATH": "/nonexistent"]) == nil, "no pager named and no less: none")
    }

    @Test(arguments: [["MELI_PAGER": ""], ["MELI_PAGER": "cat"], ["MELI_PAGER": " cat "], ["PAGER": ""], ["PAGER": "cat"], ["MELI_PAGER": "", "PAGER": "most"]])
    func emptyOrCatIsNoPager(_ variables: [String: String]) {
        #expect(PagerChoice.choose(variables.merging(["PATH": path]) { $1 }) == nil)
    }

    @Test func lessGetsFRXAndLVOnlyWhenUnset() throws {
        let defaults = try #require(PagerChoice.choose(["PATH": path]))
        #expect(defaults.environment["LESS"] == "FRX")
        #expect(defaults.environment["LV"] == "-c")
        let own = try #require(PagerChoice.choose(["PATH": path, "LESS": "-i", "LV": ""]))
        #expect(own.environment["LESS"] == "-i")
        #expect(own.environment["LV"] == "")
    }

    @Test func oneWordRunsDirectlyWordsAndShellCommandsThroughSh() throws {
        let env = ["PATH": path]
        let single = try #require(PagerChoice(command: "less", environment: env).invocation())
        #expect(single.program == path + "/less")
        #expect(single.arguments.isEmpty)
        let words = try #require(PagerChoice(command: "less -R", environment: env).invocation())
        #expect(words.program == "/bin/sh")
        #expect(words.arguments == ["-c", "less -R"])
        let shell = try #require(PagerChoice(command: "exec 0<&-; true", environment: env).invocation())
        #expect(shell.arguments == ["-c", "exec 0<&-; true"], "the shell's to judge: exec is no program on PATH")
        #expect(PagerChoice(command: "no-such-pager -R", environment: env).invocation() == nil)
        #expect(PagerChoice(command: folder.path + "/bin/most", environment: [:]).invocation()?.program == folder.path + "/bin/most")
    }

    /// A command for the shell whose program is not there is found out before it starts: the
    /// shell would say only "not found", and the output would go with it.
    @Test func aShellCommandWithoutItsProgramIsFoundOutFirst() {
        let env = ["PATH": path]
        for command in ["\"no such pager\"", "no-such-pager | cat", "LESS=X no-such-pager", "less -R; no-such-pager"] {
            #expect(PagerChoice(command: command, environment: env).invocation() == nil, "\(command)")
            #expect(PagerChoice(command: command, environment: env).failure() == .notFound, "\(command)")
        }
        #expect(PagerChoice(command: "LESS=X less -R | less", environment: env).invocation()?.program == "/bin/sh")
        #expect(PagerChoice(command: "'less' '-P|x'", environment: env).invocation()?.program == "/bin/sh")
        for command in ["/etc/passwd", "/tmp", "/etc/passwd -R", "LESS=X /tmp"] {
            #expect(PagerChoice(command: command, environment: env).invocation() == nil, "\(command)")
            #expect(PagerChoice(command: command, environment: env).failure() == .notExecutable, "\(command)")
        }
    }
}
