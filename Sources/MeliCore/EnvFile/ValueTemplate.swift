/// A setting's value as written: literal text and `$(NAME)` references, resolved later.
struct ValueTemplate: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case literal(String)
        /// `$(NAME)`, `${NAME}`, `$(A_$(B))`, `$(NAME:lower)`; an empty name (`$()`) stands for nothing.
        case reference(Reference)
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

    /// The text, when it holds no reference.
    var literalText: String? {
        var text = ""
        for part in parts {
            guard case .literal(let literal) = part else { return nil }
            text += literal
        }
        return text
    }

    /// Whether evaluating it for `key` may need the key's previous value: `$(inherited)`, a
    /// reference to `key` itself (Xcode reads `A = $(A) x` as `$(inherited) x`), or a name worked
    /// out at run time, which may turn out to be either.
    func usesInherited(by key: String) -> Bool {
        parts.contains { part in
            switch part {
            case .literal: false
            case .inherited: true
            case .reference(let reference): reference.mayBeInherited(by: key)
            }
        }
    }
}

/// `$(NAME)` with what Xcode allows inside: a name built from other references (`$(A_$(B))`)
/// and operators applied to the value in order (`$(NAME:default=x:lower)`).
struct Reference: Hashable, Sendable {
    enum Name: Hashable, Sendable {
        /// A name written out: `$(HOST)`.
        case fixed(String)
        /// A name worked out when the value is: `$(A_$(B))`.
        case computed(ValueTemplate)
    }

    var name: Name
    var operators: [ValueOperator] = []
    /// Where the `$` is.
    var location: SourceLocation

    /// Whether an undefined name gives an empty value rather than an error (`:default=` follows).
    var hasDefault: Bool {
        operators.contains { if case .replacement(.default, _) = $0 { true } else { false } }
    }

    func mayBeInherited(by key: String) -> Bool {
        let operands = operators.contains { operation in
            if case .replacement(_, let operand) = operation { operand.usesInherited(by: key) } else { false }
        }
        switch name {
        case .fixed(let fixed): return fixed == "inherited" || fixed == key || operands
        case .computed: return true
        }
    }
}

/// Reads the characters of one value into a template: escapes (quoted values only) and references,
/// with Xcode's grammar for what is inside `$(...)` (swift-build's `MacroExpressionParser`).
/// Every character is read once, so the time is linear in the value's length.
struct ValueScanner {
    let line: LogicalLine
    var diagnostics: [Diagnostic] = []
    private var quoted = false
    /// Set when a reference nests too deep: the rest of the value is skipped, not reported again.
    private var abandoned = false

    init(line: LogicalLine) {
        self.line = line
    }

    private var chars: [Character] { line.characters }

    /// Scans `range`; in a quoted value backslash escapes apply.
    mutating func scan(_ range: Range<Int>, quoted: Bool) -> ValueTemplate {
        self.quoted = quoted
        var template = ValueTemplate()
        _ = scanFragment(from: range.lowerBound, end: range.upperBound, stops: [], depth: 0, into: &template)
        return template
    }

    /// Reads text and references from `start` up to `end` or the first character of `stops` outside
    /// a reference; returns where it stopped.
    private mutating func scanFragment(
        from start: Int, end: Int, stops: Set<Character>, depth: Int, into template: inout ValueTemplate
    ) -> Int {
        var i = start
        while i < end {
            let c = chars[i]
            // Empty at the top level: no Character hashed for nothing.
            if !stops.isEmpty, stops.contains(c) { return i }
            if quoted, c == "\\" {
                let next = i + 1 < end ? chars[i + 1] : nil
                switch next {
                case "\"": template.appendLiteral("\"")
                case "\\": template.appendLiteral("\\")
                case "n": template.appendLiteral("\n")
                case "t": template.appendLiteral("\t")
                default:
                    let shown = next.map { "\\\($0)" } ?? "\\"
                    diagnostics.append(.error(line.text(.EnvFile.unknownEscape(escape: shown), else: .EnvFile.unknownEscape(escape: nil)), at: line.problem(at: i)))
                }
                i += 2
            } else if c == "$" {
                i = scanDollar(at: i, end: end, depth: depth, into: &template)
            } else {
                template.appendLiteral(c)
                i += 1
            }
        }
        return min(i, end)
    }

