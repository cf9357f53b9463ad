/// The one place errors become what the user reads and the exit code the shell sees.
public struct ErrorReporter: Sendable {
    public var binary: String
    public var stderr: TextOutput
    public var style: TextStyle
    /// Warnings are not printed under `--quiet`.
    public var quiet = false

    /// Prints `error` and returns its exit code.
    public func report(_ error: any Error) -> ExitCode {
        switch error {
        case let usage as UsageError:
            var text = "\(binary): \(label()) \(usage.message)\n"
            if let suggestion = usage.suggestion { text += "Did you mean '\(suggestion)'?\n" }
            let command = ([binary] + usage.commandPath).joined(separator: " ")
            text += "Run '\(command) --help' for usage.\n"
            stderr.write(text)
            return .usage
        case let configuration as ConfigurationError:
            printDiagnostics(configuration.diagnostics)
            let count = configuration.diagnostics.filter { $0.severity == .error }.count
            stderr.write("\(binary): \(label()) \(count == 1 ? "1 problem" : "\(count) problems") in the environment; nothing was run\n")
            return .configuration
        case let api as APIError:
            return report(api.failure)
        case let failure as CommandFailure:
            var text = "\(binary): \(label()) \(failure.message)\n"
            if let hint = failure.hint { text += "\(hint)\n" }
            stderr.write(text)
            return failure.exitCode
        default:
            stderr.write("\(binary): \(label()) \(String(describing: error))\n")
            return .failure
        }
    }

    /// Diagnostics in the order found; warnings are left out under `--quiet`.
    public func printDiagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !(quiet && diagnostic.severity == .warning) {
            stderr.write(diagnostic.rendered(style: style))
        }
    }

    private func label() -> String { style.paint("error:", .red, bold: true) }
}

/// A command failed in a way the user can act on: a message, what to do, and the exit code.
public struct CommandFailure: Error, Sendable {
    public var exitCode: ExitCode
    public var message: String
    public var hint: String?

    public init(_ exitCode: ExitCode, _ message: String, hint: String? = nil) {
        self.exitCode = exitCode
        self.message = message
        self.hint = hint
    }
}
