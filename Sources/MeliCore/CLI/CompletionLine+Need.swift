/// What completes the word under the cursor, as far as the declarations tell: command and option
/// names, an option's choices, and the values that need no environment (environments, settings,
/// help's commands, `--json` fields). The catalog's values are a `CompletionSource` to ask.
extension CompletionLine {
    /// The answer, or the source that has it (`CompleteCommand` asks it).
    enum Need: Sendable {
        case answer(CompletionAnswer)
        /// Ask `source`; keep only `choices` when the option accepts no others; write each after `prefix`.
        case source(CompletionSource, choices: [String]?, prefix: String)
    }

    /// What completes the word for `environment`'s binary, described in `language`.
    func need(environment: EnvironmentName, language: Language) -> Need {
        switch target {
        case .optionName:
            return .answer(optionNames(language).matching(current))
        case .value(let option, let prefix):
            return values(option.values, option.completion, prefix: prefix, environment: environment, language: language)
        case .word:
            if positionals.isEmpty, command.hasSubcommands {
                return .answer(Self.subcommands(of: command, language).matching(current))
            }
            guard let argument else { return .answer(.nothing) }
            return values(argument.values, argument.completion, prefix: "", environment: environment, language: language)
        }
    }

    /// What completes a value: its source when declared, else its choices, a file, or nothing.
    private func values(
        _ values: OptionSpec.Values, _ source: CompletionSource?, prefix: String, environment: EnvironmentName, language: Language
    ) -> Need {
        typealias Candidate = CompletionAnswer.Candidate
        switch source {
        case .environments?:
            // No name matches: the shell completes a file's path instead.
            let names = EnvironmentName.allCases.map { Candidate($0.rawValue, Message.Completion.environment(binary: $0.binary, file: $0.fileName).text(language)) }
            return .answer(CompletionAnswer(names, []).matching(current, prefix: prefix))
        case .settings?:
            let keys = Settings.keys(readBy: environment).map { Candidate($0.name, $0.summary.text(language)) }
            return .answer(CompletionAnswer(keys).matching(current, prefix: prefix))
        case .commands?:
            var spec = root
            for word in positionals {
                guard let next = spec.subcommand(named: word) else { return .answer(.nothing) }
                spec = next
            }
            return .answer(Self.subcommands(of: spec, language).matching(current, prefix: prefix))
        case .fields(let names)?:
            return .answer(fields(names.names(), prefix: prefix))
        case let source?:
            if case .choices(let choices) = values { return .source(source, choices: choices, prefix: prefix) }
            return .source(source, choices: nil, prefix: prefix)
        case nil:
            switch values {
            case .any: return .answer(.nothing)
            case .file: return .answer(CompletionAnswer([], []))
            case .choices(let choices): return .answer(CompletionAnswer(choices.map { Candidate($0) }).matching(current, prefix: prefix))
            }
        }
    }

    /// The options not given yet (a repeatable one or a counter may come again), long and short.
    private func optionNames(_ language: Language) -> CompletionAnswer {
        var names: [CompletionAnswer.Candidate] = []
        for option in available where options[option.long] == nil || option.repeatable || option.kind == .counter {
            let help = option.help.text(language)
            names.append(.init("--" + option.long, help))
            if let short = option.short { names.append(.init("-" + String(short), help)) }
        }
        return CompletionAnswer(names)
    }

    /// `spec`'s subcommands, with their summaries.
    static func subcommands(of spec: CommandSpec, _ language: Language) -> CompletionAnswer {
        CompletionAnswer(spec.subcommands.map { .init($0.name, $0.summary.text(language)) })
    }

    /// `--json=id,ti` → `--json=id,title`: the fields not listed yet, after those that are; no
    /// space after one, as a comma and another may follow.
    private func fields(_ names: [String], prefix: String) -> CompletionAnswer {
        let typed = current.split(separator: ",", omittingEmptySubsequences: false).dropLast().map(String.init)
        let lead = typed.isEmpty ? "" : typed.joined(separator: ",") + ","
        let rest = names.filter { !typed.contains($0) }.map { CompletionAnswer.Candidate(lead + $0) }
        return CompletionAnswer(rest, [.noFiles, .noSpace]).matching(current, prefix: prefix)
    }
}
