#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import MeliCore

@Suite("Env file: includes")
struct EnvFileIncludeTests {
    @Test func includeSplicesAtItsPlace() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "A = main-before\n#include \"Base.env\"\nB = main-after\n",
            "Base.env": "A = base\nB = base\nC = base\n",
        ])
        #expect(outcome.values == ["A": "base", "B": "main-after", "C": "base"])
        #expect(outcome.origins["A"] == "Base.env:1")
        #expect(outcome.files == ["Main.env", "Base.env"])
    }

    @Test func pathIsRelativeToTheIncludingFile() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"sub/One.env\"\n",
            "sub/One.env": "#include \"../shared/Two.env\"\nA = $(B)\n",
            "shared/Two.env": "B = two\n",
        ])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["A"] == "two")
        #expect(outcome.files == ["Main.env", "sub/One.env", "shared/Two.env"])
    }

    @Test func optionalIncludeOfAMissingFileIsSkipped() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include? \"Local.env\"\nA = 1\n"])
        #expect(outcome.diagnostics == [])
        #expect(outcome.files == ["Main.env"])
    }

    @Test func optionalIncludeOfAPresentFileIsRead() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "A = 1\n#include? \"Local.env\"\n", "Local.env": "A = local\n",
        ])
        #expect(outcome.values["A"] == "local")
    }

    @Test func optionalIncludeStillReportsErrorsInside() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include? \"Local.env\"\n", "Local.env": "A = 1\noops\n"])
        #expect(outcome.errorPlaces == ["Local.env:2:5"])
    }

    @Test func includeCycleNamesTheChain() throws {
        let outcome = try EnvFileHarness().resolve([
            "QA.env": "#include \"Base.env\"\n", "Base.env": "A = 1\n#include \"QA.env\"\n",
        ], root: "QA.env")
        #expect(outcome.errorPlaces == ["Base.env:2:1"])
        #expect(outcome.errorMessages == [.EnvFile.includeCycle(cycle: "QA.env -> Base.env -> QA.env")])
        #expect(outcome.values["A"] == "1", "the cycle is reported, the rest still read")
    }

    @Test func selfIncludeIsACycle() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include \"./Main.env\"\n"])
        #expect(outcome.errorMessages == [.EnvFile.includeCycle(cycle: "Main.env -> Main.env")])
    }

    @Test func includingADirectoryIsAnError() throws {
        let harness = try EnvFileHarness()
        try harness.directory.write("dir/x.env", "")
        let outcome = try harness.resolve(["Main.env": "#include? \"dir\"\n"])
        #expect(outcome.errorMessages == [.EnvFile.cannotInclude(path: "dir", reason: "it is a directory")])
    }

    @Test func theSameFileMayBeIncludedTwiceWithoutACycle() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"A.env\"\n#include \"A.env\"\n", "A.env": "X = $(inherited)x\n",
        ])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["X"] == "xx")
    }

    @Test func errorsInIncludedFilesNameThatFile() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"Base.env\"\nB = $(\n", "Base.env": "\nC = 1\nA = \"open\n",
        ])
        #expect(Set(outcome.errorPlaces) == ["Base.env:3:5", "Main.env:2:5"])
    }

    // MARK: What an include may read (issue 22, item 8)

    /// An included file whose first line that is not blank or a comment does not parse is not an
    /// environment file (a key, a script, /etc/shadow): one problem at the include, nothing of it
    /// quoted or read.
    @Test func anIncludedFileWhoseFirstLineDoesNotParseIsNotRead() throws {
        let harness = try EnvFileHarness()
        let outcome = try harness.resolve([
            "Main.env": "A = 1\n#include \"key.pem\"\n",
            "key.pem": "// looks like a comment\n\n-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKkP\nB = stolen\n",
        ])
        let reason = Message.EnvFile.notEnvFileFirstLine(line: "3", column: "1")
        #expect(outcome.errors == ["Main.env:2:1: error: \(Message.EnvFile.cannotIncludeNotEnvFile(path: "key.pem", reason: reason))"])
        #expect(outcome.values == ["A": "1"], "nothing of it is read")
        #expect(outcome.files == ["Main.env"])
    }

    /// Bytes that are not text are refused whole, wherever they are.
    @Test(arguments: [
        (Array("A = 1\nB = x\0y\n".utf8), Message.EnvFile.notEnvFileNUL(line: "2")),
        (Array("A = 1\n".utf8) + [0xFF, 0x41] + Array("\n".utf8), Message.EnvFile.notEnvFileEncoding(line: "2")),
    ])
    func anIncludedFileThatIsNotTextIsNotRead(bytes: [UInt8], reason: Message) throws {
        let harness = try EnvFileHarness()
        try harness.directory.write("blob", bytes: bytes)
        let outcome = try harness.resolve(["Main.env": "#include? \"blob\"\nC = 3\n"])
        #expect(outcome.errors == ["Main.env:1:1: error: \(Message.EnvFile.cannotIncludeNotEnvFile(path: "blob", reason: reason))"])
        #expect(outcome.values == ["C": "3"])
    }

    /// A file the user chose is read with every problem, even one on its first line; only what is
    /// not text is refused whole.
    @Test func theChosenFileStillReportsEveryProblem() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "oops\nA = 1\nB\n"])
        #expect(outcome.errorPlaces == ["Main.env:1:5", "Main.env:3:2"])
        #expect(outcome.values == ["A": "1"])
    }

    /// A line of an included file that does not parse is quoted only up to the place of its
    /// problem: the rest may be anything (here, what follows a mistake in a file that is an env
    /// file). The file the user chose is quoted whole: its text is the user's, and the rest of the
    /// line helps to mend it.
    @Test func aLineThatDoesNotParseIsQuotedOnlyUpToItsProblem() throws {
        let harness = try EnvFileHarness()
        let body = "A = 1\nnot a setting hidden-tail-1\nB = \"x\\qhidden-tail-2\"\nC = $(A:lowr)hidden-tail-3\n"
        try harness.directory.write("Included.env", body)
        try harness.directory.write("Main.env", "#include \"Included.env\"\n")
        let loader = EnvFileLoader(displayPath: { PathName.display($0, relativeTo: harness.directory.path) })
        let rendered = loader.load(harness.directory.path + "/Main.env").diagnostics.map { $0.rendered() }
        #expect(rendered.count == 3)
        #expect(rendered.allSatisfy { !$0.contains("hidden-tail") }, "\(rendered)")
        #expect(rendered.first?.split(separator: "\n").dropFirst().first == "not a…", "\(rendered)")
        #expect(rendered.dropFirst().first?.split(separator: "\n").dropFirst().first == "B = \"x\\…", "\(rendered)")

        try harness.directory.write("Chosen.env", body)
        let chosen = loader.load(harness.directory.path + "/Chosen.env").diagnostics.map { $0.rendered() }
        #expect(chosen.count == 3)
        #expect(chosen.first?.split(separator: "\n").dropFirst().first == "not a setting hidden-tail-1", "\(chosen)")
        #expect(chosen.last?.split(separator: "\n").dropFirst().first == "C = $(A:lowr)hidden-tail-3", "\(chosen)")
    }

    /// A file included from outside the folder of the file the user chose (`#include "../x"`, an
    /// absolute path, a link that leads out) may be anything the user can read: a key whose first
    /// line someone made a setting passes the first-line gate, and its lines that do not parse
    /// were quoted up to their problem (a base64 line has no `=`: all of it, and its name twice
    /// more in the message). Now its problems give only their place, `path:line:column: error:`,
    /// with no line, no caret, and messages that hold nothing of its text. A file inside the
    /// folder is still quoted up to the caret.
    @Test func aFileIncludedFromOutsideTheChosenFolderIsNeverQuoted() throws {
        let harness = try EnvFileHarness()
        let body = [
            "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7", "yQszrAtsVz6khwiZo1CB1ga6iIiYS1wS0E+Zvbh7P0Jh9o+R",
            "#secretdirective", "KEY[envv=x] = 1", "KEY[e:nv=x] = 1", "V = \"a\\qsecretescape\"", "W = $(A:secretop)", "X = $(A:up!per)",
            "Y = $(not-a-name)",
        ]
        try harness.directory.write("vault/key.env", "A = 1\n" + body.joined(separator: "\n") + "\n")
        try harness.directory.write("chosen/sub/inside.env", "A = 1\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7\n")
        symlink(harness.directory.path + "/vault/key.env", harness.directory.path + "/chosen/linked.env")
        let loader = EnvFileLoader(displayPath: { PathName.display($0, relativeTo: harness.directory.path) })
        for include in ["../vault/key.env", harness.directory.path + "/vault/key.env", "linked.env"] {
            try harness.directory.write("chosen/Main.env", "#include \"\(include)\"\n")
            let diagnostics = loader.load(harness.directory.path + "/chosen/Main.env").diagnostics
            #expect(diagnostics.count == body.count, "\(include): \(diagnostics.map { $0.rendered() })")
            for diagnostic in diagnostics {
                let rendered = diagnostic.rendered() + diagnostic.rendered(language: .spanish)
                #expect(rendered.split(separator: "\n").count == 2, "one line a language: \(rendered)")
                // An absolute #include is named as written.
                #expect(rendered.hasPrefix("vault/key.env:") || rendered.hasPrefix("chosen/linked.env:")
                    || rendered.hasPrefix(harness.directory.path + "/vault/key.env:"), "\(rendered)")
                for secret in ["MIIE", "yQsz", "secret", "envv", "e:nv", "up!per", "not-a-name", "'+'", "'!'"] {
                    #expect(!rendered.contains(secret), "\(include) showed '\(secret)': \(rendered)")
                }
            }
        }
        // Inside the folder (the project's own Config/Base.env from Dev.env): quoted up to the caret.
        try harness.directory.write("chosen/Main.env", "#include \"sub/inside.env\"\n")
        let inside = loader.load(harness.directory.path + "/chosen/Main.env").diagnostics.map { $0.rendered() }
        #expect(inside.count == 1)
        #expect(inside.first?.split(separator: "\n").dropFirst().first == "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7", "\(inside)")
    }

    /// A line is quoted once, under its problem, never again in the message: `expected '='`
    /// repeated the name (all of a base64 line) twice.
    @Test func aLineIsNeverQuotedTwice() throws {
        let harness = try EnvFileHarness()
        try harness.directory.write("Main.env", "#include \"Inc.env\"\nMIIEvgIBADANBgkqhkiG9w0B\n")
        try harness.directory.write("Inc.env", "A = 1\nMIIEvgIBADANBgkqhkiG9w0B\n")
        let loader = EnvFileLoader(displayPath: { PathName.display($0, relativeTo: harness.directory.path) })
        let rendered = loader.load(harness.directory.path + "/Main.env").diagnostics.map { $0.rendered() }
        #expect(rendered.count == 2)
        for text in rendered {
            #expect(text.components(separatedBy: "MIIEvgIBADANBgkqhkiG9w0B").count == 2, "\(text)")
        }
    }

    /// Files the system makes up as they are read are not read, by any name.
    @Test func filesTheSystemMakesUpAreNotRead() throws {
        let harness = try EnvFileHarness()
        let outcome = try harness.resolve(["Main.env": "A = 1\n#include \"/proc/self/environ\"\n#include \"/sys/kernel/hostname\"\n"])
        #expect(outcome.errorMessages == [.EnvFile.cannotIncludeSystemFile(path: "/proc/self/environ"), .EnvFile.cannotIncludeSystemFile(path: "/sys/kernel/hostname")])
        let root = EnvFileLoader().load("/proc/self/status")
        #expect(root.diagnostics.map(\.text) == [.EnvFile.envFileIsSystemFile])
        #if os(Linux)
        symlink("/proc/self/environ", harness.directory.path + "/environ.env")
        let linked = try harness.resolve(["Main.env": "#include \"environ.env\"\n"])
        #expect(linked.errorMessages == [.EnvFile.cannotIncludeSystemFile(path: "environ.env")])
        #endif
    }
}
