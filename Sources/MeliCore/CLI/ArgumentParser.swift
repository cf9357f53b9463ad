/// Parses a command line against a root `CommandSpec`.
///
/// - `--name value`, `--name=value`, `-x value`, `-xvalue` and clusters such as `-vv`.
/// - The root's options are global: accepted before or after any subcommand.
/// - `--` ends options; a lone `-` is a positional argument.
/// - A value option takes the next word even if it starts with `-` (`--page -1` reaches validation).
/// - `-h`/`--help` anywhere skips the positional-argument checks, so help is always reachable.
public struct ArgumentParser: Sendable {
    public var root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    public func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(commands: [root])
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                if !onlyPositionals, parsed.positionals.isEmpty, !parsed.command.subcommands.isEmpty {
                    guard let sub = parsed.command.subcommand(named: word) else {
                        throw unknownCommand(word, in: parsed)
                    }
                    parsed.commands.append(sub)
                } else {
                    parsed.positionals.append(word)
                }
            } else if word == "--" {
                onlyPositionals = true
            } else if word.hasPrefix("--") {
                try parseLong(String(word.dropFirst(2)), words: words, index: &index, into: &parsed)
            } else {
                try parseShortCluster(Array(word.dropFirst()), words: words, index: &index, into: &parsed)
            }
        }
        if !parsed.flag("help") { try checkPositionals(parsed) }
        return parsed
    }

    /// Options valid where the parser stands: the command's own, then the global ones.
    private func available(_ parsed: ParsedArguments) -> [OptionSpec] {
        parsed.commands.count > 1 ? parsed.command.options + root.options : root.options
    }

    private func parseLong(_ body: String, words: [String], index: inout Int, into parsed: inout ParsedArguments) throws(UsageError) {
        let name: String
        var inline: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inline = String(body[body.index(after: equals)...])
        } else {
            name = body
        }
        guard let option = available(parsed).first(where: { $0.long == name }) else {
            let suggestion = Suggestion.closest(to: name, in: available(parsed).map(\.long)).map { "--\($0)" }
            throw UsageError(.unknownOption, "--\(name)", commandPath: parsed.commandPath, suggestion: suggestion)
        }
        if case .value = option.kind {
            let value: String
            if let inline {
                value = inline
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError(.optionNeedsValue, "--\(name)", commandPath: parsed.commandPath)
            }
            try record(option, value: value, into: &parsed)
        } else {
            if inline != nil { throw UsageError(.optionTakesNoValue, "--\(name)", commandPath: parsed.commandPath) }
            try record(option, value: "", into: &parsed)
        }
    }

    private func parseShortCluster(_ letters: [Character], words: [String], index: inout Int, into parsed: inout ParsedArguments) throws(UsageError) {
        var position = 0
        while position < letters.count {
            let letter = letters[position]
            position += 1
            guard let option = available(parsed).first(where: { $0.short == letter }) else {
                throw UsageError(.unknownOption, "-\(letter)", commandPath: parsed.commandPath)
            }
            guard case .value = option.kind else {
                try record(option, value: "", into: &parsed)
                continue
            }
            if position < letters.count {
                try record(option, value: String(letters[position...]), into: &parsed)
                return
            }
            guard index < words.count else {
                throw UsageError(.optionNeedsValue, "-\(letter)", commandPath: parsed.commandPath)
            }
            try record(option, value: words[index], into: &parsed)
            index += 1
        }
    }

    private func record(_ option: OptionSpec, value: String, into parsed: inout ParsedArguments) throws(UsageError) {
        var value = value
        if case .choices(let choices) = option.values {
            guard let match = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                let suggestion = Suggestion.closest(to: value, in: choices)
                throw UsageError(
                    .invalidChoice, value, option.long, choices.joined(separator: ", "),
                    commandPath: parsed.commandPath, suggestion: suggestion)
            }
            value = match
        }
        if option.kind == .flag || (!option.repeatable && option.kind != .counter) {
            parsed.options[option.long] = [value]
        } else {
            parsed.options[option.long, default: []].append(value)
        }
    }

    private func checkPositionals(_ parsed: ParsedArguments) throws(UsageError) {
        let specs = parsed.command.arguments
        var remaining = parsed.positionals[...]
        for spec in specs {
            switch spec.arity {
            case .required:
                guard remaining.popFirst() != nil else {
                    throw UsageError(.missingArgument, spec.synopsis, commandPath: parsed.commandPath)
                }
            case .optional:
                _ = remaining.popFirst()
            case .variadic(let minimum):
                guard remaining.count >= minimum else {
                    throw UsageError(.missingArgument, spec.synopsis, commandPath: parsed.commandPath)
                }
                remaining.removeAll()
            }
        }
        if let extra = remaining.first {
            throw UsageError(.unexpectedArgument, extra, commandPath: parsed.commandPath)
        }
    }

    private func unknownCommand(_ word: String, in parsed: ParsedArguments) -> UsageError {
        let names = parsed.command.subcommands.map(\.name)
        return UsageError(
            .unknownCommand, word, commandPath: parsed.commandPath,
            suggestion: Suggestion.closest(to: word, in: names))
    }
}
