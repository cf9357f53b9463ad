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
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    /// `serialized(indent:)` appended to `out`: one buffer for the whole document (joining each
    /// level's strings copied every value once per level: 4.2M of a sandbox search's 13M instructions).
    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.format(value)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                Self.appendPad(indent + 1, to: &out)
                item.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.appendPad(indent, to: &out)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                Self.appendPad(indent + 1, to: &out)
                Self.appendQuoted(key, to: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.appendPad(indent, to: &out)
            out += "}"
        }
    }

    private static func appendPad(_ level: Int, to out: inout String) {
        for _ in 0..<level { out += "  " }
    }

    /// `quote(text)` appended to `out`; text with nothing to escape (nearly all) is copied whole.
    private static func appendQuoted(_ text: String, to out: inout String) {
        guard text.unicodeScalars.allSatisfy({ !needsEscape($0) }) else {
            out += quote(text)
            return
        }
        out += "\""
        out += text
        out += "\""
    }

    /// Whether `quote` writes `scalar` other than as itself.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII is never a control or format character: no Unicode property lookup.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return scalar == "\"" || scalar == "\\" }
        return scalar.value < 0x20 || TerminalText.isUnsafe(scalar)
    }

    /// A number as piped output and `--json` both write it, never with an exponent (`PlainNumber`).
    static func format(_ value: Double) -> String { PlainNumber.format(value) }

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
            // Beyond U+FFFF (a tag character, say) as its UTF-16 surrogate pair: JSON's \u takes four
            // hex digits, and five trapped on a negative padding count.
            case _ where scalar.value < 0x20 || TerminalText.isUnsafe(scalar):
                for unit in scalar.utf16 { out += unicodeEscape(unit) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `\uXXXX` for one UTF-16 code unit, four lowercase hex digits.
    private static func unicodeEscape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
