/// `__complete WORD... CURRENT`: the hidden entry the completion scripts call at each Tab (see
/// `Completions`), with the words after the binary's name, the last one being completed (empty
/// after a space). It prints the candidates in `CompletionAnswer`'s protocol.
///
/// Hidden: it is no `CommandSpec`, so help, the manual page and the completion of command names
/// never show it; the parser hands it over before anything else (`ParseOutcome.complete`).
/// Never loud: a line it cannot read, an environment that does not resolve or a state folder it
/// cannot trust give fewer candidates or none, and exit 0; it writes nothing (no cache entry
/// touched, no state, no log line on standard error) and never touches the network.
enum CompleteCommand {
    /// The word that asks for candidates instead of running a command.
    static let entry = "__complete"

    /// Prints the candidates for `words` as `name`'s binary; `redactor` masks the env files' secrets too.
    static func answer(_ words: [String], name: EnvironmentName, context: Context, redactor: Redactor) async -> ExitCode {
        let language = Language.detect(context.environment)
        let root = Program.root(binary: name.binary, environment: name)
        guard let line = CompletionLine(words, root: root) else {
            context.stdout.write(CompletionAnswer.nothing.text)
            return .success
        }
        switch line.need(environment: name, language: language) {
        case .answer(let answer):
            context.stdout.write(answer.text)
        case .source(let source, let choices, let prefix):
            let app = quietApp(line, name: name, context: context, redactor: redactor, language: language)
            let values = CompletionValues(app: app, line: line)
            var answer = await values.answer(source)
            if let choices { answer.restrict(to: choices) }
            context.stdout.write(answer.matching(line.current, prefix: prefix).text)
        }
        return .success
    }

    /// The services of a run, built as the runner builds them but silent: the environment as the
    /// line's `--env-file` and setting flags make it, its warnings unsaid, a logger that writes
    /// nothing. Nil when the environment does not resolve (the candidates then need none).
    private static func quietApp(
        _ line: CompletionLine, name: EnvironmentName, context: Context, redactor: Redactor, language: Language
    ) -> App? {
        var resolver = EnvironmentResolver(
            name: name, processEnvironment: context.environment, currentDirectory: context.currentDirectory,
            executablePath: context.executablePath)
        resolver.fileSystem = context.fileSystem
        let flags = line.options.filter { given in Settings.flags.contains { $0.long == given.key } }
        guard case .success(let environment) = resolver.resolve(EnvironmentOverrides(envFile: line.options["env-file"]?.last, options: flags)) else {
            return nil
        }
        for secret in environment.secrets { redactor.add(secret) }
        let silent = TextOutput(isTerminal: false) { _ in }
        let logger = Logger(level: .critical, output: silent, style: .plain, redactor: redactor, now: context.now)
        var io = context
        io.stderr = silent
        return App(
            environment: environment, logger: logger, io: io, style: .plain, redactor: redactor, language: language,
            globals: RunOptions(offline: true, noCache: false, quiet: true), transportFailureText: { _ in "" })
    }
}

extension CompletionAnswer {
    /// Keeps only `choices` (an option accepting no others), in the order found, then the
    /// choices not found, undescribed.
    mutating func restrict(to choices: [String]) {
        candidates = candidates.filter { choices.contains($0.value) }
        candidates += choices.filter { choice in !candidates.contains { $0.value == choice } }.map { Candidate($0) }
    }
}
