import Testing
@testable import MeliCore

/// Warnings that are read on every command: a file's once, however often it is included, and at
/// most ten of one file, then one line saying how many more.
@Suite("Env file warnings: once per file, at most ten")
struct EnvFileWarningCountTests {
    @Test func aFileIncludedTwiceWarnsOnce() throws {
        let outcome = try EnvFileHarness().resolve([
            "Main.env": "#include \"Shared.env\"\n#include \"Shared.env\"\n", "Shared.env": "A[cpu=z80] = 1\n",
        ])
        #expect(outcome.warnings.count == 1, "\(outcome.diagnostics)")
    }

    @Test func manyWarningsInOneFileEndInOneLineSayingHowManyMore() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": (1...300).map { "A[zz\($0)=x] = 1\n" }.joined()])
        #expect(outcome.warnings.count == 11, "\(outcome.diagnostics.count)")
        #expect(outcome.warnings.last?.contains("and 290 more warnings in this file, not shown") == true, "\(outcome.warnings.last ?? "")")
    }

    /// `#include "/tmp/x/d.env"` is named as written, not relative to the current directory.
    @Test func anAbsoluteIncludeIsShownAsWritten() throws {
        let other = try TemporaryDirectory()
        try other.write("d.env", "A = 1\nB[cpu=z80] = 2\n")
        let outcome = try EnvFileHarness().resolve(["Main.env": "#include \"\(other.path)/d.env\"\n"])
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasPrefix(other.path + "/d.env:2:") == true, "\(outcome.warnings)")
        // Outside the chosen file's folder its text is not quoted: the message says why no name is shown.
        #expect(outcome.warnings.first?.contains("unknown condition (its name is not shown: the file is outside the folder of the one chosen)") == true,
                "\(outcome.warnings)")
    }
}
