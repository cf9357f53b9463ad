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

    /// Groups the file's physical lines into logical lines, in time linear in the file's size.
    static func group(_ source: SourceText, path: String, quotesText: Bool = true) -> [LogicalLine] {
        var result: [LogicalLine] = []
        // One line under construction, extended in place (a copy per physical line made
        // 20,000 continuation lines take 40 s).
        var logical = LogicalLine(path: path, quotesText: quotesText)
        var open = false
        for line in source.lines {
            var text = Array(line.text)
            let continues = text.last == "\\"
            if continues { text.removeLast() }
            logical.append(text, from: line, isContinuation: open)
            open = continues
            if !continues {
                result.append(logical)
                logical = LogicalLine(path: path, quotesText: quotesText)
            }
        }
        if open { result.append(logical) }
        return result
    }

    private init(path: String, quotesText: Bool) {
        self.path = path
        self.quotesText = quotesText
    }

    private mutating func append(_ text: [Character], from line: SourceText.Line, isContinuation: Bool) {
        var piece = text[...]
        var column = 1
        if isContinuation {
            while let first = piece.first, first.isWhitespace {
                piece.removeFirst()
                column += 1
            }
            while let last = characters.last, last.isWhitespace { characters.removeLast() }
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
    /// about 1,000 instructions a character (callgrind: a sixth of parsing Base.env).
    init(joined characters: ArraySlice<Character>) {
        self.init()
        for character in characters { append(character) }
    }
}
