/// A `Decoder` over a `JSONTape`: the API's DTOs stay `Decodable`, and each field is converted
/// only when a DTO asks for it. Its errors are `DecodingError`s with the coding path and the
/// case `JSONDecoder` gives for the same body (a test compares the two on every fixture and on
/// broken variants of them), so `JSONBody`'s messages name the same field.
///
/// Numbers read as `JSONDecoder` reads them: an integer type takes digits, or a fraction or
/// exponent that is exactly a whole number in its range (`10.0`, `1e2`; computed on the digits,
/// not through Double); anything else, and a number too large for its type (`1e400`), is
/// `dataCorrupted` at the field.
struct TapeDecoder: Decoder {
    let tape: JSONTape
    let node: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: JSONTape, node: Int = 0, codingPath: [any CodingKey] = []) {
        self.tape = tape
        self.node = node
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.nodes[node].kind == .object else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.nodes[node].kind == .array else { throw mismatch([Any].self) }
        return UnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The decoder of the value at `node`, one key further down.
    func child(_ node: Int, _ key: any CodingKey) -> TapeDecoder {
        TapeDecoder(tape: tape, node: node, codingPath: codingPath + [key])
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        let kind = tape.nodes[node].kind
        if kind == .null {
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null where \(type) was expected."))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(type), found \(kind)."))
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    // MARK: - Scalars

    func text() throws -> String {
        let kind = tape.nodes[node].kind
        guard kind == .string || kind == .escapedString else { throw mismatch(String.self) }
        return tape.string(at: node)
    }

    func bool() throws -> Bool {
        switch tape.nodes[node].kind {
        case .true: true
        case .false: false
        default: throw mismatch(Bool.self)
        }
    }

    func double() throws -> Double {
        let node = tape.nodes[node]
        guard node.kind == .integer || node.kind == .number else { throw mismatch(Double.self) }
        let digits = tape.bytes[node.start..<node.end]
        guard let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite else {
            throw corrupted("The number does not fit in Double.")
        }
        // 1e-400 reads as 0: too small to represent, which JSONDecoder refuses too.
        let mantissa = digits.prefix(while: { $0 | 0x20 != UInt8(ascii: "e") })
        if value == 0, mantissa.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
            throw corrupted("The number is too small for Double.")
        }
        return value
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let node = tape.nodes[node]
        switch node.kind {
        case .integer:
            let digits = tape.bytes[node.start..<node.end]
            let negative = digits.first == UInt8(ascii: "-")
            var value: T = 0
            for digit in digits.dropFirst(negative ? 1 : 0) {
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = negative
                    ? shifted.subtractingReportingOverflow(T(digit - UInt8(ascii: "0")))
                    : shifted.addingReportingOverflow(T(digit - UInt8(ascii: "0")))
                guard !overflowA, !overflowB else { throw corrupted("The number does not fit in \(T.self).") }
                value = next
            }
            return value
        case .number:
            guard let value = Self.wholeNumber(T.self, tape.bytes[node.start..<node.end]) else {
                throw corrupted("The number is not a whole number that fits in \(T.self).")
            }
            return value
        default:
            throw mismatch(T.self)
        }
    }
}

extension TapeDecoder {
    /// A number with a fraction or an exponent as `T` when it is exactly a whole number in its
    /// range, computed on its digits: through Double (53 bits), `9007199254740993.0` read
    /// 9007199254740992, where JSONDecoder reads 9007199254740993.
    static func wholeNumber<T: FixedWidthInteger>(_ type: T.Type, _ text: ArraySlice<UInt8>) -> T? {
        let negative = text.first == UInt8(ascii: "-")
        var digits: [UInt8] = []  // of the mantissa, leading zeros left out
        var scale = 0  // the power of ten the digits are multiplied by
        var index = text.startIndex + (negative ? 1 : 0)
        var inFraction = false
        while index < text.endIndex, text[index] | 0x20 != UInt8(ascii: "e") {
            if text[index] == UInt8(ascii: ".") {
                inFraction = true
            } else {
                if !digits.isEmpty || text[index] != UInt8(ascii: "0") { digits.append(text[index] - UInt8(ascii: "0")) }
                if inFraction { scale -= 1 }
            }
            index += 1
        }
        if index < text.endIndex {
            index += 1
            let negativeExponent = text[index] == UInt8(ascii: "-")
            if negativeExponent || text[index] == UInt8(ascii: "+") { index += 1 }
            // Held to a million: far past any digits a body can hold, and no overflow.
            var exponent = 0
            for digit in text[index...] { exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1_000_000) }
            scale += negativeExponent ? -exponent : exponent
        }
        while digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        // Zero whatever its scale (-0.0, 0e999); a fraction left, or more digits than any T holds.
        guard !digits.isEmpty else { return 0 }
        guard scale >= 0, digits.count + scale <= 40 else { return nil }
        var value: T = 0
        for digit in digits + repeatElement(0, count: scale) {
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }
}

extension TapeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { tape.nodes[node].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try bool() }
    func decode(_ type: String.Type) throws -> String { try text() }
    func decode(_ type: Double.Type) throws -> Double { try double() }
    func decode(_ type: Float.Type) throws -> Float {
        let value = Float(try double())
        guard value.isFinite else { throw corrupted("The number does not fit in Float.") }
        return value
    }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An array element's place in a coding path: `results[3]`.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

extension TapeDecoder {
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: TapeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        var allKeys: [Key] {
            decoder.tape.members(of: decoder.node).compactMap { Key(stringValue: decoder.tape.string(at: $0)) }
        }

        /// The value node of `key`; the first member of that name when there are several.
        func find(_ key: Key) -> Int? {
            let name = key.stringValue
            return decoder.tape.members(of: decoder.node).first { decoder.tape.key($0, is: name) }.map { $0 + 1 }
        }

        func value(_ key: Key) throws -> TapeDecoder {
            guard let node = find(key) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for '\(key.stringValue)'."))
            }
            return decoder.child(node, key)
        }

        /// The value of `key` unless it is missing or null.
        func present(_ key: Key) -> TapeDecoder? {
            guard let node = find(key), decoder.tape.nodes[node].kind != .null else { return nil }
            return decoder.child(node, key)
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }
        func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).text() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: value(key)) }

        // One lookup each for the optional fields that make up most of the DTOs.
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.text() }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.bool() }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.double() }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.integer(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key).map { try T(from: $0) } }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try value(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try value(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: TapeDecoder
        /// The node of the element `currentIndex`.
        var position: Int
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { decoder.tape.count(of: decoder.node) }
        var isAtEnd: Bool { currentIndex >= decoder.tape.count(of: decoder.node) }

        init(decoder: TapeDecoder) {
            self.decoder = decoder
            position = decoder.node + 1
        }

        /// The element under the cursor, which then moves on.
        mutating func next(_ type: Any.Type) throws -> TapeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "The array has no more elements."))
            }
            let element = decoder.child(position, IndexKey(currentIndex))
            position = decoder.tape.next(position)
            currentIndex += 1
            return element
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, decoder.tape.nodes[position].kind == .null else { return false }
            _ = try next(Never.self)
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).bool() }
        mutating func decode(_ type: String.Type) throws -> String { try next(type).text() }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type).double() }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type).integer(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).integer(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).integer(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).integer(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).integer(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).integer(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).integer(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).integer(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).integer(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).integer(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next(type)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next([String: Any].self).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next([Any].self).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
    }
}
