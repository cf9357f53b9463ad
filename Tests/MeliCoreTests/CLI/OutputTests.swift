import Foundation
import Testing
@testable import MeliCore

@Suite("Output")
struct OutputTests {
    @Test func jsonKeepsKeyOrderAndIsValid() throws {
        let value = JSONValue.object([
            ("z", .string("a/b \"q\" \n\u{01}")), ("a", .number(30)), ("f", .number(2.5)),
            ("n", .null), ("t", .bool(true)), ("l", .array([])), ("o", .object([])),
        ])
        let text = value.serialized()
        #expect(text.firstRange(of: "\"z\"")!.lowerBound < text.firstRange(of: "\"a\"")!.lowerBound)
        #expect(text.contains("\"a/b \\\"q\\\" \\n\\u0001\""))
        #expect(text.contains("\"a\": 30,"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["z"] as? String == "a/b \"q\" \n\u{01}")
        #expect(parsed?["f"] as? Double == 2.5)
    }

    @Test func tableAlignsOnATerminalAndTabsInAPipe() {
        let table = Table([["a", "long value", "x"], ["longer", "v", ""]])
        #expect(table.aligned() == "a       long value  x\nlonger  v\n")
        #expect(table.tabSeparated() == "a\tlong value\tx\nlonger\tv\t\n")
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (951_782_400.5, "2000-02-29T00:00:00.500Z"),
        (1_795_287_219.344, "2026-11-21T18:53:39.344Z"),
        (-1.0, "1969-12-31T23:59:59.000Z"),
    ])
    func timestamps(seconds: Double, expected: String) {
        #expect(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(TextStyle.decide(isTerminal: true, environment: [:], noColorFlag: false).colored)
        #expect(!TextStyle.decide(isTerminal: false, environment: [:], noColorFlag: false).colored)
        #expect(!TextStyle.decide(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false).colored)
        #expect(!TextStyle.decide(isTerminal: true, environment: ["TERM": "dumb"], noColorFlag: false).colored)
        #expect(!TextStyle.decide(isTerminal: true, environment: [:], noColorFlag: true).colored)
    }

    @Test func loggerWritesAtOrAboveItsLevelAndRedacts() {
        let buffer = OutputBuffer()
        let logger = Logger(
            level: .info, output: buffer.output(), style: .plain, redactor: Redactor(secrets: ["APP_USR-secret"]),
            now: { Date(timeIntervalSince1970: 0) })
        logger.debug("hidden")
        logger.info("token APP_USR-secret used")
        logger.log(.error, "bad")
        #expect(buffer.text == "1970-01-01T00:00:00.000Z info: token <redacted> used\n1970-01-01T00:00:00.000Z error: bad\n")
    }

    /// Log lines quote what servers send (a Location, response headers at trace): their escapes
    /// (retitle the window, move the cursor) never reach the terminal, as in error reports.
    @Test func loggerDropsControlCharactersFromMessages() {
        let buffer = OutputBuffer()
        let logger = Logger(level: .trace, output: buffer.output(), style: .plain, redactor: Redactor(secrets: []), now: { Date(timeIntervalSince1970: 0) })
        logger.trace("x-evil: a\u{1B}[31mred\u{1B}]0;title\u{07} \u{202E}b")
        #expect(buffer.text == "1970-01-01T00:00:00.000Z trace: x-evil: ared b\n", "each escape goes whole")
    }

    @Test func suggestions() {
        #expect(Suggestion.closest(to: "MELI_LOG_LEVL", in: Settings.all.map(\.name)) == "MELI_LOG_LEVEL")
        #expect(Suggestion.closest(to: "jsno", in: ["json", "site"]) == "json")
        #expect(Suggestion.closest(to: "completely", in: ["json", "site"]) == nil)
        #expect(Suggestion.closest(to: "no-desc", in: ["no-description", "json"]) == "no-description")
        #expect(Suggestion.closest(to: "no", in: ["no-description", "no-color"]) == nil, "too short to say")
    }

    @Test func paths() {
        #expect(PathName.normalize("/a/./b/../c//d/") == "/a/c/d")
        #expect(PathName.normalize("../x/./y") == "../x/y")
        #expect(PathName.resolve("../Base.env", against: "/r/Config/sub") == "/r/Config/Base.env")
        #expect(PathName.resolve("/abs.env", against: "/r") == "/abs.env")
        #expect(PathName.display("/r/Config/QA.env", relativeTo: "/r") == "Config/QA.env")
        #expect(PathName.display("/rx/QA.env", relativeTo: "/r") == "/rx/QA.env")
    }
}

@Suite("Error reporter")
struct ErrorReporterTests {
    /// A server's refusal may quote the header it was sent: the token must not reach the screen.
    @Test func secretsQuotedByAServerAreMasked() {
        let err = OutputBuffer()
        var reporter = ErrorReporter(binary: "meli-qa", stderr: err.output(), style: .plain)
        reporter.redactor = Redactor(secrets: ["APP_USR-SECRET-9999"])
        let code = reporter.report(APIError.refused(.item("MLA1"), status: 401, message: "bad token: Bearer APP_USR-SECRET-9999"))
        #expect(code == .authentication)
        #expect(!err.text.contains("APP_USR-SECRET-9999"))
        #expect(err.text.contains("Bearer \(Redactor.mask)"))
    }

