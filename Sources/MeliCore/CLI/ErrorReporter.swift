/// The one place errors become what the user reads and the exit code the shell sees.
public struct ErrorReporter: Sendable {
    public var binary: String
    public var stderr: TextOutput
    public var style: TextStyle
    public var language: Language = .english
    /// Warnings are not printed under `--quiet`.
    public var quiet = false


    /// Prints `error` and returns its exit code.
    public func report(_ error: any Error) -> ExitCode {
        switch error {
        case let usage as UsageError:
            var text = errorLine(usage.text.text(language))
            if let suggestion = usage.suggestion { text += safe(language.text(.didYouMean, suggestion)) + "\n" }
            let command = ([binary] + usage.commandPath).joined(separator: " ")
            text += language.text(.runHelp, command) + "\n"
            stderr.write(text)
            return .usage
        case let configuration as ConfigurationError:
            printDiagnostics(configuration.diagnostics)
            let count = configuration.diagnostics.filter { $0.severity == .error }.count
            stderr.write(errorLine(count == 1 ? language.text(.environmentProblemsOne) : language.text(.environmentProblemsMany, String(count))))
            return .configuration
        case let api as APIError:
            return report(api.failure(binary: binary))
        case let install as InstallError:
            return report(install.failure)
        case let failure as CommandFailure:
            var text = errorLine(failure.text.text(language))
            if let hint = failure.hint { text += "\(safe(hint.text(language)))\n" }
            stderr.write(text)
            return failure.exitCode
        default:
            stderr.write(errorLine(String(describing: error)))
            return .failure
        }
    }

    /// Diagnostics in the order found; warnings are left out under `--quiet`.
    public func printDiagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !(quiet && diagnostic.severity == .warning) {
            stderr.write(diagnostic.rendered(style: style, language: language))
        }
    }

    /// A message may quote what came from outside (a URL built from a feed, a server's words, an
    /// argument): its control and format characters are dropped, its line breaks kept.
    private func safe(_ text: String) -> String { TerminalText.clean(text, keepingNewlines: true) }

    /// `meli-qa: error: TEXT`, the text made safe.
    private func errorLine(_ text: String) -> String {
        "\(binary): \(style.paint(language.text(.errorLabel), .red, bold: true)) \(safe(text))\n"
    }
}

/// A command failed in a way the user can act on: a message, what to do, and the exit code.
public struct CommandFailure: Error, Sendable {
    public var exitCode: ExitCode
    public var text: Message
    public var hint: Message?

    public init(_ exitCode: ExitCode, _ text: Message, hint: Message? = nil) {
        self.exitCode = exitCode
        self.text = text
        self.hint = hint
    }

    public init(_ exitCode: ExitCode, _ key: MessageKey, _ arguments: String..., hint: MessageKey? = nil) {
        self.init(exitCode, Message(key, arguments), hint: hint.map { Message($0) })
    }

    /// The message in English, for logs and tests.
    public var message: String { text.description }
}
