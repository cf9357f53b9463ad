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
        /// A phrase the message must contain.
        var phrase: String
        var testDescription: String { mistake }
    }

    static let cases: [Case] = [
        Case(mistake: "unknown directive", text: "#import \"x\"\n", place: "Main.env:1:1", phrase: "unknown directive '#import'"),
        Case(mistake: "include without quotes", text: "#include Base.env\n", place: "Main.env:1:10", phrase: "quoted path"),
        Case(mistake: "include unterminated", text: "#include \"Base.env\n", place: "Main.env:1:10", phrase: "unterminated path"),
        Case(mistake: "include with trailing text", text: "#include \"B.env\" x\n", place: "Main.env:1:18", phrase: "unexpected text"),
        Case(mistake: "missing =", text: "A 1\n", place: "Main.env:1:3", phrase: "expected '='"),
        Case(mistake: "bad key start", text: "9A = 1\n", place: "Main.env:1:1", phrase: "setting name"),
        Case(mistake: "dash in key", text: "  MELI-SITE = 1\n", place: "Main.env:1:7", phrase: "'-' cannot appear"),
        Case(mistake: "conditional setting", text: "A[sdk=x] = 1\n", place: "Main.env:1:2", phrase: "conditional"),
        Case(mistake: "unterminated quote", text: "A = \"abc\n", place: "Main.env:1:5", phrase: "unterminated quoted value"),
        Case(mistake: "text after closing quote", text: "A = \"abc\" def\n", place: "Main.env:1:11", phrase: "after the closing quote"),
        Case(mistake: "unknown escape", text: "A = \"a\\qb\"\n", place: "Main.env:1:7", phrase: "unknown escape '\\q'"),
        Case(mistake: "unterminated reference", text: "A = $(B\n", place: "Main.env:1:5", phrase: "unterminated reference"),
        Case(mistake: "mismatched brackets", text: "A = $(B}\n", place: "Main.env:1:5", phrase: "unterminated reference"),
        Case(mistake: "operator in reference", text: "B = x\nA = $(B:lower)\n", place: "Main.env:2:5", phrase: "invalid reference"),
        Case(mistake: "undefined reference", text: "A = x $(NOPE_NOT_SET)\n", place: "Main.env:1:7", phrase: "'NOPE_NOT_SET' is not defined"),
        Case(mistake: "self reference", text: "A = $(A)\n", place: "Main.env:1:5", phrase: "reference cycle: A -> A"),
        Case(mistake: "reference cycle", text: "A = $(B)\nB = $(C)\nC = $(A)\n", place: "Main.env:3:5", phrase: "reference cycle: A -> B -> C -> A"),
        Case(mistake: "error on a continued line", text: "A = a \\\n  $(\n", place: "Main.env:2:3", phrase: "unterminated reference"),
        Case(mistake: "missing include", text: "#include \"Nope.env\"\n", place: "Main.env:1:1", phrase: "cannot include 'Nope.env'"),
    ]

    @Test(arguments: cases)
    func diagnostic(_ c: Case) throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": c.text])
        #expect(outcome.errorPlaces == [c.place])
        #expect(outcome.errors.first?.contains(c.phrase) == true, "\(outcome.errors)")
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() throws {
        let bytes = Array("A = 1\nB = caf".utf8) + [0xC3, 0x28] + Array("\nC = 3\n".utf8)
        let outcome = try EnvFileHarness().resolveBytes(bytes)
        #expect(outcome.errorPlaces == ["Main.env:2:8"])
        #expect(outcome.errors[0].contains("invalid UTF-8"))
        #expect(outcome.values == ["A": "1", "C": "3"], "the rest of the file is still read")
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
        let text = Diagnostic.error(.badLogLevel(value: "loud", choices: "trace, debug"), at: location).rendered()
        #expect(text == """
            Config/QA.env:4:18: error: 'loud' is not a log level; use one of: trace, debug
            MELI_LOG_LEVEL = loud
                             ^

            """)
    }

    @Test func caretKeepsTabsSoItLinesUp() {
        let location = SourceLocation(path: "a.env", line: 1, column: 4, sourceLine: "\tA\t= x")
        let lines = Diagnostic.error(.urlNoHost, at: location).rendered().split(separator: "\n")
        #expect(lines[2] == "\t \t^")
    }

    @Test func colouredRenderingOnlyWhenAsked() {
        let location = SourceLocation(path: "a.env", line: 1, column: 1, sourceLine: "x")
        #expect(!Diagnostic.error(.urlNoHost, at: location).rendered(style: .plain).contains("\u{1B}"))
        #expect(Diagnostic.error(.urlNoHost, at: location).rendered(style: TextStyle(colored: true)).contains("\u{1B}[1;31m"))
    }
}
