/// `KEY = value` on one line, read from its bytes: the lines of Base.env and every shipped env file.
/// The general parser works on `Character`s and costs ~25K instructions such a line (callgrind:
/// making them, then reading them); this reads the bytes once and gives the same statement, the
/// same locations and no problem. Anything else (conditions, quotes, `$`, a secret's key, a
/// continued line, bytes other than printable ASCII and tabs, any mistake) is left to the parser.
enum SimpleAssignment {
    /// The assignment `line` holds, when it is that simple; nil when the parser must read it.
    static func parse(_ line: SourceText.Line, path: String, quotesText: Bool) -> Assignment? {
        guard line.invalidColumn == nil else { return nil }
        let bytes = Array(line.text.utf8)
        var i = 0
        skipBlanks(bytes, &i)
        let keyStart = i
        // A comment, a directive, a blank line: the parser's, before the whole line is looked at.
        guard i < bytes.count, isHead(bytes[i]) else { return nil }
        // Printable ASCII and tabs only: one byte is one Character, and columns count bytes.
        guard bytes[bytes.count - 1] != UInt8(ascii: "\\"), bytes.allSatisfy({ $0 == tab || (0x20...0x7E).contains($0) }) else { return nil }
        while i < bytes.count, isHead(bytes[i]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        let key = String(decoding: bytes[keyStart..<i], as: UTF8.self)
        guard !SettingKey.isSecret(key) else { return nil }
        skipBlanks(bytes, &i)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        skipBlanks(bytes, &i)
        let valueStart = i
        guard valueStart == bytes.count || bytes[valueStart] != UInt8(ascii: "\"") else { return nil }
        // As the parser ends an unquoted value: at `//` opening it or after a blank, then without
        // the blanks, a `;` and the blanks before it.
        var end = valueStart
        while end < bytes.count {
            if bytes[end] == slash, end + 1 < bytes.count, bytes[end + 1] == slash, end == valueStart || isBlank(bytes[end - 1]) { break }
            end += 1
        }
        while end > valueStart, isBlank(bytes[end - 1]) { end -= 1 }
        if end > valueStart, bytes[end - 1] == UInt8(ascii: ";") { end -= 1 }
        while end > valueStart, isBlank(bytes[end - 1]) { end -= 1 }
        let text = bytes[valueStart..<end]
        guard !text.contains(UInt8(ascii: "$")) else { return nil }
        var value = ValueTemplate()
        if !text.isEmpty { value.parts = [.literal(String(decoding: text, as: UTF8.self))] }
        func location(_ index: Int) -> SourceLocation {
            var location = SourceLocation(path: path, line: line.number, column: index + 1, sourceLine: line.text)
            location.quotesLine = quotesText
            return location
        }
        return Assignment(key: key, value: value, keyLocation: location(keyStart), valueLocation: location(valueStart))
    }

    private static let tab = UInt8(ascii: "\t")
    private static let slash = UInt8(ascii: "/")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == tab }

    /// `SettingName.isHead` for a byte.
    private static func isHead(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    private static func skipBlanks(_ bytes: [UInt8], _ i: inout Int) {
        while i < bytes.count, isBlank(bytes[i]) { i += 1 }
    }
}
