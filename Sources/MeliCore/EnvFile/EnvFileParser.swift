/// Parses one environment file's text into statements, collecting every problem it finds.
///
/// The format is described in `Config/README.md`. The parser never stops at the first problem:
/// a bad line is reported and skipped, and parsing goes on with the next.
struct EnvFileParser {
    private(set) var statements: [Statement] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Keys whose assignment was written but could not be parsed (already reported).
    private(set) var brokenKeys: Set<String> = []
    /// The text after `=` of every line assigning a secret (a key named like TOKEN, SECRET,
    /// PASSWORD), as written, even when it does not parse: a diagnostic quoting such a line must
    /// not show it (see `ConfigurationError.secrets`).
    private(set) var secretTexts: [String] = []
    /// Where the first error is when it is on the first line that is not blank or a comment: then
    /// the file is not an environment file at all (a key, a script), and a file reached through
    /// `#include` is refused whole (`EnvFileLoader`).
    private(set) var firstStatementProblem: SourceLocation?
    /// Unknown condition names already warned about in this file (`[cpu=...]`: one warning).
    private var warnedConditions: Set<String> = []

    /// `quotesText`: whether a problem may show the file's text (`LogicalLine.quotesText`).
    /// `readsSimpleLines`: false only in the test that checks the two ways of reading agree.
    init(bytes: [UInt8], path: String, quotesText: Bool = true, readsSimpleLines: Bool = true) {
        var sawStatement = false
        var grouper = LogicalLine.Grouper(path: path, quotesText: quotesText)
        for physical in SourceText(bytes: bytes).lines {
            // `KEY = value` alone on its line is read from its bytes (`SimpleAssignment`).
            if readsSimpleLines, grouper.isIdle, let assignment = SimpleAssignment.parse(physical, path: path, quotesText: quotesText) {
                statements.append(.assignment(assignment))
                sawStatement = true
                continue
            }
            if let line = grouper.add(physical) { parseLogical(line, sawStatement: &sawStatement) }
        }
        if let line = grouper.finish() { parseLogical(line, sawStatement: &sawStatement) }
    }

    /// Reads one logical line; the first statement of the file says whether it is one at all.
    private mutating func parseLogical(_ line: LogicalLine, sawStatement: inout Bool) {
        let before = diagnostics.count
        let bad = line.invalidEncodingLocations
        let isStatement: Bool
        if !bad.isEmpty {
            diagnostics += bad.map { .error(.EnvFile.invalidUTF8, at: $0) }
            isStatement = true
        } else {
            isStatement = parse(line)
        }
        if isStatement, !sawStatement {
            sawStatement = true
            firstStatementProblem = diagnostics[before...].first { $0.severity == .error }?.location
        }
    }

    /// Parses one line; false when it is blank or a comment.
    private mutating func parse(_ line: LogicalLine) -> Bool {
        let chars = line.characters
        var i = 0
        skipWhitespace(chars, &i)
        guard i < chars.count else { return false }
        if startsComment(chars, at: i) {
            if line.physicalLineCount > 1 {
                diagnostics.append(.warning(.EnvFile.commentContinues, at: line.problem(at: i)))
            }
            return false
        }
        if chars[i] == "#" {
            parseDirective(line, from: i)
        } else {
            parseAssignment(line, from: i)
        }
        return true
    }

    // MARK: Directives

