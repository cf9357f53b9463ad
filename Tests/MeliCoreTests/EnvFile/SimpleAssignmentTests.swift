import Testing
@testable import MeliCore

/// Simple `KEY = value` lines are read from their bytes (`SimpleAssignment`): the parser must give
/// the same statements, problems, secrets and locations as when it reads every line as Characters.
@Suite("Env file: simple lines read from bytes")
struct SimpleAssignmentTests {
    static let files = [
        "MELI_API_BASE_URL = https://api.mercadolibre.com\nMELI_LOG_LEVEL = warning\n",
        "A=1\nB =2\nC= 3\n\tD\t=\t4\t\n  E = five ; \nF = six;// note\nG = a//b // c\nH =\nI = ;\nJ = //x\n",
        "K = x [y] \"z\" \\\\ w\nL_9 = 1//2\n_M = q\\\n  continued\nN = $(A) x\nO = \"quoted\"\n",
        "P[env=dev] = 1\nQ = ok\n#include? \"Nope.env\"\nR = after\nMELI_CLIENT_SECRET = hidden\nS TOKEN = 2\n",
        "T = 1\r\nU = ñ\nV = 2\u{7F}\nW = end\\",
        "9X = bad\nY = fine\n= nothing\nZ == two\nAA = tab\there\n",
        "\u{FEFF}BB = bom\n// comment\n   \nCC = last",
    ]

    static func same(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let fast = EnvFileParser(bytes: bytes, path: "Test.env")
        let slow = EnvFileParser(bytes: bytes, path: "Test.env", readsSimpleLines: false)
        return fast.statements == slow.statements && fast.diagnostics == slow.diagnostics
            && fast.secretTexts == slow.secretTexts && fast.brokenKeys == slow.brokenKeys
            && fast.firstStatementProblem == slow.firstStatementProblem
    }

    @Test(arguments: files)
    func bytesAndCharactersAgree(file: String) {
        #expect(Self.same(file))
        #expect(Self.same(file.replacing(text: "\n", with: "\r\n")))
    }

    @Test func aSimpleLineIsReadFromItsBytes() throws {
        let line = try #require(SourceText(bytes: Array("  KEY_1 =\tvalue ; // why\n".utf8)).lines.first)
        let assignment = try #require(SimpleAssignment.parse(line, path: "A.env", quotesText: true))
        #expect(assignment.key == "KEY_1")
        #expect(assignment.value.literalText == "value")
        #expect(assignment.keyLocation.description == "A.env:1:3")
        #expect(assignment.valueLocation.description == "A.env:1:11")
    }
}
