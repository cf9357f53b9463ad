/// One statement's text: a physical line, or several joined by trailing backslashes.
///
/// Continuations are spliced before comments are recognised, as C does: a line ending in `\`
/// continues on the next, joined with one space. Every character keeps the physical line and
/// column it came from, so diagnostics point into the file, not into the joined text.
struct LogicalLine {
    private struct Segment {
        var start: Int
        var line: SourceText.Line
        var column: Int
    }

    private(set) var characters: [Character] = []
    private var segments: [Segment] = []
    let path: String
    /// Whether its text may be shown: quoted under a problem, or in a problem's message. Not for
    /// a file included from outside the folder of the file the user chose (`EnvFileLoader`).
    let quotesText: Bool

    /// Number of physical lines this logical line spans.
    var physicalLineCount: Int { segments.count }

    /// Groups a file's physical lines into logical lines, one at a time, in time linear in the
    /// file's size (`EnvFileParser` reads the simple lines itself between them).
    struct Grouper {
        // One line under construction, extended in place (a copy per physical line made
        // 20,000 continuation lines take 40 s).
        private var logical: LogicalLine
        private var open = false

        init(path: String, quotesText: Bool) {
            logical = LogicalLine(path: path, quotesText: quotesText)
        }

        /// Whether no logical line is open: the next physical line starts one.
        var isIdle: Bool { !open }

        /// Adds the next physical line; the logical line it completes, if any.
        mutating func add(_ line: SourceText.Line) -> LogicalLine? {
            // A blank or comment line on its own says nothing (`EnvFileParser` skips it): left out
            // without making its `Character`s, which cost ~14K instructions a line (callgrind: most
            // of reading Base.env and QA.env, whose lines are mostly comments).
            if !open, LogicalLine.isInert(line) { return nil }
            var text = LogicalLine.characters(line.text)
            let continues = text.last == "\\"
            if continues { text.removeLast() }
            logical.append(text, from: line, isContinuation: open)
            open = continues
            guard !continues else { return nil }
            defer { logical = LogicalLine(path: logical.path, quotesText: logical.quotesText) }
            return logical
        }

        /// The logical line the last physical line left open (it ended in `\\`), if any.
        func finish() -> LogicalLine? { open ? logical : nil }
    }

    /// Whether `line`, not continuing another, is blank or a `//` comment that does not continue
    /// on the next line, with valid UTF-8: a line the parser skips without a word. Decided on
    /// bytes, conservatively: only ASCII spaces and tabs before `//`, and an ASCII byte (or the
    /// end) after it, so that no combining mark can make the `Character`s read otherwise.
    private static func isInert(_ line: SourceText.Line) -> Bool {
        guard line.invalidColumn == nil else { return false }
        var bytes = line.text.utf8.makeIterator()
        var byte = bytes.next()
        while byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { byte = bytes.next() }
        guard let first = byte else { return true }
        guard first == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/") else { return false }
        if let after = bytes.next(), after >= 0x80 { return false }
        return line.text.last != "\\"
    }

    /// The `Character`s of a physical line. An ASCII line's are its bytes one by one (no `\r\n`
    /// is left inside a line), made without the grapheme breaking `Array(text)` does (~300
    /// instructions a character).
    private static func characters(_ text: String) -> [Character] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return Array(text) }
        return text.utf8.map { Character(Unicode.Scalar($0)) }
    }

    private init(path: String, quotesText: Bool) {
        self.path = path
        self.quotesText = quotesText
    }

    private mutating func append(_ text: [Character], from line: SourceText.Line, isContinuation: Bool) {
        var piece = text[...]
        var column = 1
        if isContinuation {
            while let first = piece.first, first.isSpace {
                piece.removeFirst()
                column += 1
            }
            while let last = characters.last, last.isSpace { characters.removeLast() }
            characters.append(" ")
        }
        segments.append(Segment(start: characters.count, line: line, column: column))
        characters.append(contentsOf: piece)
    }

    /// The file position of the character at `index` (or just past the end).
    func location(at index: Int) -> SourceLocation {
        let segment = segments[segmentIndex(containing: index)]
        let column = segment.column + max(0, index - segment.start)
        var location = SourceLocation(path: path, line: segment.line.number, column: column, sourceLine: segment.line.text)
        location.quotesLine = quotesText
        return location
    }

    /// `quoted` where the line's text may be shown, else `plain` (the same message without it).
    func text(_ quoted: @autoclosure () -> Message, else plain: Message) -> Message {
        quotesText ? quoted() : plain
    }

    /// The place of a problem at `index`: its line is quoted only up to the character the caret
    /// points at, then `…`, since a line that does not parse may not be settings at all (a key
    /// file reached through `#include`), and the rest of it is not needed to point at the problem.
    func problem(at index: Int) -> SourceLocation {
        var location = location(at: index)
        location.quotesUpToColumn = true
        return location
    }

    /// The last segment starting at or before `index` (the first when none does), by binary search.
    private func segmentIndex(containing index: Int) -> Int {
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Physical lines of this logical line that hold bytes which are not UTF-8.
    var invalidEncodingLocations: [SourceLocation] {
        segments.compactMap { segment in
            segment.line.invalidColumn.map {
                var location = SourceLocation(path: path, line: segment.line.number, column: $0, sourceLine: segment.line.text)
                location.quotesUpToColumn = true
                location.quotesLine = quotesText
                return location
            }
        }
    }
}

extension String {
    /// The characters as one string. The generic `String(_:)` over a slice of `[Character]` took
    /// about 1,000 instructions a character (callgrind: a sixth of parsing Base.env), appending
    /// each `Character` about 400: their UTF-8 bytes, gathered, make the same string.
    init(joined characters: ArraySlice<Character>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count)
        for character in characters {
            if let byte = character.singleByte { bytes.append(byte) } else { bytes.append(contentsOf: character.utf8) }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}

extension Character {
    /// The byte of a one-byte (ASCII) character, else nil: what `asciiValue` gives for all but
    /// `\r\n` (0x0A there; every caller refuses both), without comparing with `\r\n` and
    /// decoding scalars at each call (~250 instructions, most of parsing a setting's name).
    var singleByte: UInt8? {
        let utf8 = self.utf8
        return utf8.count == 1 ? utf8.first : nil
    }

    /// `isWhitespace`, answered from the byte for ASCII (tab to carriage return, space).
    var isSpace: Bool {
        guard let byte = singleByte else { return isWhitespace }
        return byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