    private mutating func parseDirective(_ line: LogicalLine, from start: Int) {
        let chars = line.characters
        var i = start + 1
        while i < chars.count, SettingName.isBody(chars[i]) || chars[i] == "?" { i += 1 }
        let word = String(joined: chars[(start + 1)..<i])
        guard word == "include" || word == "include?" else {
            diagnostics.append(.error(line.text(.EnvFile.unknownDirective(directive: word), else: .EnvFile.unknownDirective(directive: nil)), at: line.problem(at: start)))
            return
        }
        skipWhitespace(chars, &i)
        guard i < chars.count, chars[i] == "\"" else {
            diagnostics.append(.error(.EnvFile.expectedIncludePath(directive: word), at: line.problem(at: i)))
            return
        }
        let open = i
        i += 1
        while i < chars.count, chars[i] != "\"" { i += 1 }
        guard i < chars.count else {
            diagnostics.append(.error(.EnvFile.unterminatedPath, at: line.problem(at: open)))
            return
        }
        let path = String(joined: chars[(open + 1)..<i])
        // The system reads a path only up to a NUL: `A.env\0x` would open A.env under a new name each time.
        if let nul = chars[(open + 1)..<i].firstIndex(of: "\0") {
            diagnostics.append(.error(.EnvFile.includePathHasNUL, at: line.problem(at: nul)))
            return
        }
        guard !path.isEmpty else {
            diagnostics.append(.error(.EnvFile.emptyIncludePath(directive: word), at: line.problem(at: open)))
            return
        }
        i += 1
        guard expectEndOfLine(line, from: i, after: .EnvFile.unexpectedAfterPath) else { return }
        statements.append(.include(path: path, optional: word == "include?", location: line.location(at: start)))
    }

    // MARK: Assignments

    private mutating func parseAssignment(_ line: LogicalLine, from start: Int) {
        let chars = line.characters
        guard SettingName.isHead(chars[start]) else {
            diagnostics.append(.error(.EnvFile.expectedSettingName, at: line.problem(at: start)))
            return
        }
        var i = start
        while i < chars.count, SettingName.isBody(chars[i]) { i += 1 }
        let key = String(joined: chars[start..<i])
        if i < chars.count, !chars[i].isSpace, chars[i] != "=", chars[i] != "[" {
            let text = line.text(.EnvFile.invalidNameCharacter(character: String(chars[i])), else: .EnvFile.invalidNameCharacter(character: nil))
            diagnostics.append(.error(text, at: line.problem(at: i)))
            return
        }
        skipWhitespace(chars, &i)
        if SettingKey.isSecret(key) { secretTexts += Self.textsAfterEquals(chars, from: i) }
        guard let conditions = parseConditions(line, key: key, at: &i) else {
            brokenKeys.insert(key)
            return
        }
        guard i < chars.count, chars[i] == "=" else {
            diagnostics.append(.error(.EnvFile.expectedEquals, at: line.problem(at: i)))
            return
        }
        i += 1
        skipWhitespace(chars, &i)
        let valueLocation = line.location(at: i)
        guard let value = parseValue(line, from: i) else {
            brokenKeys.insert(key)
            return
        }
        statements.append(.assignment(Assignment(
            key: key, value: value, keyLocation: line.location(at: start), valueLocation: valueLocation, conditions: conditions)))
    }

    /// What follows the `=` of an assignment, even one whose conditions are wrong, so that the line
    /// quoted under the problem (`TOKEN[envv=dev] = s3cret`) has its secret masked: after each `=`
    /// outside `[...]`, or, when a `[` is never closed, after every `=`.
    private static func textsAfterEquals(_ chars: [Character], from start: Int) -> [String] {
        var depth = 0
        var outside: [Int] = []
        var all: [Int] = []
        for index in start..<chars.count {
            switch chars[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=":
                all.append(index)
                if depth == 0 { outside.append(index) }
            default: break
            }
        }
        let texts = (outside.isEmpty ? all : [outside[0]]).map { String(joined: chars[($0 + 1)...]).trimmingWhitespace }
        return texts.filter { !$0.isEmpty }
    }

