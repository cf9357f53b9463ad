import Testing
@testable import MeliCore

/// Each kind of mistake, with the place it must be reported at.
@Suite("Env file: diagnostics")
struct EnvFileDiagnosticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var mistake: String
        var text: String
        /// `file:line:column` expected for the single error.
        var place: String
        /// What the error says (`Reported.any` standing for the system's words).
        var message: Message
        var testDescription: String { mistake }
    }

    static let cases: [Case] = [
        Case(mistake: "unknown directive", text: "#import \"x\"\n", place: "Main.env:1:1", message: .EnvFile.unknownDirective(directive: "import")),
        Case(mistake: "include without quotes", text: "#include Base.env\n", place: "Main.env:1:10", message: .EnvFile.expectedIncludePath(directive: "include")),
        Case(mistake: "include unterminated", text: "#include \"Base.env\n", place: "Main.env:1:10", message: .EnvFile.unterminatedPath),
        Case(mistake: "include with trailing text", text: "#include \"B.env\" x\n", place: "Main.env:1:18", message: .EnvFile.unexpectedAfterPath),
        Case(mistake: "missing =", text: "A 1\n", place: "Main.env:1:3", message: .EnvFile.expectedEquals),
        Case(mistake: "bad key start", text: "9A = 1\n", place: "Main.env:1:1", message: .EnvFile.expectedSettingName),
        Case(mistake: "dash in key", text: "  MELI-SITE = 1\n", place: "Main.env:1:7", message: .EnvFile.invalidNameCharacter(character: "-")),
        Case(mistake: "condition without =", text: "A[env] = 1\n", place: "Main.env:1:6", message: .EnvFile.expectedConditionEquals(name: "env")),
        Case(mistake: "unterminated condition", text: "A[env=dev = 1\n", place: "Main.env:1:2", message: .EnvFile.unterminatedCondition),
        Case(mistake: "unknown operator", text: "B = x\nA = $(B:lowr)\n", place: "Main.env:2:9", message: .EnvFile.unknownOperatorSuggestion(name: "lowr", suggestion: "lower")),
        Case(mistake: "unknown replacement operator", text: "B = x\nA = $(B:defalt=1)\n", place: "Main.env:2:9", message: .EnvFile.unknownOperatorSuggestion(name: "defalt", suggestion: "default")),
        Case(mistake: "operand holding ':'", text: "A = $(B:default=https://x)\n", place: "Main.env:1:23", message: .EnvFile.invalidOperatorCharacter(character: "/")),
        Case(mistake: "missing operator name", text: "B = x\nA = $(B:)\n", place: "Main.env:2:9", message: .EnvFile.missingOperatorName),
        Case(mistake: "undefined computed name", text: "B = x\nA = $(C_$(B))\n", place: "Main.env:2:5", message: .EnvFile.undefinedReference(name: "C_x")),
        Case(mistake: "unterminated quote", text: "A = \"abc\n", place: "Main.env:1:5", message: .EnvFile.unterminatedQuote),
        Case(mistake: "text after closing quote", text: "A = \"abc\" def\n", place: "Main.env:1:11", message: .EnvFile.unexpectedAfterQuote),
        Case(mistake: "unknown escape", text: "A = \"a\\qb\"\n", place: "Main.env:1:7", message: .EnvFile.unknownEscape(escape: "\\q")),
        Case(mistake: "unterminated reference", text: "A = $(B\n", place: "Main.env:1:5", message: .EnvFile.unterminatedReference(reference: "(", close: ")")),
        Case(mistake: "mismatched brackets", text: "A = $(B}\n", place: "Main.env:1:5", message: .EnvFile.unterminatedReference(reference: "(", close: ")")),
        Case(mistake: "operator without a name", text: "A = $(:lower)\n", place: "Main.env:1:5", message: .EnvFile.invalidReference(reference: "$(:lower)")),
        Case(mistake: "undefined reference", text: "A = x $(NOPE_NOT_SET)\n", place: "Main.env:1:7", message: .EnvFile.undefinedReference(name: "NOPE_NOT_SET")),
        Case(mistake: "reference cycle", text: "A = $(B)\nB = $(C)\nC = $(A)\n", place: "Main.env:3:5", message: .EnvFile.referenceCycle(cycle: "A -> B -> C -> A")),
        Case(mistake: "error on a continued line", text: "A = a \\\n  $(\n", place: "Main.env:2:3", message: .EnvFile.unterminatedReference(reference: "(", close: ")")),
        Case(mistake: "missing include", text: "#include \"Nope.env\"\n", place: "Main.env:1:1", message: .EnvFile.cannotIncludeMissing(path: "Nope.env", reason: Reported.any)),
    ]

    @Test(arguments: cases)
    func diagnostic(_ c: Case) throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": c.text])
        #expect(outcome.errorPlaces == [c.place])
        #expect(outcome.errorMessages.count == 1 && Reported.matches(outcome.errorMessages[0].english, c.message.english), "\(outcome.errors)")
    }

    /// A file that is not UTF-8 is not read at all (issue 22: a binary file reached by `#include`
    /// had each of its lines quoted); the problem names its first bad line, and quotes nothing.
    @Test func invalidUTF8IsReportedAtItsLineAndNothingIsRead() throws {
        let bytes = Array("A = 1\nB = caf".utf8) + [0xC3, 0x28] + Array("\nC = 3\n".utf8)
        let outcome = try EnvFileHarness().resolveBytes(bytes)
        #expect(outcome.errors == ["Main.env: error: \(Message.EnvFile.envFileNotEnvFile(reason: .EnvFile.notEnvFileEncoding(line: "2")))"])
        #expect(outcome.values == [:])
        let parser = EnvFileParser(bytes: bytes, path: "Main.env")
        #expect(parser.diagnostics.map { "\($0.location!)" } == ["Main.env:2:8"], "the parser still points at the bad byte")
    }

    @Test func everyProblemIsReportedNotJustTheFirst() throws {
        let text = "A 1\nB = \"x\n#nope\nC = $(D\nE = ok\n"
        let outcome = try EnvFileHarness().resolve(["Main.env": text])
        #expect(outcome.errorPlaces == ["Main.env:1:3", "Main.env:2:5", "Main.env:3:1", "Main.env:4:5"])
        #expect(outcome.values == ["E": "ok"])
    }

    @Test func aCommentEndingInBackslashWarns() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "// note \\\nA = 1\nB = 2\n"])
        #expect(outcome.warnings.count == 1)
        #expect(outcome.values == ["B": "2"], "the continued comment swallows the next line, as in C")
    }

    @Test func renderingShowsTheLineAndACaretUnderTheColumn() {
        let location = SourceLocation(path: "Config/QA.env", line: 4, column: 18, sourceLine: "MELI_LOG_LEVEL = loud")
        let text = Diagnostic.error(.Configuration.badLogLevel(value: "loud", choices: "trace, debug"), at: location).rendered()
        #expect(text == """
            Config/QA.env:4:18: error: 'loud' is not a log level; use one of: trace, debug
            MELI_LOG_LEVEL = loud
                             ^

            """)
    }

    @Test func caretKeepsTabsSoItLinesUp() {
        let location = SourceLocation(path: "a.env", line: 1, column: 4, sourceLine: "\tA\t= x")
        let lines = Diagnostic.error(.Configuration.urlNoHost, at: location).rendered().split(separator: "\n")
        #expect(lines[2] == "\t \t^")
    }

    @Test func colouredRenderingOnlyWhenAsked() {
        let location = SourceLocation(path: "a.env", line: 1, column: 1, sourceLine: "x")
        #expect(!Diagnostic.error(.Configuration.urlNoHost, at: location).rendered(style: .plain).contains("\u{1B}"))
        #expect(Diagnostic.error(.Configuration.urlNoHost, at: location).rendered(style: TextStyle(colored: true)).contains("\u{1B}[1;31m"))
    }
}
