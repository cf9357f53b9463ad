/// A DTO that reads itself straight off a `JSONTape`, without `Decoder`'s containers: what
/// `JSONBody.decode` uses, when a type has it, instead of `TapeDecoder`. For the search page:
/// through `TapeDecoder`, the runtime instantiated `KeyedDecodingContainer` and `Array` metadata
/// and checked conformances for each DTO type, 2.7M of the 4.5M instructions it took to read an
/// 88 KB page (callgrind). Same answers and same errors as `TapeDecoder` (and so `JSONDecoder`):
/// fields are read in declaration order, the first member of a name counts, and a failure names
/// the field (`TapeDecoderTests` compares the two on every fixture and thousands of broken ones).
protocol TapeReadable: Decodable {
    init(tape: JSONTape, node: Int) throws(BodyDecodingError)
}

extension BodyDecodingError {
    /// The same problem one key further from the top: `price` under `results[3]`, as
    /// `JSONBody.path` writes a coding path.
    func under(_ key: String) -> BodyDecodingError {
        let joined = field.isEmpty ? key : field.utf8.first == UInt8(ascii: "[") ? key + field : key + "." + field
        return BodyDecodingError(field: joined, problem: problem)
    }

    /// The same problem under the array element `index`.
    func under(index: Int) -> BodyDecodingError {
        let rest = field.isEmpty || field.utf8.first == UInt8(ascii: "[") ? field : "." + field
        return BodyDecodingError(field: "[\(index)]" + rest, problem: problem)
    }
}

/// The member names a DTO reads, compared as bytes with the tape's keys.
struct TapeKeys: Sendable {
    let names: [String]
    let bytes: [[UInt8]]

    init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
    }
}

/// One JSON object of a tape, with the value node of each name a DTO reads found in one pass
/// over its members (`TapeDecoder` went over them once per field).
struct TapeObject {
    let tape: JSONTape
    let keys: TapeKeys
    /// The value node of each of `keys`, the first member of that name; -1 when missing. Kept
    /// inline, not in an array: an allocation for each object read cost more than the lookup.
    private var values: Values

