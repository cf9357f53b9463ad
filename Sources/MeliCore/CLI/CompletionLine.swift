/// A command line being completed (`__complete WORD... CURRENT`), read as `ArgumentParser` reads a
/// whole one but forgiving what a line being typed lacks: a missing argument, an option not yet
/// given its value, an unknown option (skipped). Only an unknown command makes it no line at all.
struct CompletionLine: Sendable {
    /// What the word under the cursor is.
    enum Target: Sendable {
        /// The value of `option`, typed after `prefix` (`--site=`) or as the next word (prefix empty).
        case value(OptionSpec, prefix: String)
        /// An option's name: the word starts with `-`.
        case optionName
        /// A subcommand of the last command named, or that command's next positional argument.
        case word
    }

    /// Root first, then each subcommand named.
    var commands: [CommandSpec]
    /// The texts of the options given before the word, by long name, as the parser records them.
    var options: [String: [String]] = [:]
    var positionals: [String] = []
    /// The word being completed as typed so far, without the `--name=` of `.value`'s prefix.
    var current: String
    var target: Target = .word

    var root: CommandSpec { commands[0] }
    var command: CommandSpec { commands[commands.count - 1] }

    /// Options valid where the line stands: the command's own, then the global ones.
    var available: [OptionSpec] { commands.count > 1 ? command.options + root.options : root.options }

    /// Reads `words` (the last being completed, possibly empty) against `root`; nil when they name
    /// a command `root` does not have, or complete the value of an option that takes none.
    init?(_ words: [String], root: CommandSpec) {
        commands = [root]
        current = words.last ?? ""
        var pending: OptionSpec?
        var onlyPositionals = false
        for word in words.dropLast() {
            if let option = pending {
                options[option.long, default: []].append(word)
                pending = nil
            } else if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                if !onlyPositionals, positionals.isEmpty, command.hasSubcommands {
                    guard let sub = command.subcommand(named: word) else { return nil }
                    commands.append(sub)
                } else {
                    positionals.append(word)
                }
            } else if word == "--" {
                onlyPositionals = true
            } else if word.hasPrefix("--") {
                pending = readLong(String(word.dropFirst(2)))
            } else {
                pending = readShort(Array(word.dropFirst()))
            }
        }
        if let pending {
            target = .value(pending, prefix: "")
        } else if !onlyPositionals, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
            guard let option = available.first(where: { $0.long == name }), option.takesValue else { return nil }
            target = .value(option, prefix: "--\(name)=")
            current = String(current[current.index(after: equals)...])
        } else if !onlyPositionals, current.hasPrefix("-") {
            target = .optionName
        }
    }

    /// Records `--name`, `--name=value`; returns the option when its value is the next word.
    private mutating func readLong(_ body: String) -> OptionSpec? {
        let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let option = available.first(where: { $0.long == name }) else { return nil }
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        if case .value = option.kind, inline == nil { return option }
        options[option.long, default: []].append(inline ?? "")
        return nil
    }

    /// Records a cluster of short options (`-vv`, `-q`); returns the last one when it takes the next word.
    private mutating func readShort(_ letters: [Character]) -> OptionSpec? {
        for (index, letter) in letters.enumerated() {
            guard let option = available.first(where: { $0.short == letter }) else { return nil }
            guard case .value = option.kind else {
                options[option.long, default: []].append("")
                continue
            }
            guard index + 1 < letters.count else { return option }
            options[option.long, default: []].append(String(letters[(index + 1)...]))
            return nil
        }
        return nil
    }

    /// The argument the word would be, by the positional words before it; nil when none is left.
    var argument: ArgumentSpec? {
        var index = positionals.count
        for spec in command.arguments {
            if case .variadic = spec.arity { return spec }
            if index == 0 { return spec }
            index -= 1
        }
        return nil
    }
}

extension OptionSpec {
    /// Whether it takes a value, after `=` or as the next word.
    var takesValue: Bool {
        switch kind {
        case .value, .inlineValue: true
        case .flag, .counter: false
        }
    }
}