    /// Handles `$$`, `$(...)`, `${...}` and a lone `$`; returns the index after it.
    private mutating func scanDollar(at start: Int, end: Int, depth: Int, into template: inout ValueTemplate) -> Int {
        let next = start + 1 < end ? chars[start + 1] : nil
        if next == "$" {
            template.appendLiteral("$")
            return start + 2
        }
        guard let open = next, open == "(" || open == "{" else {
            template.appendLiteral("$")
            return start + 1
        }
        let location = line.location(at: start)
        let problem = line.problem(at: start)
        let close: Character = open == "(" ? ")" : "}"
        // Each level is a frame of this scanner's recursion: the depth is bounded, not the file.
        guard depth < EnvFileLimits.maximumReferenceDepth else {
            diagnostics.append(.error(.EnvFile.referencesNestTooDeep(limit: String(EnvFileLimits.maximumReferenceDepth)), at: problem))
            abandoned = true
            return end
        }
        let unterminated = Diagnostic.error(.EnvFile.unterminatedReference(reference: String(open), close: String(close)), at: problem)
        var nameTemplate = ValueTemplate()
        var i = scanFragment(from: start + 2, end: end, stops: [":", close], depth: depth + 1, into: &nameTemplate)
        var operators: [ValueOperator] = []
        while i < end, chars[i] == ":" {
            i += 1
            let nameStart = i
            while i < end, ValueOperator.isNameCharacter(chars[i]) { i += 1 }
            let operatorName = String(joined: chars[nameStart..<i])
            guard i < end else { break }
            if chars[i] == ":" || chars[i] == close {
                if let retrieval = ValueOperator.Retrieval(rawValue: operatorName) {
                    operators.append(.retrieval(retrieval))
                } else {
                    reportUnknownOperator(operatorName, replacing: false, at: nameStart)
                }
            } else if chars[i] == "=" {
                var operand = ValueTemplate()
                i = scanFragment(from: i + 1, end: end, stops: [":", close], depth: depth + 1, into: &operand)
                if let replacement = ValueOperator.Replacement(rawValue: operatorName) {
                    operators.append(.replacement(replacement, operand))
                } else {
                    reportUnknownOperator(operatorName, replacing: true, at: nameStart)
                }
            } else {
                let text = line.text(.EnvFile.invalidOperatorCharacter(character: String(chars[i])), else: .EnvFile.invalidOperatorCharacter(character: nil))
                diagnostics.append(.error(text, at: line.problem(at: i)))
                while i < end, chars[i] != ":", chars[i] != close { i += 1 }
            }
        }
        guard i < end, chars[i] == close else {
            if !abandoned { diagnostics.append(unterminated) }
            return end
        }
        if let name = nameTemplate.literalText {
            if name == "inherited", operators.isEmpty {
                template.parts.append(.inherited(location))
            } else if (name.isEmpty && operators.isEmpty) || name == "inherited" || SettingName.isValid(name) {
                template.parts.append(.reference(Reference(name: .fixed(name), operators: operators, location: location)))
            } else {
                let written = String(joined: chars[start...i])
                diagnostics.append(.error(line.text(.EnvFile.invalidReference(reference: written), else: .EnvFile.invalidReference(reference: nil)), at: problem))
            }
        } else {
            template.parts.append(.reference(Reference(name: .computed(nameTemplate), operators: operators, location: location)))
        }
        return i + 1
    }

    private mutating func reportUnknownOperator(_ name: String, replacing: Bool, at index: Int) {
        let location = line.problem(at: index)
        guard !name.isEmpty else {
            diagnostics.append(.error(.EnvFile.missingOperatorName, at: location))
            return
        }
        let known = replacing ? ValueOperator.Replacement.allCases.map(\.rawValue) : ValueOperator.Retrieval.allCases.map(\.rawValue)
        if !line.quotesText {
            diagnostics.append(.error(.EnvFile.unknownOperator(name: nil, known: known.joined(separator: ", ")), at: location))
        } else if let suggestion = Suggestion.closest(to: name, in: known) {
            diagnostics.append(.error(.EnvFile.unknownOperatorSuggestion(name: name, suggestion: suggestion), at: location))
        } else {
            diagnostics.append(.error(.EnvFile.unknownOperator(name: name, known: known.joined(separator: ", ")), at: location))
        }
    }
}

/// The rule for setting names: `[A-Za-z_][A-Za-z0-9_]*`, checked on the ASCII value (the
/// Unicode properties `isLetter` and `isNumber` cost 400 instructions a character).
enum SettingName {
    static func isHead(_ c: Character) -> Bool {
        guard let byte = c.singleByte else { return false }
        return byte == UInt8(ascii: "_") || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    static func isBody(_ c: Character) -> Bool {
        guard let byte = c.singleByte else { return false }
        return isHead(c) || byte &- UInt8(ascii: "0") < 10
    }

    static func isValid(_ name: String) -> Bool {
        guard let first = name.first, isHead(first) else { return false }
        return name.dropFirst().allSatisfy(isBody)
    }
}