    /// As many keys as a DTO reads at most (`SearchResultDTO` reads 10).
    static let most = 12
    private typealias Values = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)

    /// The object at `node`; the error of a `Decodable` struct read from anything else.
    init(_ tape: JSONTape, _ node: Int, _ keys: TapeKeys) throws(BodyDecodingError) {
        precondition(keys.names.count <= Self.most, "a TapeObject reads at most \(Self.most) keys")
        try Self.expect(tape, node, .object)
        self.tape = tape
        self.keys = keys
        var values: Values = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
        let wanted = keys.names.count
        var member = node + 1
        withUnsafeMutableBytes(of: &values) { raw in
            let found = raw.bindMemory(to: Int.self)
            tape.bytes.withUnsafeBufferPointer { bytes in
                for _ in 0..<tape.count(of: node) {
                    let key = tape.nodes[member]
                    if key.kind == .string {
                        let name = UnsafeBufferPointer(rebasing: bytes[key.start..<key.end])
                        for index in 0..<wanted where found[index] < 0 && keys.bytes[index].count == name.count && keys.bytes[index].elementsEqual(name) {
                            found[index] = member + 1
                            break
                        }
                    } else {
                        let name = tape.string(at: member)
                        for index in 0..<wanted where found[index] < 0 && keys.names[index] == name {
                            found[index] = member + 1
                            break
                        }
                    }
                    member = tape.next(member + 1)
                }
            }
        }
        self.values = values
    }

    /// The value node of `keys[index]`, or -1.
    private func value(_ index: Int) -> Int {
        withUnsafeBytes(of: values) { $0.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self) }
    }

    /// Throws what `TapeDecoder` throws for a value of another kind: null, or another kind.
    static func expect(_ tape: JSONTape, _ node: Int, _ kind: JSONKind) throws(BodyDecodingError) {
        let found = tape.nodes[node].kind
        let fits = switch kind {
        case .string: found == .string || found == .escapedString
        case .number: found == .integer || found == .number
        case .bool: found == .true || found == .false
        case .array: found == .array
        case .object: found == .object
        }
        if fits { return }
        throw BodyDecodingError(field: "", problem: found == .null ? .foundNull(expected: kind) : .expected(kind))
    }

    /// The value node of `keys[index]` unless it is missing or null.
    private func present(_ index: Int) -> Int? {
        let node = value(index)
        return node < 0 || tape.nodes[node].kind == .null ? nil : node
    }

    /// Reads the value of `keys[index]` with `read`; a failure is named under that key.
    private func read<T>(_ index: Int, _ read: (Int) throws(BodyDecodingError) -> T) throws(BodyDecodingError) -> T? {
        guard let node = present(index) else { return nil }
        do { return try read(node) } catch { throw error.under(keys.names[index]) }
    }

    func string(_ index: Int) throws(BodyDecodingError) -> String {
        let node = value(index)
        guard node >= 0 else { throw BodyDecodingError(field: keys.names[index], problem: .missing) }
        do {
            try Self.expect(tape, node, .string)
        } catch {
            throw error.under(keys.names[index])
        }
        return tape.string(at: node)
    }

    func optionalString(_ index: Int) throws(BodyDecodingError) -> String? {
        try read(index) { node throws(BodyDecodingError) in
            try Self.expect(tape, node, .string)
            return tape.string(at: node)
        }
    }

    func optionalBool(_ index: Int) throws(BodyDecodingError) -> Bool? {
        try read(index) { node throws(BodyDecodingError) in
            try Self.expect(tape, node, .bool)
            return tape.nodes[node].kind == .true
        }
    }

    /// As `TapeDecoder` reads an `Int`: digits, or a whole number written with a fraction or exponent.
    func optionalInt(_ index: Int) throws(BodyDecodingError) -> Int? {
        try read(index) { node throws(BodyDecodingError) in
            try Self.expect(tape, node, .number)
            do { return try TapeDecoder(tape: tape, node: node).integer(Int.self) } catch {
                throw BodyDecodingError(field: "", problem: .invalidValue)
            }
        }
    }

    func optionalDouble(_ index: Int) throws(BodyDecodingError) -> Double? {
        try read(index) { node throws(BodyDecodingError) in
            try Self.expect(tape, node, .number)
            do { return try TapeDecoder(tape: tape, node: node).double() } catch {
                throw BodyDecodingError(field: "", problem: .invalidValue)
            }
        }
    }

    func optional<T: TapeReadable>(_ index: Int, _ type: T.Type) throws(BodyDecodingError) -> T? {
        try read(index) { node throws(BodyDecodingError) in try T(tape: tape, node: node) }
    }

    func optionalArray<T: TapeReadable>(_ index: Int, of type: T.Type) throws(BodyDecodingError) -> [T]? {
        try read(index) { node throws(BodyDecodingError) in try Self.array(tape, node, of: type) }
    }

    func array<T: TapeReadable>(_ index: Int, of type: T.Type) throws(BodyDecodingError) -> [T] {
        let node = value(index)
        guard node >= 0 else { throw BodyDecodingError(field: keys.names[index], problem: .missing) }
        do { return try Self.array(tape, node, of: type) } catch { throw error.under(keys.names[index]) }
    }

    /// The array at `node`, each element read as `T`; a failure is named under its index.
    static func array<T: TapeReadable>(_ tape: JSONTape, _ node: Int, of type: T.Type) throws(BodyDecodingError) -> [T] {
        try expect(tape, node, .array)
        let count = tape.count(of: node)
        var elements: [T] = []
        elements.reserveCapacity(count)
        var element = node + 1
        for index in 0..<count {
            do { elements.append(try T(tape: tape, node: element)) } catch { throw error.under(index: index) }
            element = tape.next(element)
        }
        return elements
    }
}
