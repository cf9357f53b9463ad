#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one binary, in a straight line: parse → answer what the parser decided (help, version,
/// completion, manual page) → resolve the environment → build the services once → run the command
/// → map its error. No command is named here: each one's declaration says what it needs.
package enum Runner {
    /// Entry point of the executables (main.swift): runs `main` on the main thread
    /// (`MainThreadExecutor` says why) and never returns. `transport` is made for that thread's
    /// executor, so that it can drive its requests there too.
    package static func start(transport: (MainThreadExecutor) -> any HTTPTransport) -> Never {
        let executor = MainThreadExecutor()
        let transport = transport(executor)
        Task(executorPreference: executor) { await main(transport: transport) }
        executor.run()
    }

    /// The program; never returns. Which environment this is, the executable's own file name
    /// says: the row of Config/environments with that binary (`meli-qa` is qa).
    ///
    /// It ends with `_exit`, not `exit`: everything meli writes has been written by then (its
    /// output goes straight to write(2), never through a C library buffer, and a pager has been
    /// waited for), so what `exit` would add is the exit handlers of the loaded libraries, which
    /// only free memory the process is about to give back: after a request, OpenSSL's clean-up
    /// among libcurl's 30 libraries (the README's Measure paragraph has what it saves).
    package static func main(transport: any HTTPTransport) async -> Never {
        let context = Context.live(transport: transport)
        let file = PathName.lastComponent(of: context.executablePath ?? CommandLine.arguments.first ?? "")
        guard let name = EnvironmentTable.compiled.row(forBinary: file) else {
            let language = Language.detect(context.environment)
            let style = TextStyle.decide(isTerminal: context.stderr.isTerminal, environment: context.environment, noColorFlag: false)
            let failure = file.isEmpty && CommandLine.arguments.isEmpty
                ? LaunchError.noProc : LaunchError.unknownBinary(file: file, binaries: EnvironmentTable.compiled.binaries)
            // The name heads the error line: a file name may hold escapes.
            _exit(ErrorReporter(binary: file.isEmpty ? "meli" : TerminalText.clean(file), stderr: context.stderr, style: style, language: language).report(failure).rawValue)
        }
        let code = await run(name, arguments: Array(CommandLine.arguments.dropFirst()), context: context)
        _exit(code.rawValue)
    }

    /// The values of secret-named options (`--client-secret X`, `--client-secret=X`) as typed,
    /// before parsing: a usage error may quote the command line.
    static func secretOptionValues(_ arguments: [String]) -> [String] {
        var values: [String] = []
        for (index, argument) in arguments.enumerated() where argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                if SettingKey.isSecret(underscored(body[..<equals])) { values.append(String(body[body.index(after: equals)...])) }
            } else if SettingKey.isSecret(underscored(body)), index + 1 < arguments.count {
                values.append(arguments[index + 1])
            }
        }
        return values
    }

    /// `client-secret` as `CLIENT_SECRET` reads it: each `-` an `_`, byte by byte (a `-` is never
    /// part of a longer UTF-8 sequence). `replacing(text:with:)` cost a conformance scan (~120K
    /// instructions) at every start.
    private static func underscored(_ name: Substring) -> String {
        guard name.utf8.contains(UInt8(ascii: "-")) else { return String(name) }
        return String(decoding: name.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }

    /// Runs with explicit arguments (without the program name) and world; used by `main` and tests.
    package static func run(_ name: EnvironmentName, arguments: [String], context: Context) async -> ExitCode {
        // The one redaction point: everything this run writes passes it, from the first byte, so
        // even a failing environment's diagnostics are masked. It learns more secrets as they come.
        // A loop, not `filter` (a new dictionary, 27K instructions): the Redactor orders them itself.
        var secrets = secretOptionValues(arguments)
        for (key, value) in context.environment where SettingKey.isSecret(key) { secrets.append(value) }
        let redactor = Redactor(secrets: secrets)
        let context = context.redacted(by: redactor)
        let binary = name.binary
        let root = Program.root(binary: binary, environment: name)
        let parse = ArgumentParser(root: root).parse(arguments)
        let globals = parse.globals
        let errStyle = TextStyle.decide(isTerminal: context.stderr.isTerminal, environment: context.environment, noColorFlag: globals.noColor)
        let outStyle = TextStyle.decide(isTerminal: context.stdout.isTerminal, environment: context.environment, noColorFlag: globals.noColor)
        let language = Language.detect(context.environment)
        var reporter = ErrorReporter(binary: binary, stderr: context.stderr, style: errStyle, language: language)
        reporter.quiet = globals.quiet
        reporter.redactor = redactor
        // Output that could not all be written (a full disk, a closed descriptor) fails the run,
        // said on standard error: a success would hide that the rest was lost.
        let ended = { [reporter, failure = context.stdout.failure] (code: ExitCode) -> ExitCode in
            guard code == .success, let lost = failure?.first else { return code }
            return reporter.report(OutputError.cannotWrite(errno: lost))
        }

        let parsed: ParsedArguments
        let command: any Command
        switch parse.outcome {
        case .failure(let error):
            return reporter.report(error)
        case .success(.version):
            let build = BuildInfo.current
            context.stdout.line("\(binary) \(build.version) (\(name.rawValue), \(build.commit))")
            return ended(.success)
        case .success(.help(let path)):
            let (paged, pager) = paging(context, when: true, redactor: redactor, reporter: reporter)
            paged.stdout.write(HelpRenderer(root: root, style: outStyle, language: language).render(path))
            pager?.finish()
            return ended(.success)
        case .success(.completion(let shell)):
            context.stdout.write(Completions.script(shell, root: root) ?? "")
            return ended(.success)
        case .success(.complete(let words)):
            // Silent whatever happens: a shell asked, in the middle of the user's line.
            return await CompleteCommand.answer(words, name: name, context: context, redactor: redactor)
        case .success(.manPage):
            context.stdout.write(ManPage.render(root: root, environment: name, build: .current))
            return ended(.success)
        case .success(.run(let arguments, let chosen)):
            (parsed, command) = (arguments, chosen)
        }

        var resolver = EnvironmentResolver(
            name: name, processEnvironment: context.environment,
            currentDirectory: context.currentDirectory, executablePath: context.executablePath)
        resolver.fileSystem = context.fileSystem
        let environment: Environment
        switch resolver.resolution(globals.overrides) {
        case .success(let resolved): environment = resolved
        case .failure(let error):
            // The problems quote lines and values of the files: masked with every secret they hold.
            for secret in error.secrets { redactor.add(secret) }
            return reporter.report(error)
        }
        for secret in environment.secrets { redactor.add(secret) }
        reporter.printDiagnostics(environment.warnings)
        let logger = Logger(level: environment.logLevel, output: context.stderr, style: errStyle, redactor: redactor, now: context.now)
        logger.debug("\(binary) \(environment.build.version): environment \(name.rawValue) from \(environment.displayPath(environment.envFile.path)) (\(environment.envFile.reason.rawValue))")

        let (io, pager) = paging(context, when: parsed.command.pages, redactor: redactor, reporter: reporter)
        let app = App(
            environment: environment, logger: logger, io: io, style: outStyle, redactor: redactor, language: language,
            globals: globals.runOptions, transportFailureText: { $0.logText })
        var failure: (any Error)?
        do { try await command.run(app) } catch { failure = error }
        // The pager ends (the user leaves it) before anything else reaches the terminal.
        pager?.finish()
        let code: ExitCode
        switch failure {
        case nil:
            code = .success
        case var usage as UsageError:
            if usage.commandPath.isEmpty { usage.commandPath = parsed.commandPath }
            code = reporter.report(usage)
        case let error?:
            code = reporter.report(error)
        }
        // After the command's output, bounded, silent on failure.
        if parsed.command.notifiesOfUpdates {
            await UpdateNotifier.run(app)
        }
        return ended(code)
    }
}
