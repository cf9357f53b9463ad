/// A setting's value as written: literal text and `$(NAME)` references, resolved later.
struct ValueTemplate: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case literal(String)
        /// `$(NAME)` or `${NAME}`; an empty name (`$()`) stands for nothing.
        case reference(String, SourceLocation)
        /// `$(inherited)`: the key's previous value.
        case inherited(SourceLocation)
    }

    var parts: [Part] = []

    /// Adds `character` to the literal text at the end, in amortised constant time.
    mutating func appendLiteral(_ character: Character) {
        guard case .literal(var text)? = parts.last else {
            parts.append(.literal(String(character)))
            return
        }
        // Taken out of the array first, so the string is not shared and grows in place
        // (building a new one per character made a 1 MB value take 21 s).
        parts.removeLast()
        text.append(character)
        parts.append(.literal(text))
    }

    /// Whether `$(inherited)` appears in it.
    var usesInherited: Bool {
        parts.contains { if case .inherited = $0 { true } else { false } }
    }
}

/// Reads the characters of one value into a template: escapes (quoted values only) and references.
struct ValueScanner {
    let line: LogicalLine
    var diagnostics: [Diagnostic] = []

    init(line: LogicalLine) {
        self.line = line
    }

    private var chars: [Character] { line.characters }

    /// Scans `range`; in a quoted value backslash escapes apply.
    mutating func scan(_ range: Range<Int>, quoted: Bool) -> ValueTemplate {
        var template = ValueTemplate()
        var i = range.lowerBound
        while i < range.upperBound {
            let c = chars[i]
            if quoted, c == "\\" {
                let next = i + 1 < range.upperBound ? chars[i + 1] : nil
                switch next {
                case "\"": template.appendLiteral("\"")
                case "\\": template.appendLiteral("\\")
                case "n": template.appendLiteral("\n")
                case "t": template.appendLiteral("\t")
                default:
                    let shown = next.map { "\\\($0)" } ?? "\\"
                    diagnostics.append(.error(.unknownEscape(escape: shown), at: line.location(at: i)))
                }
                i += 2
            } else if c == "$" {
                i = scanDollar(at: i, end: range.upperBound, into: &template)
            } else {
                template.appendLiteral(c)
                i += 1
            }
        }
        return template
    }

    /// Handles `$$`, `$(NAME)`, `${NAME}`, `$()` and a lone `$`; returns the index after it.
    private mutating func scanDollar(at start: Int, end: Int, into template: inout ValueTemplate) -> Int {
        let next = start + 1 < end ? chars[start + 1] : nil
        if next == "$" {
            template.appendLiteral("$")
            return start + 2
        }
        guard let open = next, open == "(" || open == "{" else {
            template.appendLiteral("$")
            return start + 1
        }
        let close: Character = open == "(" ? ")" : "}"
        guard let closeIndex = (start + 2..<end).first(where: { chars[$0] == close }) else {
            diagnostics.append(.error(.unterminatedReference(reference: String(open), close: String(close)), at: line.location(at: start)))
            return end
        }
        let name = String(chars[(start + 2)..<closeIndex])
        let location = line.location(at: start)
        if name == "inherited" {
            template.parts.append(.inherited(location))
        } else if name.isEmpty || SettingName.isValid(name) {
            template.parts.append(.reference(name, location))
        } else {
            diagnostics.append(.error(.invalidReference(reference: "$\(open)\(name)\(close)"), at: location))
        }
        return closeIndex + 1
    }
}

/// The rule for setting names: `[A-Za-z_][A-Za-z0-9_]*`.
enum SettingName {
    static func isHead(_ c: Character) -> Bool {
        c == "_" || (c.isASCII && c.isLetter)
    }

    static func isBody(_ c: Character) -> Bool {
        isHead(c) || (c.isASCII && c.isNumber)
    }

    static func isValid(_ name: String) -> Bool {
        guard let first = name.first, isHead(first) else { return false }
        return name.dropFirst().allSatisfy(isBody)
    }
}
