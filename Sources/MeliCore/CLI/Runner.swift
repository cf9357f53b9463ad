#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one binary: parse the command line, resolve the environment, run the command, map errors.
public enum Runner {
    /// Entry point of the executables; never returns.
    public static func main(_ name: EnvironmentName, transport: any HTTPTransport) async -> Never {
        let code = await run(name, arguments: Array(CommandLine.arguments.dropFirst()), context: .live(transport: transport))
        exit(code.rawValue)
    }

    /// Runs with explicit arguments (without the program name) and world; used by `main` and tests.
    public static func run(_ name: EnvironmentName, arguments: [String], context: Context) async -> ExitCode {
        let binary = Environment.binaryName(for: name)
        let root = Program.root(binary: binary, environment: name)
        // Looked for before parsing, so that a usage error from the parser already honours it.
        let noColor = arguments.contains("--no-color")
        let errStyle = TextStyle.decide(isTerminal: context.stderr.isTerminal, environment: context.environment, noColorFlag: noColor)
        let outStyle = TextStyle.decide(isTerminal: context.stdout.isTerminal, environment: context.environment, noColorFlag: noColor)
        let language = Language.detect(context.environment)
        var reporter = ErrorReporter(binary: binary, stderr: context.stderr, style: errStyle, language: language)

        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser(root: root).parse(arguments)
        } catch {
            return reporter.report(error)
        }
        reporter.quiet = parsed.flag("quiet")
        if parsed.flag("version") {
            let build = BuildInfo.current
            context.stdout.line("\(binary) \(build.version) (\(name.rawValue), \(build.commit))")
            return .success
        }
        do {
            if let text = try standalone(parsed, root: root, environment: name) {
                context.stdout.write(text)
                return .success
            }
        } catch {
            return reporter.report(error)
        }
        if parsed.commandPath == [CompletionCommand.spec.name], !parsed.flag("help") {
            let shell = parsed.positionals.first ?? ""
            return reporter.report(UsageError(.badShell, shell, Completions.shells.joined(separator: ", "), commandPath: parsed.commandPath))
        }
        if parsed.flag("help") || parsed.command.action == nil {
            var path = parsed.commands
            if parsed.commandPath == [HelpCommand.spec.name], !parsed.flag("help") {
                do { path = try HelpCommand.target(of: parsed) } catch { return reporter.report(error) }
            }
            context.stdout.write(HelpRenderer(root: root, environment: name, style: outStyle, language: language).render(path))
            return .success
        }
        if parsed.flag("quiet"), parsed.count("verbose") > 0 {
            return reporter.report(UsageError(.quietWithVerbose, commandPath: parsed.commandPath))
        }
        if parsed.flag("offline"), parsed.flag("no-cache") {
            return reporter.report(UsageError(.offlineWithNoCache, commandPath: parsed.commandPath))
        }

        let resolver = EnvironmentResolver(
            name: name, processEnvironment: context.environment,
            currentDirectory: context.currentDirectory, executablePath: context.executablePath)
        let overrides = EnvironmentOverrides(
            envFile: parsed.value("env-file"), logLevel: parsed.value("log-level").flatMap(LogLevel.init(parsing:)),
            verbosity: parsed.count("verbose"), quiet: parsed.flag("quiet"))
        let environment: Environment
        switch resolver.resolve(overrides) {
        case .success(let resolved): environment = resolved
        case .failure(let error): return reporter.report(error)
        }
        reporter.printDiagnostics(environment.warnings)

        let secrets = environment.settings.filter { SettingKey.isSecret($0.key) }.map(\.value)
            + context.environment.filter { SettingKey.isSecret($0.key) }.map(\.value)
        let redactor = Redactor(secrets: secrets)
        let logger = Logger(level: environment.logLevel, output: context.stderr, style: errStyle, redactor: redactor, now: context.now)
        logger.debug("\(binary) \(environment.build.version): environment \(name.rawValue) from \(environment.displayPath(environment.envFile.path)) (\(environment.envFile.reason.rawValue))")

        let commandContext = CommandContext(arguments: parsed, environment: environment, logger: logger, io: context, style: outStyle, redactor: redactor, language: language)
        let code: ExitCode
        do {
            try await parsed.command.action?(commandContext)
            code = .success
        } catch {
            code = reporter.report(error)
        }
        // After the command's output, bounded, silent on failure; `update` says it all itself.
        if parsed.commandPath.first != UpdateCommand.spec.name {
            await UpdateNotifier.run(commandContext)
        }
        return code
    }

    /// Output that needs no environment: `completion SHELL` and `help --man`; nil for other commands.
    static func standalone(_ parsed: ParsedArguments, root: CommandSpec, environment: EnvironmentName) throws(UsageError) -> String? {
        guard !parsed.flag("help") else { return nil }
        if parsed.commandPath == [CompletionCommand.spec.name] {
            return parsed.positionals.first.flatMap { Completions.script($0, root: root) }
        }
        if parsed.commandPath == [HelpCommand.spec.name], parsed.flag("man") {
            // The page is the whole program's: a command after --man would be silently ignored.
            if let extra = parsed.positionals.first { throw UsageError(.unexpectedArgument, extra, commandPath: parsed.commandPath) }
            return ManPage.render(root: root, environment: environment, build: .current)
        }
        return nil
    }
}
