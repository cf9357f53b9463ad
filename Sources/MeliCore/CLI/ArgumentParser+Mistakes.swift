/// The usage errors the parser builds for words it cannot place: an unknown option or command,
/// and no command at all.
extension ArgumentParser {
    /// Options valid where the parser stands: the command's own, then the global ones.
    func available(_ parsed: ParsedArguments) -> [OptionSpec] {
        parsed.commands.count > 1 ? parsed.command.options + root.options : root.options
    }

    /// An unknown `--name`: the closest option here when one is a likely typo; else, when other
    /// commands take it (`browse --limit`), which ones; else, where free words go, `-- --name`.
    func unknownLongOption(_ name: String, in parsed: ParsedArguments) -> UsageError {
        let option = "--" + name
        if let closest = Suggestion.closest(to: name, in: available(parsed).map(\.long)) {
            return UsageError(.Usage.unknownOption(option: option), suggestion: "--" + closest)
        }
        let owners = Self.commandPaths(under: root).filter { $0.spec.options.contains { $0.long == name } }
        if !owners.isEmpty {
            let names = owners.map { "'\(([root.name] + $0.path).joined(separator: " "))'" }.joined(separator: ", ")
            guard parsed.commands.count > 1 else {
                // Before the command (`meli-dev --site MLA search`): a command's options follow it.
                return UsageError(.Usage.commandOptionBeforeCommand(option: option, owners: names))
            }
            return UsageError(.Usage.optionOfOtherCommand(option: option, command: parsed.commandPath.joined(separator: " "), owners: names))
        }
        return UsageError(.Usage.unknownOption(option: option), suggestion: asWords(option, in: parsed))
    }

    /// Every command under `spec` that runs, with the names leading to it (`["cache", "info"]`).
    static func commandPaths(under spec: CommandSpec, path: [String] = []) -> [(path: [String], spec: CommandSpec)] {
        spec.subcommands.flatMap { sub in
            (sub.make == nil ? [] : [(path + [sub.name], sub)]) + commandPaths(under: sub, path: path + [sub.name])
        }
    }

    /// `-- WORD` for a command that takes free words (`search -- -iphone`), where a word starting
    /// with `-` is more likely meant as one of them than as an option.
    func asWords(_ word: String, in parsed: ParsedArguments) -> String? {
        let takesWords = parsed.command.role == .command && parsed.command.arguments.contains {
            if case .variadic = $0.arity { true } else { false }
        }
        return takesWords ? "-- " + word : nil
    }

    func unknownCommand(_ word: String, in parsed: ParsedArguments) -> UsageError {
        let names = parsed.command.entries.map(\.name)
        return UsageError(.Usage.unknownCommand(command: word), commandPath: parsed.commandPath, suggestion: Suggestion.closest(to: word, in: names))
    }

    /// The program run without a command (exit 2, as `git` does, where `gh` shows its help): when a
    /// global option took a command's name as its value (`--env-file sites`), that is said, with the
    /// line meant; otherwise the short usage and the commands.
    func noCommand(_ parsed: ParsedArguments) -> UsageError {
        let commands = root.entries.map(\.name).joined(separator: ", ")
        return UsageError(.Usage.noCommand(binary: root.name, commands: commands))
    }

    /// The first global value option, before any command, whose value is a command's name
    /// (`--env-file sites`, `--timeout search iphone`): the error saying so, with the line meant
    /// (`meli-dev --env-file <path> search iphone`); nil when no option took one.
    func swallowedCommand(_ words: [String]) -> UsageError? {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" || !word.hasPrefix("-") { return nil }
            let name = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard word.hasPrefix("--"), let option = root.options.first(where: { "--" + $0.long == name[0] }),
                  case .value = option.kind else { continue }
            let value: String
            if name.count == 2 {
                value = String(name[1])
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                return nil
            }
            guard root.subcommand(named: value) != nil, case .value(let placeholder) = option.kind else { continue }
            let line = [root.name, "--\(option.long) <\(placeholder)>", value] + words[index...]
            return UsageError(.Usage.optionTookCommand(option: "--" + option.long, command: value), suggestion: line.joined(separator: " "))
        }
        return nil
    }
}
