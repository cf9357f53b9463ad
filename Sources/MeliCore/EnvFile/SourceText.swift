/// A configuration file's bytes split into physical lines: UTF-8, LF or CRLF, with or without a BOM.
///
/// Invalid UTF-8 does not stop the split: each bad line is reported at the column of its first
/// bad byte, and the rest of the file is still read, so every problem is reported at once.
struct SourceText {
    struct Line {
        /// 1-based.
        var number: Int
        /// The decoded text without its line end (invalid bytes shown as U+FFFD).
        var text: String
        /// Column of the first invalid UTF-8 sequence, if any.
        var invalidColumn: Int?
    }

    var lines: [Line]

    init(bytes: [UInt8]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines: [Line] = []
        var number = 0
        var rest = body
        while !rest.isEmpty {
            number += 1
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            var raw = rest[rest.startIndex..<end]
            if raw.last == 0x0D { raw = raw.dropLast() }
            lines.append(Self.decode(raw, number: number))
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        self.lines = lines
    }

    private static func decode(_ raw: ArraySlice<UInt8>, number: Int) -> Line {
        if let text = String(validating: raw, as: UTF8.self) {
            return Line(number: number, text: text, invalidColumn: nil)
        }
        var iterator = raw.makeIterator()
        var decoder = UTF8()
        var valid: [Unicode.Scalar] = []
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid.append(scalar)
            case .emptyInput, .error: break decoding
            }
        }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: valid)
        let column = String(prefix).count + 1
        return Line(number: number, text: String(decoding: raw, as: UTF8.self), invalidColumn: column)
    }
}
