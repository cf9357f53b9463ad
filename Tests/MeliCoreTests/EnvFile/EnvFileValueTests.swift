import Testing
@testable import MeliCore

/// Each rule of the format (Config/README.md): an input and the value it gives.
@Suite("Env file: values")
struct EnvFileValueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var text: String
        var key: String
        var expected: String
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(rule: "spaces around = are optional", text: "A=1\n", key: "A", expected: "1"),
        Case(rule: "value is trimmed", text: "A =    hello world   \n", key: "A", expected: "hello world"),
        Case(rule: "one trailing ; is dropped", text: "A = x;;\n", key: "A", expected: "x;"),
        Case(rule: "trailing ; and spaces", text: "A = x ; \n", key: "A", expected: "x"),
        Case(rule: "empty value", text: "A =\n", key: "A", expected: ""),
        Case(rule: "underscore and digits in keys", text: "_A9_b = v\n", key: "_A9_b", expected: "v"),
        Case(rule: "https:// is not a comment", text: "A = https://api.mercadolibre.com\n", key: "A", expected: "https://api.mercadolibre.com"),
        Case(rule: "comment after white space", text: "A = value // a comment\n", key: "A", expected: "value"),
        Case(rule: "comment right after =", text: "A = // only a comment\n", key: "A", expected: ""),
        Case(rule: "xcconfig's https:/$()/ workaround", text: "A = https:/$()/host\n", key: "A", expected: "https://host"),
        Case(rule: "quotes are removed", text: "A = \"  padded  \"\n", key: "A", expected: "  padded  "),
        Case(rule: "// inside quotes is text", text: "A = \"a // b\"\n", key: "A", expected: "a // b"),
        Case(rule: "escapes inside quotes", text: #"A = "q\" b\\ n\n t\t""# + "\n", key: "A", expected: "q\" b\\ n\n t\t"),
        Case(rule: "quoted value then ; and comment", text: "A = \"x\"; // c\n", key: "A", expected: "x"),
        Case(rule: "backslashes outside quotes are literal", text: #"A = C:\temp"# + "\n", key: "A", expected: #"C:\temp"#),
        Case(rule: "quotes not around the whole value stay", text: "A = say \"hi\"\n", key: "A", expected: "say \"hi\""),
        Case(rule: "continuation joins with one space", text: "A = one \\\n    two\n", key: "A", expected: "one two"),
        Case(rule: "continuation over three lines", text: "A = a\\\nb\\\nc\n", key: "A", expected: "a b c"),
        Case(rule: "$$ is a literal $", text: "A = $$(HOME) costs $$5\n", key: "A", expected: "$(HOME) costs $5"),
        Case(rule: "lone $ is literal", text: "A = US$ 12\n", key: "A", expected: "US$ 12"),
        Case(rule: "$(NAME) substitutes", text: "B = x\nA = [$(B)]\n", key: "A", expected: "[x]"),
        Case(rule: "${NAME} substitutes", text: "B = x\nA = [${B}]\n", key: "A", expected: "[x]"),
        Case(rule: "substitution inside quotes", text: "B = x\nA = \"<$(B)>\"\n", key: "A", expected: "<x>"),
        Case(rule: "lazy: reference before definition", text: "B = $(A)\nA = 1\n", key: "B", expected: "1"),
        Case(rule: "lazy: sees the final value", text: "A = 1\nB = $(A)\nA = 2\n", key: "B", expected: "2"),
        Case(rule: "later assignments win", text: "A = 1\nA = 2\n", key: "A", expected: "2"),
        Case(rule: "$(inherited) is the previous value", text: "A = a\nA = $(inherited) b\nA = $(inherited) c\n", key: "A", expected: "a b c"),
        Case(rule: "$(inherited) of a first assignment is empty", text: "A = [$(inherited)]\n", key: "A", expected: "[]"),
        Case(rule: "chained references", text: "A = $(B)$(C)\nB = $(C)-\nC = c\n", key: "A", expected: "c-c"),
        Case(rule: "comment lines and blank lines", text: "// header\n\n   // indented\nA = 1\n", key: "A", expected: "1"),
        Case(rule: "CRLF line ends", text: "A = 1\r\nB = two words\r\n", key: "B", expected: "two words"),
        Case(rule: "CRLF with continuation", text: "A = a \\\r\n b\r\n", key: "A", expected: "a b"),
        Case(rule: "no newline at end of file", text: "A = last", key: "A", expected: "last"),
        Case(rule: "UTF-8 text", text: "A = Bogotá — São Paulo\n", key: "A", expected: "Bogotá — São Paulo"),
        Case(rule: "tabs as white space", text: "A\t=\tv\t\n", key: "A", expected: "v"),
    ]

    @Test(arguments: cases)
    func value(_ c: Case) throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": c.text])
        #expect(outcome.diagnostics == [])
        #expect(outcome.values[c.key] == c.expected)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let outcome = try EnvFileHarness().resolveBytes([0xEF, 0xBB, 0xBF] + Array("A = 1\r\n".utf8))
        #expect(outcome.diagnostics == [])
        #expect(outcome.values == ["A": "1"])
    }

    @Test func undefinedInFilesFallsBackToProcessEnvironment() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "A = $(HOME)/x\n"], environment: ["HOME": "/home/ana"])
        #expect(outcome.values["A"] == "/home/ana/x")
    }

    @Test func filesWinOverProcessEnvironmentForReferences() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "HOME = /file\nA = $(HOME)\n"], environment: ["HOME": "/env"])
        #expect(outcome.values["A"] == "/file")
    }

    @Test func meliOverridesAreWhatReferencesSee() throws {
        let outcome = try EnvFileHarness().resolve(
            ["Main.env": "MELI_X = file\nA = $(MELI_X)\n"], environment: ["MELI_X": "env"])
        #expect(outcome.values["A"] == "env")
        #expect(outcome.values["MELI_X"] == "env")
        #expect(outcome.origins["MELI_X"] == "MELI_X")
    }

    @Test func originIsTheWinningAssignment() throws {
        let outcome = try EnvFileHarness().resolve(["Main.env": "A = 1\n\nA = 2\n"])
        #expect(outcome.origins["A"] == "Main.env:3")
    }
}