    /// `[name=pattern]...` after a key, as Xcode reads them (swift-build's `MacroConfigFileParser`):
    /// the name runs to `=`, the pattern to `]`, white space may follow each. `nil` after a problem.
    private mutating func parseConditions(_ line: LogicalLine, key: String, at i: inout Int) -> [SettingCondition]? {
        let chars = line.characters
        var conditions: [SettingCondition] = []
        while i < chars.count, chars[i] == "[" {
            let open = i
            i += 1
            let nameStart = i
            while i < chars.count, chars[i] != "=", chars[i] != "]" { i += 1 }
            guard i < chars.count else {
                diagnostics.append(.error(.EnvFile.unterminatedCondition, at: line.problem(at: open)))
                return nil
            }
            let name = String(joined: chars[nameStart..<i])
            guard chars[i] == "=" else {
                let text = line.text(.EnvFile.expectedConditionEquals(name: name), else: .EnvFile.expectedConditionEquals(name: nil))
                diagnostics.append(.error(text, at: line.problem(at: i)))
                return nil
            }
            i += 1
            let patternStart = i
            while i < chars.count, chars[i] != "]" { i += 1 }
            guard i < chars.count else {
                diagnostics.append(.error(.EnvFile.unterminatedCondition, at: line.problem(at: open)))
                return nil
            }
            let pattern = String(joined: chars[patternStart..<i])
            i += 1
            let condition = SettingCondition(name: name, pattern: pattern, location: line.location(at: open))
            // Xcode never matches a condition it does not know, and real xcconfig files from other
            // tools hold them: a warning, once per name in a file, and the assignment never applies.
            if condition.parameter == nil, warnedConditions.insert(name).inserted {
                let known = SettingCondition.Parameter.names
                // `environment` and `configuration` are likely spellings of `env` and `config`.
                let suggestion = Suggestion.closest(to: name, in: known) ?? known.first { name.lowercased().hasPrefix($0) }
                let text: Message = suggestion.map { .EnvFile.unknownConditionSuggestion(name: name, suggestion: $0) }
                    ?? .EnvFile.unknownCondition(name: name, known: known.joined(separator: ", "))
                diagnostics.append(.warning(line.text(text, else: .EnvFile.unknownCondition(name: nil, known: known.joined(separator: ", "))), at: line.problem(at: nameStart)))
            }
            conditions.append(condition)
            skipWhitespace(chars, &i)
        }
        return conditions
    }

    private mutating func parseValue(_ line: LogicalLine, from start: Int) -> ValueTemplate? {
        let chars = line.characters
        var scanner = ValueScanner(line: line)
        defer { diagnostics += scanner.diagnostics }
        if start < chars.count, chars[start] == "\"" {
            guard let close = closingQuote(chars, after: start) else {
                diagnostics.append(.error(.EnvFile.unterminatedQuote, at: line.problem(at: start)))
                return nil
            }
            var i = close + 1
            skipWhitespace(chars, &i)
            if i < chars.count, chars[i] == ";" { i += 1 }
            guard expectEndOfLine(line, from: i, after: .EnvFile.unexpectedAfterQuote) else { return nil }
            let template = scanner.scan((start + 1)..<close, quoted: true)
            return scanner.diagnostics.isEmpty ? template : nil
        }
        var end = start
        while end < chars.count, !(startsComment(chars, at: end) && (end == start || chars[end - 1].isSpace)) {
            end += 1
        }
        while end > start, chars[end - 1].isSpace { end -= 1 }
        if end > start, chars[end - 1] == ";" { end -= 1 }
        while end > start, chars[end - 1].isSpace { end -= 1 }
        let template = scanner.scan(start..<end, quoted: false)
        return scanner.diagnostics.isEmpty ? template : nil
    }

    /// The index of the `"` closing the one at `open`, skipping escaped characters.
    private func closingQuote(_ chars: [Character], after open: Int) -> Int? {
        var i = open + 1
        while i < chars.count {
            if chars[i] == "\\" {
                i += 2
            } else if chars[i] == "\"" {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    // MARK: Helpers

    /// Only white space and a `//` comment may follow; otherwise reports the first stray character.
    private mutating func expectEndOfLine(_ line: LogicalLine, from index: Int, after what: Message) -> Bool {
        var i = index
        skipWhitespace(line.characters, &i)
        if i >= line.characters.count || startsComment(line.characters, at: i) { return true }
        diagnostics.append(.error(what, at: line.problem(at: i)))
        return false
    }

    private func startsComment(_ chars: [Character], at i: Int) -> Bool {
        i + 1 < chars.count && chars[i] == "/" && chars[i + 1] == "/"
    }

    private func skipWhitespace(_ chars: [Character], _ i: inout Int) {
        while i < chars.count, chars[i].isSpace { i += 1 }
    }
}
