import Testing
@testable import MeliCore

/// Frames become the fewest bytes that update the screen: changed rows only, nothing when
/// nothing changed, everything after `invalidate`, leftover rows cleared.
@Suite("Screen writer")
struct ScreenWriterTests {
    /// The rows (1-based) a frame's bytes write or clear.
    static func rows(_ bytes: String) -> [Int] {
        bytes.split(separator: "\u{1B}[").compactMap { piece in
            piece.hasSuffix(";1H") || piece.contains(";1H") ? Int(piece.prefix { $0.isNumber }) : nil
        }
    }

    @Test("The first frame clears the screen and writes every row, inside a synchronized update")
    func first() {
        var writer = ScreenWriter()
        let bytes = writer.frame(["uno", "dos", "tres"], cursor: nil)
        #expect(bytes.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
        #expect(bytes.hasSuffix("\u{1B}[?25l\u{1B}[?2026l"))
        #expect(Self.rows(bytes) == [1, 2, 3])
        #expect(bytes.contains("\u{1B}[2;1H\u{1B}[0m\u{1B}[2Kdos\u{1B}[0m"))
    }

    @Test("A one-row change writes one row")
    func oneRow() {
        var writer = ScreenWriter()
        _ = writer.frame(["uno", "dos", "tres"], cursor: nil)
        let bytes = writer.frame(["uno", "DOS", "tres"], cursor: nil)
        #expect(Self.rows(bytes) == [2])
        #expect(bytes.contains("\u{1B}[2;1H\u{1B}[0m\u{1B}[2KDOS\u{1B}[0m"))
        #expect(!bytes.contains("\u{1B}[2J"))
        #expect(bytes.hasSuffix(ScreenWriter.endUpdate))
    }

    @Test("An identical frame writes nothing")
    func identical() {
        var writer = ScreenWriter()
        _ = writer.frame(["uno", "dos"], cursor: CursorPosition(row: 0, column: 3))
        #expect(writer.frame(["uno", "dos"], cursor: CursorPosition(row: 0, column: 3)) == "")
    }

    @Test("A moved cursor writes only the cursor")
    func cursor() {
        var writer = ScreenWriter()
        _ = writer.frame(["uno", "dos"], cursor: CursorPosition(row: 0, column: 3))
        let moved = writer.frame(["uno", "dos"], cursor: CursorPosition(row: 1, column: 4))
        #expect(moved == "\u{1B}[?2026h\u{1B}[2;5H\u{1B}[?25h\u{1B}[?2026l")
        let hidden = writer.frame(["uno", "dos"], cursor: nil)
        #expect(hidden == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[?2026l")
    }

    @Test("After invalidate the next frame clears and writes every row")
    func invalidate() {
        var writer = ScreenWriter()
        _ = writer.frame(["uno", "dos"], cursor: nil)
        writer.invalidate()
        let bytes = writer.frame(["uno", "dos"], cursor: nil)
        #expect(bytes.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
        #expect(Self.rows(bytes) == [1, 2])
    }

    @Test("A shorter frame clears the rows it no longer has")
    func shorter() {
        var writer = ScreenWriter()
        _ = writer.frame(["uno", "dos", "tres", "cuatro"], cursor: nil)
        let bytes = writer.frame(["uno", "dos"], cursor: nil)
        #expect(Self.rows(bytes) == [3, 4])
        #expect(bytes.contains("\u{1B}[3;1H\u{1B}[0m\u{1B}[K\u{1B}[4;1H\u{1B}[0m\u{1B}[K"))
    }
}
