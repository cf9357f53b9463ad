import Foundation
import Testing
@testable import MeliCore

/// Env files that would hang, crash or take the memory of the machine (issue 13, "Why") get one
/// clear diagnostic instead; large but sane files are read whole.
@Suite("Env file: limits")
struct EnvFileLimitTests {
    // MARK: What is read

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let harness = try EnvFileHarness()
        try #require(mkfifo(harness.directory.path + "/Main.env", 0o600) == 0)
        let outcome = try harness.resolve([:])
        #expect(outcome.errors == ["Main.env: error: \(Message.EnvFile.envFileNotRegular)"])
    }

    @Test func anIncludedFIFOIsRefusedAtTheInclude() throws {
        let harness = try EnvFileHarness()
        try #require(mkfifo(harness.directory.path + "/Pipe.env", 0o600) == 0)
        let outcome = try harness.resolve(["Main.env": "A = 1\n#include? \"Pipe.env\"\n"])
        #expect(outcome.errorPlaces == ["Main.env:2:1"])
        #expect(outcome.errors.first?.contains("cannot include 'Pipe.env': it is not a regular file") == true)
    }

    @Test func aDeviceIsRefusedNotReadForever() {
        let loaded = EnvFileLoader().load("/dev/zero")
        #expect(loaded.diagnostics.map(EnvFileHarness.short) == ["/dev/zero: error: \(Message.EnvFile.envFileNotRegular)"])
        #expect(loaded.files.isEmpty)
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let bytes = Array("A = 1\n".utf8) + [UInt8](repeating: 0x20, count: EnvFileLimits.maximumFileBytes)
        let outcome = try EnvFileHarness().resolveBytes(bytes)
        #expect(outcome.errors == ["Main.env: error: \(Message.EnvFile.envFileTooLarge(limit: "4 MiB"))"])
        #expect(outcome.files.isEmpty)
    }

    @Test func anIncludeOverTheLimitIsRefusedAtTheInclude() throws {
        let harness = try EnvFileHarness()
        try harness.directory.write("Big.env", bytes: [UInt8](repeating: 0x20, count: EnvFileLimits.maximumFileBytes + 1))
        let outcome = try harness.resolve(["Main.env": "A = 1\n#include \"Big.env\"\n"])
        #expect(outcome.errorPlaces == ["Main.env:2:1"])
        #expect(outcome.values["A"] == "1")
    }

    @Test func filesThatTogetherPassTheTotalAreRefused() throws {
        let harness = try EnvFileHarness()
        let three = EnvFileLimits.maximumFileBytes - 1
        try harness.directory.write("Three.env", bytes: [UInt8](repeating: 0x20, count: three))
        let includes = String(repeating: "#include \"Three.env\"\n", count: EnvFileLimits.maximumTotalBytes / three + 1)
        let outcome = try harness.resolve(["Main.env": includes])
        #expect(!outcome.errors.isEmpty)
        #expect(outcome.errors.allSatisfy { $0.contains("the environment files would come to more than 16 MiB in all") })
        #expect(outcome.files.count < 5)
    }

    // MARK: Includes

    /// Found by fuzzing: `A.env\0/x` opens A.env again under a longer name each time, so no cycle
    /// was seen, and two such includes per file doubled the work at every level (a hang).
    /// Since issue 22 a file holding a NUL byte is not read at all (it is not text); the parser
    /// still refuses the path at its column.
    @Test func aNULInAnIncludePathIsRefusedAtItsColumn() throws {
        let bytes = Array("#include \"Main.env\0/a\"\n#include \"Main.env\0/b\"\nA = 1\n".utf8)
        let parser = EnvFileParser(bytes: bytes, path: "Main.env")
        #expect(parser.diagnostics.map { "\($0.location!)" } == ["Main.env:1:19", "Main.env:2:19"])
        #expect(parser.diagnostics.first?.text == .EnvFile.includePathHasNUL)
        let outcome = try EnvFileHarness().resolveBytes(bytes)
        #expect(outcome.errors == ["Main.env: error: \(Message.EnvFile.envFileNotEnvFile(reason: .EnvFile.notEnvFileNUL(line: "1")))"])
        #expect(outcome.files.isEmpty)
    }

    @Test func fanOutIsBounded() throws {
        // Each file includes the next twice: ten levels would read 2,047 files.
        var files = ["L10.env": "X = $(inherited)x\n"]
        for level in 0..<10 { files["L\(level).env"] = "#include \"L\(level + 1).env\"\n#include \"L\(level + 1).env\"\n" }
        files["Main.env"] = "#include \"L0.env\"\n"
        let outcome = try EnvFileHarness().resolve(files)
        #expect(outcome.files.count == EnvFileLimits.maximumFiles)
        #expect(outcome.errors.count >= 1)
        #expect(outcome.errors.allSatisfy { $0.contains("more than 64 environment files are read in all") })
    }

    @Test func aLinkBackToTheFileIsACycle() throws {
        let harness = try EnvFileHarness()
        try FileManager.default.createSymbolicLink(atPath: harness.directory.path + "/Link.env", withDestinationPath: "Main.env")
        let outcome = try harness.resolve(["Main.env": "A = 1\n#include \"Link.env\"\n"])
        #expect(outcome.errors == ["Main.env:2:1: error: include cycle: Main.env -> Link.env"])
    }

    // MARK: References

    /// 3,000 references, each to the next one down the file: the resolver recursed once per
    /// reference and overflowed the stack.
    @Test func aLongChainOfReferencesIsOneErrorNamingIt() throws {
        let count = 3_000
        let text = (1..<count).map { "R\($0) = $(R\($0 + 1))\n" }.joined() + "R\(count) = end\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errors == [
            "Main.env:64:7: error: references nest deeper than 64: R1 -> R2 -> R3 -> … -> R63 -> R64 -> R65; refer to the value more directly",
        ])
    }

    @Test func pastALimitNothingElseIsReportedAsUndefined() throws {
        let text = (1..<100).map { "R\($0) = $(R\($0 + 1))\n" }.joined() + "R100 = end\nLATER = $(R99)\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errors.count == 1, "\(outcome.errors)")
    }

    @Test func everyInheritedLevelReportsItsOwnProblems() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "X = $(NOPE1)\nX = $(inherited) $(NOPE2)\n"])
        #expect(outcome.errorPlaces == ["Main.env:1:5", "Main.env:2:18"])
    }

    @Test func sixtyFourReferencesDeepStillResolve() throws {
        let depth = EnvFileLimits.maximumReferenceDepth
        let text = (1..<depth).map { "R\($0) = $(R\($0 + 1))\n" }.joined() + "R\(depth) = end\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["R1"] == "end")
    }

    /// Forty assignments that each use the previous value twice: evaluated again for each use,
    /// 2^40 evaluations (gigabytes, then the machine's memory).
    @Test func doublingInheritedValuesStopAtTheExpansionLimit() throws {
        let text = "D = ab\n" + String(repeating: "D = $(inherited)$(inherited)\n", count: 40)
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.contains("D takes the values past 32 MiB in all") == true)
        #expect(outcome.values["D"] == nil)
    }

    @Test func inheritedValuesAreWorkedOutOnceEach() throws {
        // 2^20 × "ab": evaluated once per level this is 4 MB of work; once per use it was 2^21 evaluations.
        let text = "D = ab\n" + String(repeating: "D = $(inherited)$(inherited)\n", count: 20) + "E = $(D)\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["D"]?.utf8.count == 2 << 20)
        #expect(outcome.values["E"] == outcome.values["D"])
    }

    @Test func inheritedReachesBackAtMostSixtyFourAssignments() throws {
        let limit = EnvFileLimits.maximumInheritedDepth
        let fine = try EnvFileHarness().resolve(["Main.env": "K = a\n" + String(repeating: "K = $(inherited)a\n", count: limit)])
        #expect(fine.values["K"] == String(repeating: "a", count: limit + 1))
        let deep = try EnvFileHarness().resolve(["Main.env": "K = a\n" + String(repeating: "K = $(inherited)a\n", count: limit + 1)])
        #expect(deep.errors == [
            "Main.env:66:5: error: $(inherited) reaches back through more than 64 assignments of K (from Main.env:66 back to Main.env:1); assign it fewer times",
        ])
    }

    // MARK: Reports in proportion to the file

    /// 400 KB of `\\q` was 200,000 errors, each quoting the whole line: 80 GB on standard error.
    @Test func aHundredProblemsPerFileThenOneSummary() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "A = \"" + String(repeating: "\\q", count: 200_000) + "\"\n"])
        #expect(outcome.errors.count == EnvFileLimits.maximumDiagnosticsPerFile + 1)
        #expect(outcome.errors.last == "Main.env: error: 199900 more problems in this file are not shown; fix the ones above and run again")
    }

    /// Problems the loader and the resolver find count too: 10,000 includes past the file limit
    /// were 9,936 errors (1.5 MB on standard error), 10,000 undefined references 10,000.
    @Test func includesAndReferencesPastTheLimitAreCountedNotShown() throws {
        let includes = try EnvFileHarness().resolve([
            "Main.env": String(repeating: "#include \"Small.env\"\n", count: 200), "Small.env": "A = 1\n",
        ])
        #expect(includes.errors.count == EnvFileLimits.maximumDiagnosticsPerFile + 1)
        #expect(includes.errors.last == "Main.env: error: \(Message.EnvFile.moreProblems(count: "37"))")
        let references = try EnvFileHarness().resolve(["Main.env": (0..<200).map { "K\($0) = $(NOPE)\n" }.joined()])
        #expect(references.errors.count == EnvFileLimits.maximumDiagnosticsPerFile + 1)
        #expect(references.errorPlaces.prefix(2) == ["Main.env:1:6", "Main.env:2:6"])
        #expect(references.errors.last == "Main.env: error: \(Message.EnvFile.moreProblems(count: "100"))")
    }

    /// Past the limit, warnings alone are summed up in a warning: they do not stop the run.
    @Test func manyWarningsAreSummedUpInAWarning() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": String(repeating: "// note \\\n  more\n", count: 150)])
        #expect(outcome.errors == [])
        // Warnings are read on every command: ten of a file, then one line (EnvFileWarningCountTests).
        #expect(outcome.warnings.count == EnvFileLoader.warningsShownPerFile + 1)
        #expect(outcome.warnings.last == "Main.env: warning: \(Message.EnvFile.moreWarnings(count: "140"))")
    }

    @Test func aLongLineIsQuotedAroundItsColumn() {
        let line = "\t" + String(repeating: "a", count: 1_000) + "^" + String(repeating: "b", count: 1_000)
        let location = SourceLocation(path: "Main.env", line: 1, column: 1_002, sourceLine: line)
        let rendered = Diagnostic(.error, .EnvFile.unterminatedQuote, at: location).rendered().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rendered[1].count == EnvFileLimits.quotedLineWidth + 2)
        #expect(rendered[1].hasPrefix("…a") && rendered[1].hasSuffix("b…"))
        let caret = rendered[2].firstIndex(of: "^")
        #expect(caret.map { rendered[2].distance(from: rendered[2].startIndex, to: $0) } == 81)
        #expect(rendered[1].dropFirst(81).first == "^", "the caret stands under the column")
        let short = SourceLocation(path: "Main.env", line: 1, column: 3, sourceLine: "\tA = \"x")
        #expect(Diagnostic(.error, .EnvFile.unterminatedQuote, at: short).rendered().hasSuffix("\tA = \"x\n\t ^\n"))
    }

    // MARK: Large but sane

    @Test func aOneMegabyteValueIsReadWhole() throws {
        let value = String(repeating: "a", count: 1_000_000)
        let outcome = try EnvFileHarness().resolve(["Main.env": "BIG = \(value)\nREF = <$(BIG)>\n"])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values["BIG"] == value)
        #expect(outcome.values["REF"]?.count == 1_000_002)
    }

    @Test func twentyThousandContinuationLinesMakeOneValue() throws {
        let count = 20_000
        let text = "LONG = start \\\n" + (0..<count).map { "  w\($0) \\\n" }.joined() + "  $(END)\nEND = end\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.diagnostics == [])
        let words = try #require(outcome.values["LONG"]).split(separator: " ")
        #expect(words.count == count + 2)
        #expect(words.last == "end")
        #expect(words[12_345] == "w12344")
    }

    @Test func anErrorDeepInAContinuedValuePointsAtItsPhysicalLine() throws {
        let text = "LONG = start \\\n" + String(repeating: "  w \\\n", count: 5_000) + "  $(oops-name)\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errorPlaces == ["Main.env:5002:3"])
    }

    /// The name rule, checked on bytes for speed, is still `[A-Za-z_][A-Za-z0-9_]*`.
    @Test func settingNameCharactersAreExactlyTheASCIIRule() {
        let candidates: [Character] = (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) } + ["é", "Ω", "١", "٣", "ｱ", "\r\n", "e\u{301}"]
        for c in candidates {
            let ascii = c.unicodeScalars.count == 1 && c.unicodeScalars.first!.isASCII
            let letter = ascii && ("a"..."z").contains(c.lowercased().first!) && c.isLetter
            let digit = ascii && ("0"..."9").contains(c)
            #expect(SettingName.isHead(c) == (c == "_" || letter), "\(c.unicodeScalars.map(\.value))")
            #expect(SettingName.isBody(c) == (c == "_" || letter || digit), "\(c.unicodeScalars.map(\.value))")
        }
    }
}
