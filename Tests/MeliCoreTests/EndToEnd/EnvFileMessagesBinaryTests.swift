import Foundation
import Testing
@testable import MeliCore

/// What the binaries say about environment files, run as a user runs them from a fresh HOME.
@Suite("Environment file messages end to end")
struct EnvFileMessagesBinaryTests {
    let home: TemporaryDirectory
    let work: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        work = try TemporaryDirectory()
    }

    func run(_ arguments: [String], in directory: String? = nil) throws -> RunResult {
        try BinaryRunner.run("meli-dev", arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"], directory: directory ?? work.path)
    }

    /// An include that cannot be read is the one error, at its line: not followed by "X is not set;
    /// add ... or #include "Base.env"" for every key the file it names would have set.
    @Test(arguments: ["missing", "directory"])
    func anUnreadableIncludeIsTheOneError(kind: String) throws {
        if kind == "directory" { try FileManager.default.createDirectory(atPath: work.path + "/Base.env", withIntermediateDirectories: false) }
        try work.write("Main.env", "#include \"Base.env\"\nMELI_LOG_LEVEL = debug\n")
        let result = try run(["--env-file", "Main.env", "env"])
        #expect(result.status == 3)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Main.env:1:1: error: cannot include 'Base.env': ") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("is not set"), "\(result.stderr)")
        #expect(lines.last == Substring("meli-dev: error: " + Message.Reporting.environmentProblemsOne.english))
    }

    /// `[cpu=z80]`: a warning at the name, once for the file, and the run goes on (before: exit 3).
    @Test func anUnknownConditionIsAWarningAndTheRunGoesOn() throws {
        let dev = repositoryFile("Config/Dev.env")
        try work.write("Main.env", "#include \"\(dev)\"\nMELI_LOG_LEVEL[cpu=z80] = trace\nMELI_DEFAULT_SITE[cpu=z80] = MCO\n")
        let result = try run(["--env-file", "Main.env", "-q", "env", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = try run(["--env-file", "Main.env", "site"])
        let known = SettingCondition.Parameter.names.joined(separator: ", ")
        let warning = "Main.env:2:16: warning: \(Message.EnvFile.unknownCondition(name: "cpu", known: known))\n"
        #expect(plain.stderr.hasPrefix(warning), "\(plain.stderr)")
        #expect(plain.stderr.components(separatedBy: "warning: ").count == 2, "once for the file: \(plain.stderr)")
        #expect(plain.stdout.hasPrefix("MLA\t"), "the [cpu=z80] assignment does not apply: \(plain.stdout)")
    }

    /// A path is shown as the user gave it: an absolute one stays absolute (before: shown relative
    /// to the working directory it was inside), a relative one relative, in errors and in `env`.
    @Test func pathsAreShownAsGiven() throws {
        let dev = repositoryFile("Config/Dev.env")
        try work.write("Main.env", "#include \"\(dev)\"\nMELI_LOG_LEVEL = loud\n")
        let absolute = try run(["--env-file", work.path + "/Main.env", "env"])
        #expect(absolute.status == 3)
        #expect(absolute.stderr.hasPrefix(work.path + "/Main.env:2:18: error: "), "\(absolute.stderr)")
        let variable = try BinaryRunner.run(
            "meli-dev", ["env"], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": work.path + "/Main.env"], directory: work.path)
        #expect(variable.stderr.hasPrefix(work.path + "/Main.env:2:18: error: "), "\(variable.stderr)")
        let relative = try run(["--env-file", "Main.env", "env"])
        #expect(relative.stderr.hasPrefix("Main.env:2:18: error: "), "\(relative.stderr)")
        try work.write("Main.env", "#include \"\(dev)\"\nMELI_LOG_LEVEL = info\n")
        let shown = try run(["--env-file", work.path + "/Main.env", "env"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("log_level\tinfo\t\(work.path)/Main.env:2"), "\(shown.stdout)")
    }
}
