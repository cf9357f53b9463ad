/// The command line is wrong: exit code 2, before anything is read or requested.
///
/// Thrown where the problem is found (the parser, an option's conversion, a command's `init`),
/// with its message: `throw UsageError(.badLimit(value: text))`. `ErrorReporter` adds the
/// suggestion and "Run '<binary> <command> --help' for usage.".
package struct UsageError: Error, Sendable, Hashable {
    /// What the user reads.
    package var text: Message
    /// Names of the command the error is about (`["env"]`), for "Run 'meli-dev env --help'".
    package var commandPath: [String]
    package var suggestion: String?

    init(_ message: Message, commandPath: [String] = [], suggestion: String? = nil) {
        self.text = message
        self.commandPath = commandPath
        self.suggestion = suggestion
    }

    /// The message in English, for logs.
    package var message: String { text.description }
}
