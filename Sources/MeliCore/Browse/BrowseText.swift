/// Text laid out by display width (`DisplayWidth`): wrapped into lines, or cut and padded.
enum BrowseText {
    /// `text` (one paragraph, cleaned) broken into lines of at most `width` columns, at spaces
    /// where it can, inside a word where the word alone is wider. An empty paragraph is one empty line.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            // A word wider than a line is cut into lines in one pass over its characters (measuring
            // what is left after each cut made a 1 MB word take minutes).
            if wordWidth > width {
                var head = ""
                var used = 0
                for character in word {
                    let columns = DisplayWidth.columns(character)
                    if used + columns > width, !head.isEmpty {
                        lines.append(head)
                        (head, used) = ("", 0)
                    }
                    head.append(character)
                    used += columns
                }
                (word, wordWidth) = (head, used)
            }
            line = word
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// `left` and `right` on one line of exactly `width` columns: `right` kept whole when it fits
    /// beside at least a little of `left`, `left` cut to make room.
    static func spread(_ left: String, _ right: String, width: Int) -> String {
        let rightWidth = DisplayWidth.of(right)
        guard rightWidth + 2 <= width else { return DisplayWidth.fit(left, to: width) }
        return DisplayWidth.fit(left, to: width - rightWidth - 1) + " " + right
    }
}
