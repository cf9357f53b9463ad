import Foundation
import Synchronization
import Testing
@testable import MeliCore

/// `item -` and `category -`: ids read from standard input, against the sandbox, in process.
@Suite("Ids on standard input")
struct StandardInputIDsTests {
    let run: InProcessRun

    init() throws {
        run = try InProcessRun()
    }

    /// Blank lines and spaces skipped, ids in either case, each answered in turn; piped, each
    /// answer's lines as `item ID` gives them, in the input's order.
    @Test func pipedEachAnswerInTurn() async throws {
        let one = await run(["item", "MLA1400000237", "--no-description"], terminal: false)
        let two = await run(["item", "MLA1400000785", "--no-description"], terminal: false)
        let result = await run(["item", "-", "--no-description"], terminal: false, stdin: "\n  mla1400000237 \r\n\n\tMLA1400000785")
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out == one.out + two.out)
        #expect(result.err.isEmpty)
    }

    /// What `search` prints piped feeds `item -` as it is: each line's first field is its id; a
    /// byte order mark before the first line is not part of it.
    @Test func searchLinesFeedItemAsTheyAre() async throws {
        let search = await run(["search", "iphone", "--site", "MLA"], terminal: false)
        #expect(search.code == .success)
        let ids = search.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(ids.count > 1)
        let byID = await run(["item", "-", "--json=id"], terminal: false, stdin: "\u{FEFF}" + search.out)
        #expect(byID.code == .success, "\(byID.err)")
        #expect(byID.out == "[\n" + ids.map { "  {\n    \"id\": \"\($0)\"\n  }" }.joined(separator: ",\n") + "\n]\n", "\(byID.out)")
        #expect(StandardInputIDs.firstField("  MLA1\tApple iPhone\t1958999\tARS ") == "MLA1")
    }

    @Test func onATerminalAnswersAreSeparatedByABlankLine() async throws {
        let one = await run(["category", "MLA1051"])
        let two = await run(["category", "MLB1051"])
        let result = await run(["category", "-"], stdin: "MLA1051\nMLB1051\n")
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out == one.out + "\n" + two.out)
    }

    /// With `--json`, one array of the answers (only those found), whatever the count.
    @Test func jsonIsOneArray() async throws {
        let result = await run(["item", "-", "--json=id,price"], terminal: false, stdin: "MLA1400000237\nMLA1\nMLA1400000785\n")
        #expect(result.code == .notFound)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(array.map { $0["id"] as? String } == ["MLA1400000237", "MLA1400000785"])
        #expect(array.allSatisfy { Set($0.keys) == ["id", "price"] })
        let whole = await run(["category", "-", "--json"], terminal: false, stdin: "MLA1051\n")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(whole.out.utf8)) as? [[String: Any]])
        #expect(objects.count == 1 && objects[0]["children_categories"] != nil)
        let none = await run(["item", "-", "--json"], terminal: false, stdin: "\n \n")
        #expect(none.code == .success && none.out == "[]\n", "no ids: nothing to answer, an empty array")
    }

    /// Each id without an answer is an error naming its line and the id, control characters
    /// dropped; the others are answered; the exit code is the worst (a line that is no id, 2,
    /// over one that was not found, 5).
    @Test func errorsPerIDAndTheWorstExitCode() async throws {
        let result = await run(["item", "-", "--no-description"], terminal: false, stdin: "MLA1\nMLA1400000237\nxx\u{1B}[31mred\n")
        #expect(result.code == .usage)
        #expect(result.out.hasPrefix("id\tMLA1400000237\n"))
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.err)")
        #expect(lines.first == "meli-dev: error: " + Message.StandardInput.atLine(1, id: "MLA1", problem: .API.notFound(resource: .API.resourceItem(item: "MLA1"))).english)
        #expect(lines.last == "meli-dev: error: " + Message.StandardInput.atLine(3, id: "xx[31mred", problem: .Catalog.badItemID(value: "xx[31mred")).english)
        #expect(!result.err.contains("\u{1B}"))
        let missing = await run(["category", "-"], terminal: false, stdin: "MLA1051\nMLA999\n")
        #expect(missing.code == .notFound)
    }

    /// `-` is the only id: another beside it is a usage error, as for two ids.
    @Test func dashWithAnotherIDIsAUsageError() async {
        let result = await run(["item", "-", "MLA1400000237"], terminal: false, stdin: "MLA1400000237\n")
        #expect(result.code == .usage)
        #expect(result.out.isEmpty)
    }

    /// `--web` opens one page: with `-` it is a usage error, and nothing is read or opened.
    @Test(arguments: ["item", "category"])
    func webWithDashIsAUsageError(command: String) async {
        let result = await run([command, "-", "--web"], terminal: false, environment: ["BROWSER": "/bin/false"], stdin: "MLA1051\n")
        #expect(result.code == .usage)
        #expect(result.err.contains(Message.StandardInput.webWithDash.english), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    /// Bounded: more ids than the limit, or a line longer than any id, is a usage error before any
    /// request (nothing printed).
    @Test func boundedInputIsAUsageErrorBeforeAnyRequest() async throws {
        let many = String(repeating: "MLA1400000237\n", count: StandardInputIDs.maximumIDs + 1)
        let tooMany = await run(["item", "-"], terminal: false, stdin: many)
        #expect(tooMany.code == .usage)
        #expect(tooMany.out.isEmpty)
        #expect(tooMany.err.contains(Message.StandardInput.tooManyIDs(limit: StandardInputIDs.maximumIDs).english))
        let long = "MLA1400000237\n\n" + String(repeating: "1", count: StandardInputIDs.maximumLineBytes + 1) + "\n"
        let tooLong = await run(["item", "-"], terminal: false, stdin: long)
        #expect(tooLong.code == .usage)
        #expect(tooLong.out.isEmpty)
        #expect(tooLong.err.contains(Message.StandardInput.lineTooLong(line: 3, limit: StandardInputIDs.maximumLineBytes).english))
        let blank = String(repeating: " \n", count: StandardInputIDs.maximumLines) + "MLA1400000237\n"
        let tooManyLines = await run(["item", "-"], terminal: false, stdin: blank)
        #expect(tooManyLines.code == .usage)
        #expect(tooManyLines.err.contains(Message.StandardInput.tooManyLines(limit: StandardInputIDs.maximumLines).english))
        let exactly = String(repeating: "MLA1400000237\n", count: StandardInputIDs.maximumIDs)
        #expect(try StandardInputIDs.read(InputFeed(Array(exactly.utf8)).read).count == StandardInputIDs.maximumIDs)
    }

    /// An endless input (a gigabyte without a newline, or of ids) is never read whole: reading
    /// stops at the first line over the limit, or at the first id over the count.
    @Test(arguments: [Array(repeating: UInt8(ascii: "7"), count: 65_536), Array("MLA1\n".utf8), Array("\n".utf8)])
    func anEndlessInputIsNotReadWhole(pattern: [UInt8]) {
        let served = Mutex(0)
        let endless: (Int) -> InputRead = { count in
            served.withLock { $0 += count }
            return .bytes(Array((0..<count).map { pattern[$0 % pattern.count] }))
        }
        #expect(throws: UsageError.self) { try StandardInputIDs.read(endless) }
        #expect(served.withLock { $0 } <= 4 * 65_536)
    }

    @Test func anUnreadableInputIsAFailure() {
        #expect(throws: StandardInputError.unreadable(reason: FileSystem.reason(EISDIR))) {
            try StandardInputIDs.read { _ in .failed(EISDIR) }
        }
    }

    @Test func linesAreCountedAndCutAcrossReads() {
        var lines = BoundedLines(maximumLineBytes: 4, blockSize: 3, read: InputFeed(Array("ab\r\n\nabcd\r\nabcde\nxyz\nabcdefghijklm\nlast".utf8)).read)
        var got: [BoundedLines.Line] = []
        while let line = lines.next() { got.append(line) }
        #expect(got == [.text("ab", number: 1), .text("", number: 2), .text("abcd", number: 3), .tooLong(number: 4), .text("xyz", number: 5), .tooLong(number: 6), .text("last", number: 7)])
    }
}
