/// A JSON document built in code, written with keys in the order given (stable, diff-friendly output).
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    package func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Pretty-printed with two-space indents, `/` unescaped, integers without a fraction.
    package func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .string(let value): return Self.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n\(closePad)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let body = members.map { pad + Self.quote($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
            return "{\n" + body.joined(separator: ",\n") + "\n\(closePad)}"
        }
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Control characters, and the ones a terminal or a JavaScript reader acts on (C1 controls,
            // the line and paragraph separators, the bidirectional marks), escaped: still valid JSON.
            case _ where scalar.value < 0x20 || TerminalText.isUnsafe(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
