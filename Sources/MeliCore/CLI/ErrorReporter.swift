/// The one place errors become what the user reads and the exit code the shell sees.
package struct ErrorReporter: Sendable {
    package var binary: String
    package var stderr: TextOutput
    package var style: TextStyle
    package var language: Language = .english
    /// Warnings are not printed under `--quiet`.
    package var quiet = false
    /// Masks the secrets known to this run (a token, a client secret) in everything reported,
    /// once the environment is read: a server's error text may quote the token it was sent.
    var redactor: Redactor?

    /// Prints `error` and returns its exit code.
    package func report(_ error: any Error) -> ExitCode {
        switch error {
        case let usage as UsageError:
            var text = errorLine(usage.text.text(language))
            if let suggestion = usage.suggestion { text += safe(Message.Reporting.didYouMean(suggestion: suggestion).text(language)) + "\n" }
            let command = ([binary] + usage.commandPath).joined(separator: " ")
            text += Message.Reporting.runHelp(command: command).text(language) + "\n"
            stderr.write(text)
            return .usage
        case let configuration as ConfigurationError:
            printDiagnostics(configuration.diagnostics)
            let count = configuration.diagnostics.filter { $0.severity == .error }.count
            stderr.write(errorLine((count == 1 ? Message.Reporting.environmentProblemsOne : .Reporting.environmentProblemsMany(count: String(count))).text(language)))
            return .configuration
        case let reported as StandardInputFailures:
            // Each was printed as it failed (`report(_:line:id:)`).
            return reported.exitCode
        default:
            guard let failure = failure(for: error) else {
                stderr.write(errorLine(String(describing: error)))
                return .failure
            }
            var text = errorLine(failure.text.text(language))
            if let hint = failure.hint { text += "\(safe(hint.text(language)))\n" }
            stderr.write(text)
            return failure.exitCode
        }
    }

    /// The one table from the errors the layers throw to what the user reads and the exit code;
    /// each error type's rows are in the `ErrorMessages+*.swift` file beside this one. Nil for an
    /// error meli does not know, which is printed as it describes itself, with exit code 1.
    func failure(for error: any Error) -> CommandFailure? {
        switch error {
        case let error as APIError: error.failure(binary: binary)
        case let error as InstallError: error.failure
        case let error as FeedError: error.failure(binary: binary)
        case let error as SiteError: error.failure
        case let error as AuthError: error.failure(binary: binary)
        case let error as CacheError: error.failure
        case let error as UpdateError: error.failure
        case let error as LaunchError: error.failure
        case let error as BrowseError: error.failure
        case let error as OutputError: error.failure
        case let error as WebError: error.failure
        case let error as PackageManagedError: error.failure
        case let error as StandardInputError: error.failure
        default: nil
        }
    }

    /// Diagnostics in the order found; warnings are left out under `--quiet`. They quote a file's
    /// name and lines, which may hold escapes: only meli's own colours are kept.
    package func printDiagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !(quiet && diagnostic.severity == .warning) {
            let text = diagnostic.rendered(style: style, language: language)
            stderr.write(TerminalText.cleanView(redactor?.redact(text) ?? text, keepingColour: style.colored))
        }
    }

    /// A message may quote what came from outside (a URL built from a feed, a server's words, an
    /// argument): its control and format characters are dropped, its line breaks kept.
    func safe(_ text: String) -> String { TerminalText.clean(redactor?.redact(text) ?? text, keepingNewlines: true) }

    /// `meli-qa: error: TEXT`, the text made safe.
    func errorLine(_ text: String) -> String {
        "\(binary): \(style.paint(Message.Reporting.errorLabel.text(language), .red, bold: true)) \(safe(text))\n"
    }
}

/// What the user reads for a failed command, and the exit code: a row of `ErrorReporter`'s table
/// (`failure(for:)`), built only in the `ErrorMessages+*.swift` files.
package struct CommandFailure: Sendable, Hashable {
    package var exitCode: ExitCode
    package var text: Message
    package var hint: Message?

    init(_ exitCode: ExitCode, _ text: Message, hint: Message? = nil) {
        self.exitCode = exitCode
        self.text = text
        self.hint = hint
    }

    /// The message in English, for logs and tests.
    package var message: String { text.description }
}

extension ErrorReporter {
    /// A reporter in English without colour, for the package's other targets (the fuzz targets
    /// report what a run outside `Runner` failed with, as a user would read it).
    package static func plain(binary: String, stderr: TextOutput) -> ErrorReporter {
        ErrorReporter(binary: binary, stderr: stderr, style: .plain)
    }
}
