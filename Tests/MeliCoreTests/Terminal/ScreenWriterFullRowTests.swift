import Testing
@testable import MeliCore

/// A row as wide as the terminal keeps its last column: with autowrap off the cursor stays on it
/// after the row is written, so nothing that clears to the end of the line may follow the text.
@Suite("Screen writer: full rows")
struct ScreenWriterFullRowTests {
    @Test func nothingClearsAfterARowsText() {
        var writer = ScreenWriter()
        let row = String(repeating: "x", count: 79) + "e"
        for bytes in [writer.frame([row, "b"], cursor: nil), writer.frame([row + "", "c"], cursor: nil)] {
            #expect(!bytes.contains("\u{1B}[0m\u{1B}[K"), "a clear after the text: \(bytes.debugDescription)")
        }
        let changed = writer.frame(["y" + row.dropFirst(), "c"], cursor: nil)
        #expect(changed.contains("\u{1B}[1;1H\u{1B}[0m\u{1B}[2Ky"))
        #expect(changed.contains("xe\u{1B}[0m"))
    }
}
