/// A JSON document checked in one pass over its bytes and laid out as a flat list of nodes, one
/// per value and per object key, in document order: what `TapeDecoder` reads the API's answers
/// from.
///
/// Why not `JSONDecoder`: on a real search page (88 KB), its scan and its decoding were half of
/// the 15.3M instructions of a cached `meli-qa search` (callgrind). Here nothing is converted
/// until a field is asked for: a string stays a byte range, a number its digits, and what no DTO
/// reads (most of a page: attributes, sellers, installments) is only checked.
///
/// The grammar is RFC 8259's, as `JSONDecoder` reads it: any value at the top (after an optional
/// UTF-8 byte order mark), no control characters in strings, escapes `\" \\ \/ \b \f \n \r \t
/// \uXXXX`, numbers `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, at most 512 levels of
/// nesting, strings of well-formed UTF-8 with no half of a surrogate pair escaped alone. Anything
/// else is `nil` from `init`, which the caller reports as a body that is not JSON.
struct JSONTape: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`
        /// Digits only, with an optional minus sign.
        case integer
        /// A number with a fraction or an exponent.
        case number
        case string
        /// A string holding at least one backslash escape.
        case escapedString
        case array, object
    }

    /// 12 bytes a value: a hostile 16 MiB answer of `[0,0,0,…]` is 8 million values (and is
    /// refused past `maxNodes`).
    struct Node: Sendable {
        var kind: Kind
        /// A string's contents (without its quotes) or a number's digits: from `a` up to `b`.
        /// A container: `a` is the index of the node after it and everything inside it, `b` its
        /// count of elements (or of members, for an object).
        var a: UInt32
        var b: UInt32

        var start: Int { Int(a) }
        var end: Int { Int(b) }
    }

    let bytes: [UInt8]
    private(set) var nodes: [Node] = []

    /// Deeper documents are refused, as `JSONDecoder` refuses them.
    static let maxDepth = 512
    /// More values than this are refused (12 MB of nodes); the largest answer meli reads, a
    /// site's category list, holds a few thousand.
    static let maxNodes = 1_000_000

    init?(_ bytes: [UInt8]) {
        var pastNodeLimit = false
        self.init(bytes, pastNodeLimit: &pastNodeLimit)
    }

    /// As `init?(_:)`; `pastNodeLimit` is set when the bytes were refused for holding more than
    /// `maxNodes` values (well-formed or not up to there): too large to read, not "not JSON".
    init?(_ bytes: [UInt8], pastNodeLimit: inout Bool) {
        guard bytes.count < Int(UInt32.max) else { return nil }
        self.bytes = bytes
        guard let nodes = bytes.withUnsafeBufferPointer({ JSONTape.scan($0, pastNodeLimit: &pastNodeLimit) }) else { return nil }
        self.nodes = nodes
    }

    /// The index of the node after `index` and everything inside it.
    func next(_ index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? Int(node.a) : index + 1
    }

    /// The elements (or members) of the container `node`.
    func count(of node: Int) -> Int { Int(nodes[node].b) }

    /// The object members of the container `node`: for each, the index of its key node (its
    /// value is the node after it).
    func members(of node: Int) -> some Sequence<Int> {
        sequence(first: node + 1) { self.next($0 + 1) }.prefix(count(of: node))
    }

    /// The elements of the array `node`.
    func elements(of node: Int) -> some Sequence<Int> {
        sequence(first: node + 1) { self.next($0) }.prefix(count(of: node))
    }

    /// Whether the key node `key` holds exactly `name` (compared on bytes when it has no escape).
    func key(_ key: Int, is name: String) -> Bool {
        let node = nodes[key]
        if node.kind == .escapedString { return string(at: key) == name }
        var name = name
        return name.withUTF8 { wanted in
            wanted.count == node.end - node.start && bytes[node.start..<node.end].elementsEqual(wanted)
        }
    }

    /// The text of the string node `index` (its UTF-8 and its escapes were checked by the scan).
    func string(at index: Int) -> String {
        let node = nodes[index]
        let contents = bytes[node.start..<node.end]
        guard node.kind == .escapedString else { return String(decoding: contents, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(contents.count)
        var position = contents.startIndex
        while position < contents.endIndex {
            let byte = contents[position]
            guard byte == UInt8(ascii: "\\") else {
                unescaped.append(byte)
                position += 1
                continue
            }
            let escape = contents[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = Self.hexValue(contents, at: position)
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (Self.hexValue(contents, at: position + 2) - 0xDC00)
                    position += 6
                }
                unescaped.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: unescaped.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The four hex digits at `position` (checked by the scan).
    private static func hexValue(_ bytes: ArraySlice<UInt8>, at position: Int) -> UInt32 {
        bytes[position..<(position + 4)].reduce(0) { value, digit in value << 4 | UInt32(hexDigitValue(digit) ?? 0) }
    }

    // MARK: - The scan

    private static func hexDigitValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The nodes of the whole document, or nil when it is not JSON. Iterative: the depth of a
    /// document costs a stack entry, not a stack frame.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, pastNodeLimit: inout Bool) -> [Node]? {
        withUnsafeTemporaryAllocation(of: Scanner.Open.self, capacity: maxDepth) { open in
            var scanner = Scanner(bytes: bytes, open: open.baseAddress!)
            defer { pastNodeLimit = scanner.pastNodeLimit }
            return scanner.run()
        }
    }

    /// The state of one scan: methods on a struct, not closures over local variables, so that the
    /// optimiser keeps the position in a register (the closures made it 17 instructions a byte).
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let count: Int
        var position = 0
        var nodes: [Node] = []
        /// The containers not yet closed, innermost last (`depth` of them, at most `maxDepth`), with
        /// their counts so far: a stack on the caller's stack, where an array's uniqueness checks
        /// and the count kept in the node took 0.1M instructions of a search page.
        let open: UnsafeMutablePointer<Open>
        var depth = 0
        /// Whether the scan stopped at `JSONTape.maxNodes`.
        var pastNodeLimit = false

        struct Open {
            var index: Int
            var count: UInt32
            var isObject: Bool
        }

        init(bytes: UnsafeBufferPointer<UInt8>, open: UnsafeMutablePointer<Open>) {
            self.bytes = bytes
            self.open = open
            count = bytes.count
            if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            nodes.reserveCapacity(min(count / 16 + 1, JSONTape.maxNodes))
        }

        mutating func skipSpace() {
            while position < count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D:
                    position += 1
                    // Indentation (43% of a pretty-printed search page), eight spaces at a time,
                    // then the spaces left before the next byte counted in one go.
                    while position + 8 <= count {
                        let others = word(at: position) ^ 0x2020_2020_2020_2020  // zero bytes where spaces are
                        if others != 0 {
                            position += others.trailingZeroBitCount >> 3
                            break
                        }
                        position += 8
                    }
                default: return
                }
            }
        }

        /// The eight bytes at `start` as one word, the first in the lowest byte (the caller checked
        /// that they are there).
        func word(at start: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self))
        }

        /// A high bit in each byte of `word` that a string cannot simply go on over: a quote, a
        /// backslash, a control character or the start of a non-ASCII sequence. A flag above a
        /// flagged byte may be false (a borrow), the lowest is always true.
        static func stops(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ 0x2222_2222_2222_2222, backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C  // zero where they are
            let control = (word &- 0x2020_2020_2020_2020) & ~word  // below 0x20
            return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | word) & high
        }

        /// The code unit of the `\uXXXX` escape at `at`, if there is one.
        func hexUnit(at start: Int) -> UInt32? {
            guard start + 6 <= count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u") else { return nil }
            var unit: UInt32 = 0
            for digit in bytes[(start + 2)..<(start + 6)] {
                guard let value = hexDigitValue(digit) else { return nil }
                unit = unit << 4 | UInt32(value)
            }
            return unit
        }

        /// The length of the well-formed UTF-8 sequence starting at `start` (its first byte is
        /// not ASCII), or nil: JSON text is UTF-8 (RFC 8259, 8.1), so anything else is not JSON.
        func utf8SequenceLength(at start: Int) -> Int? {
            let lead = bytes[start]
            let (length, low, high): (Int, UInt8, UInt8) = switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
            guard length > 0, start + length <= count, (low...high).contains(bytes[start + 1]) else { return nil }
            for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 { return nil }
            return length
        }

        /// A string starting at the quote under `position`; false when it is not well formed.
        mutating func scanString() -> Bool {
            let start = position + 1
            var cursor = start
            var escaped = false
            while cursor < count {
                // Eight bytes at a time up to the next byte that needs a look.
                if cursor + 8 <= count {
                    let stops = Self.stops(word(at: cursor))
                    if stops == 0 {
                        cursor += 8
                        continue
                    }
                    cursor += stops.trailingZeroBitCount >> 3
                }
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") {
                    nodes.append(Node(kind: escaped ? .escapedString : .string, a: UInt32(start), b: UInt32(cursor)))
                    position = cursor + 1
                    return true
                }
                if byte < 0x20 { return false }
                if byte >= 0x80 {
                    guard let length = utf8SequenceLength(at: cursor) else { return false }
                    cursor += length
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    guard cursor + 1 < count else { return false }
                    switch bytes[cursor + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        cursor += 2
                    case UInt8(ascii: "u"):
                        guard let unit = hexUnit(at: cursor) else { return false }
                        cursor += 6
                        // Half of a surrogate pair alone is not a character: refused, as JSONDecoder refuses it.
                        if (0xDC00...0xDFFF).contains(unit) { return false }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard let low = hexUnit(at: cursor), (0xDC00...0xDFFF).contains(low) else { return false }
                            cursor += 6
                        }
                    default: return false
                    }
                    continue
                }
                cursor += 1
            }
            return false
        }

        mutating func scanNumber() -> Bool {
            let start = position
            var cursor = position
            if bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            guard cursor < count, isDigit(bytes[cursor]) else { return false }
            if bytes[cursor] == UInt8(ascii: "0") {
                cursor += 1
            } else {
                while cursor < count, isDigit(bytes[cursor]) { cursor += 1 }
            }
            var kind = Kind.integer
            if cursor < count, bytes[cursor] == UInt8(ascii: ".") {
                kind = .number
                cursor += 1
                guard cursor < count, isDigit(bytes[cursor]) else { return false }
                while cursor < count, isDigit(bytes[cursor]) { cursor += 1 }
            }
            if cursor < count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
                kind = .number
                cursor += 1
                if cursor < count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
                guard cursor < count, isDigit(bytes[cursor]) else { return false }
                while cursor < count, isDigit(bytes[cursor]) { cursor += 1 }
            }
            nodes.append(Node(kind: kind, a: UInt32(start), b: UInt32(cursor)))
            position = cursor
            return true
        }

        mutating func scanLiteral(_ word: StaticString, _ kind: Kind) -> Bool {
            let length = word.utf8CodeUnitCount
            guard position + length <= count else { return false }
            for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] { return false }
            nodes.append(Node(kind: kind, a: UInt32(position), b: UInt32(position + length)))
            position += length
            return true
        }

        /// An object's key and the colon after it.
        mutating func scanKey() -> Bool {
            skipSpace()
            guard position < count, bytes[position] == UInt8(ascii: "\""), scanString() else { return false }
            skipSpace()
            guard position < count, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            return true
        }

        /// A value has ended: it counts as one more element or member of its container.
        mutating func completed() {
            if depth > 0 { open[depth - 1].count += 1 }
        }

        mutating func run() -> [Node]? {
            var wantValue = true
            while true {
                if wantValue {
                    skipSpace()
                    guard position < count else { return nil }
                    guard nodes.count < JSONTape.maxNodes else {
                        pastNodeLimit = true
                        return nil
                    }
                    let byte = bytes[position]
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard depth < maxDepth else { return nil }
                        let isObject = byte == UInt8(ascii: "{")
                        let index = nodes.count
                        nodes.append(Node(kind: isObject ? .object : .array, a: UInt32(index + 1), b: 0))
                        position += 1
                        skipSpace()
                        if position < count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                            position += 1
                            completed()
                        } else {
                            open[depth] = Open(index: index, count: 0, isObject: isObject)
                            depth += 1
                            if isObject, !scanKey() { return nil }
                            continue
                        }
                    case UInt8(ascii: "\""):
                        guard scanString() else { return nil }
                        completed()
                    case UInt8(ascii: "t"):
                        guard scanLiteral("true", .true) else { return nil }
                        completed()
                    case UInt8(ascii: "f"):
                        guard scanLiteral("false", .false) else { return nil }
                        completed()
                    case UInt8(ascii: "n"):
                        guard scanLiteral("null", .null) else { return nil }
                        completed()
                    default:
                        guard scanNumber() else { return nil }
                        completed()
                    }
                    wantValue = false
                }
                guard depth > 0 else {
                    skipSpace()
                    return position == count ? nodes : nil
                }
                let container = open[depth - 1]
                skipSpace()
                guard position < count else { return nil }
                let isObject = container.isObject
                switch bytes[position] {
                case UInt8(ascii: ","):
                    position += 1
                    if isObject, !scanKey() { return nil }
                    wantValue = true
                case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
                    position += 1
                    depth -= 1
                    nodes[container.index].a = UInt32(nodes.count)
                    nodes[container.index].b = container.count
                    completed()
                default:
                    return nil
                }
            }
        }
    }
}