    /// An environment file (or its name) may hold escapes: its diagnostics quote both, and neither
    /// may retitle the window or clear the screen; meli's own colours stay on a terminal.
    @Test(arguments: [false, true]) func diagnosticsQuotingAFileCarryNoEscapes(coloured: Bool) {
        let err = OutputBuffer()
        let reporter = ErrorReporter(binary: "meli-dev", stderr: err.output(isTerminal: true), style: TextStyle(colored: coloured))
        let line = "MELI_LOG_LEVEL=\u{1B}]0;pwned\u{07}\u{1B}[2Jbogus\u{202E}"
        let location = SourceLocation(path: "a\u{1B}]0;x\u{07}b.env", line: 1, column: 16, sourceLine: line)
        let code = reporter.report(ConfigurationError(diagnostics: [.error(.Configuration.badSiteID(value: line), at: location)]))
        #expect(code == .configuration)
        let escapes = err.text.unicodeScalars.filter { TerminalText.isUnsafe($0) && $0 != "\n" && $0 != "\u{1B}" }
        #expect(escapes.isEmpty, "\(err.text.debugDescription)")
        #expect(!err.text.contains("\u{1B}]") && !err.text.contains("\u{1B}[2J"), "\(err.text.debugDescription)")
        #expect(err.text.contains("MELI_LOG_LEVEL=bogus\n"), "each escape goes whole")
        #expect(err.text.contains("\u{1B}[") == coloured, "meli's colours only when coloured")
    }
}

@Suite("Server text on the terminal")
struct ServerTextTests {
    static let hostile = "T\u{1B}]0;pwned\u{07} \u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[8mHIDDEN\u{1B}[0m\u{9B}2J\u{202E}x"

    @Test func aViewKeepsColourOnlyWhenItIsColoured() {
        let coloured = TerminalText.cleanView(Self.hostile, keepingColour: true)
        #expect(!coloured.contains("\u{1B}]") && !coloured.contains("\u{07}"), "no window title, no clipboard write")
        #expect(!coloured.contains("\u{1B}[2J") && !coloured.contains("\u{9B}") && !coloured.contains("\u{202E}"))
        #expect(!coloured.contains("\u{1B}[8m"), "a colour escape meli does not write (conceal) is dropped")
        let painted = TextStyle(colored: true).paint("x", .red, bold: true) + TextStyle(colored: true).paint("y", .gray)
        #expect(TerminalText.cleanView(painted + "\u{1B}[38;5;0m\u{0}", keepingColour: true) == painted, "meli's own stay, others go whole")
        let plain = TerminalText.cleanView(Self.hostile, keepingColour: false)
        #expect(!plain.unicodeScalars.contains("\u{1B}"), "piped or --no-color: no escape at all")
        #expect(plain.contains("HIDDEN"))
    }

    @Test func jsonEscapesWhatATerminalActsOn() {
        let text = JSONValue.string("a\u{9B}2J\u{2028}b\u{202E}c").serialized()
        #expect(text == #""a\u009b2J\u2028b\u202ec""#)
    }

    /// A character beyond U+FFFF that is escaped (a tag character: invisible, a format character)
    /// trapped on a five-digit `\u`; it is its UTF-16 surrogate pair, which JSON readers join again.
    @Test func jsonEscapesACharacterBeyondTheBasicPlaneAsASurrogatePair() throws {
        let text = JSONValue.string("tag\u{E0041}x").serialized()
        #expect(text == #""tag\udb40\udc41x""#)
        let read = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
        #expect(read == "tag\u{E0041}x")
    }

    @Test func aLineBreakInACellStaysInItsRow() {
        let out = Table([["MLA1", "iPhone\nMLA666\tFAKE"], ["MLA2", "ok"]]).aligned()
        #expect(out.split(separator: "\n").count == 2)
    }

    @Test func columnsStayAlignedWhenACellCarriesEscapes() {
        // Measured before cleaning, the escape's ESC counted nothing and "[2J" hid up to the next
        // "m", so the second column started in another place on each row.
        let out = TerminalText.cleanView(Table([["MLA1\u{1B}[2J\u{202E}", "x"], ["MLA22", "y"], ["MLA3\u{1B}[1m", "z"]]).aligned())
        #expect(out == "MLA1   x\nMLA22  y\nMLA3\u{1B}[1m   z\n")
    }

    /// Server text loses every escape sequence whole, colours included: a category named
    /// `ESC [ 31 m` cannot turn the terminal red, while meli's own bold title stays.
    @Test func serverTextCannotColourTheTerminal() {
        #expect(TerminalText.clean("a\u{1B}[31mred\u{1B}[0m \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{07} \u{9B}1;2Hz\u{1B}(B.") == "ared link z.")
        let view = ReportView(language: .english, style: TextStyle(colored: true), width: 100, binary: "meli-dev", displayPath: { $0 })
        let child = CategoryRef(id: "MLA2", name: "Kid\u{1B}[31mRED", totalItems: 1)
        let category = Category(id: "MLA1", name: "Top\u{1B}[32mGREEN", path: [child], children: [child], totalItems: 3)
        let shown = TerminalText.cleanView(CategoryReport(category: category).terminal(view), keepingColour: true)
        #expect(!shown.contains("[31m") && !shown.contains("[32m"), "\(shown.debugDescription)")
        #expect(shown.contains("\u{1B}[1mTopGREEN (MLA1)\u{1B}[0m") && shown.contains("KidRED"), "\(shown.debugDescription)")
    }

    /// A tab in a cell would jump to the next tab stop and push the rest of the row out of line.
    @Test func aTabInACellIsASpace() {
        #expect(Table([["MLA1", "a\tb", "x"], ["MLA22", "cc", "y"]]).aligned() == "MLA1   a b  x\nMLA22  cc   y\n")
    }

    @Test func searchCountsOnWithoutOverflowing() {
        #expect(SearchText.sum(.max, 1) == .max)
        #expect(SearchText.sum(40, 20) == 60)
    }
}
