/// Parses a command line against a root `CommandSpec`.
///
/// - `--name value`, `--name=value`, `-x value`, `-xvalue` and clusters such as `-vv`.
/// - The root's options are global: accepted before or after any subcommand.
/// - `--` ends options; a lone `-` is a positional argument.
/// - A value option takes the next word even if it starts with `-` (`--page -1` reaches validation).
/// - `-h`/`--help` anywhere skips the positional-argument checks, so help is always reachable.
package struct ArgumentParser: Sendable {
    package var root: CommandSpec

    package init(root: CommandSpec) {
        self.root = root
    }

    /// The outcome the command line asks for, or its usage error; never throws.
    func parse(_ words: [String]) -> ParseResult {
        var parsed = ParsedArguments(commands: [root])
        // The completion scripts' hidden entry: the words after it are a line being typed, not one to check.
        if words.first == CompleteCommand.entry {
            return ParseResult(outcome: .success(.complete(words: Array(words.dropFirst()))), globals: GlobalOptions(parsed))
        }
        do throws(UsageError) {
            try read(words, into: &parsed)
            return ParseResult(outcome: .success(try outcome(of: &parsed)), globals: GlobalOptions(parsed))
        } catch {
            // Before any command, a global option that took a command's name as its value explains
            // whatever went wrong after it (`--env-file search iphone`, `--timeout search`).
            var error = parsed.commands.count == 1 ? (swallowedCommand(words) ?? error) : error
            if error.commandPath.isEmpty { error.commandPath = parsed.commandPath }
            return ParseResult(outcome: .failure(error), globals: GlobalOptions(parsed))
        }
    }

    /// Sorts the words into commands, options (converted by their keys) and positionals.
    private func read(_ words: [String], into parsed: inout ParsedArguments) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                if !onlyPositionals, parsed.positionals.isEmpty, parsed.command.hasSubcommands {
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
        if !parsed[GlobalOptions.help] { try assignPositionals(&parsed) }
    }

    /// What the parsed line asks for, in this order: the version, help (`--help`, `help`, a group),
    /// the manual page, a completion script, else the command, built from its typed options.
    private func outcome(of parsed: inout ParsedArguments) throws(UsageError) -> ParseOutcome {
        if parsed[GlobalOptions.version] { return .version }
        let command = parsed.command
        if parsed[GlobalOptions.help] { return .help(parsed.commands) }
        switch command.role {
        case .help:
            if parsed[HelpCommand.man] {
                // The page is the whole program's: a command after --man would be silently ignored.
                if let extra = parsed.positionals.first { throw UsageError(.Usage.unexpectedArgument(argument: extra)) }
                return .manPage
            }
            return .help(try HelpCommand.target(of: parsed))
        case .completion:
            let shell = parsed.positionals.first ?? ""
            guard Completions.shells.contains(shell) else {
                throw UsageError(.Usage.badShell(value: shell, choices: Completions.shells.joined(separator: ", ")))
            }
            return .completion(shell: shell)
        case .command:
            guard let make = command.make else {
                // A group alone (`cache`) shows its help; the program alone is a usage error.
                if parsed.commands.count == 1 { throw noCommand(parsed) }
                return .help(parsed.commands)
            }
            try GlobalOptions(parsed).validate()
            return .run(parsed, try make(parsed))
        }
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
        guard let option = available(parsed).first(where: { $0.long == name }) else { throw unknownLongOption(name, in: parsed) }
        if case .inlineValue = option.kind {
            try record(option, value: inline ?? "", alone: inline == nil, into: &parsed)
        } else if case .value = option.kind {
            let value: String
            if let inline {
                value = inline
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError(.Usage.optionNeedsValue(option: "--\(name)"))
            }
            try record(option, value: value, into: &parsed)
        } else {
            if inline != nil { throw UsageError(.Usage.optionTakesNoValue(option: "--\(name)")) }
            try record(option, value: "", into: &parsed)
        }
    }

    private func parseShortCluster(_ letters: [Character], words: [String], index: inout Int, into parsed: inout ParsedArguments) throws(UsageError) {
        var position = 0
        while position < letters.count {
            let letter = letters[position]
            position += 1
            guard let option = available(parsed).first(where: { $0.short == letter }) else {
                throw UsageError(.Usage.unknownOption(option: "-\(letter)"), suggestion: asWords("-" + String(letters), in: parsed))
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
                throw UsageError(.Usage.optionNeedsValue(option: "-\(letter)"))
            }
            try record(option, value: words[index], into: &parsed)
            index += 1
        }
    }

    /// Keeps `value` as given and its converted form; `alone` is an inline option without `=`.
    private func record(_ option: OptionSpec, value: String, alone: Bool = false, into parsed: inout ParsedArguments) throws(UsageError) {
        var value = value
        if case .choices(let choices) = option.values {
            guard let match = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                let suggestion = Suggestion.closest(to: value, in: choices)
                throw UsageError(.Usage.invalidChoice(value: value, option: option.long, choices: choices.joined(separator: ", ")), suggestion: suggestion)
            }
            value = match
        }
        let typed = try option.convert?(alone ? nil : value)
        if option.kind == .flag || (!option.repeatable && option.kind != .counter) {
            parsed.options[option.long] = [value]
            parsed.converted[option.long] = typed.map { [$0] }
        } else {
            parsed.options[option.long, default: []].append(value)
            if let typed { parsed.converted[option.long, default: []].append(typed) }
        }
    }

    /// Gives each declared argument its words, checking counts and each argument's own check.
    private func assignPositionals(_ parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = parsed.positionals[...]
        for spec in parsed.command.arguments {
            var taken: [String] = []
            switch spec.arity {
            case .required:
                guard let word = remaining.popFirst() else { throw UsageError(.Usage.missingArgument(argument: spec.synopsis)) }
                try spec.check(word)
                taken = [word]
            case .optional:
                taken = remaining.popFirst().map { [$0] } ?? []
            case .variadic(let minimum):
                guard remaining.count >= minimum else { throw UsageError(.Usage.missingArgument(argument: spec.synopsis)) }
                taken = Array(remaining)
                remaining.removeAll()
            }
            parsed.assigned[spec.name] = taken
        }
        if let extra = remaining.first { throw UsageError(.Usage.unexpectedArgument(argument: extra)) }
    }
}
