/// The document as compact UTF-8 (no spaces, no line breaks): what the sandbox answers with, as
/// the API does. Pretty-printed through String appends, its search page took 1.18M of a sandbox
/// search's 8.2M instructions to write (callgrind), and its indentation had to be scanned again
/// by the client.
extension JSONValue {
    package func compactUTF8() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 * 1024)
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .number(let value): out.append(contentsOf: Self.format(value).utf8)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.writeCompact(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.writeCompact(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ word: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// `quote(text)`'s bytes; printable ASCII without `"` or `\` (nearly every string) copied whole.
    private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        } else {
            out.append(contentsOf: quote(text).utf8)
        }
    }
}
