/// A line of text being edited (the search query, the site filter): its characters and where the
/// cursor stands among them.
package struct TextLine: Sendable, Hashable {
    package private(set) var characters: [Character]
    /// 0 before the first character, `characters.count` after the last.
    package private(set) var cursor: Int

    /// The most characters a line holds: a search is a few words, and what is pasted beyond is
    /// dropped (a 1 MB paste was drawn character by character, for minutes).
    package static let limit = 500

    package init(_ text: String = "") {
        characters = Array(TerminalText.clean(text).prefix(Self.limit))
        cursor = characters.count
    }

    package var text: String { String(characters) }

    /// The text without the spaces around it: what is searched for.
    package var trimmed: String { text.trimmingWhitespace }

    /// Applies an editing key (a printable character, Backspace, Delete, ← →, Ctrl-A, Ctrl-E,
    /// Ctrl-U, Ctrl-W); false when `key` is not one, and the line is left alone.
    package mutating func edit(_ key: KeyPress) -> Bool {
        switch key {
        case .character(let character):
            guard !character.unicodeScalars.contains(where: TerminalText.isUnsafe), characters.count < Self.limit else { return true }
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .control("a"): cursor = 0
        case .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeAll()
            cursor = 0
        case .control("w"): deleteWord()
        default: return false
        }
        return true
    }

    /// Moves the cursor to the start or the end.
    package mutating func moveCursor(toEnd: Bool) {
        cursor = toEnd ? characters.count : 0
    }

    /// Ctrl-W: the spaces before the cursor, then the word before them.
    private mutating func deleteWord() {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }
}

