/// The command line is wrong: exit code 2, before anything is read or requested.
public struct UsageError: Error, Sendable, Hashable {
    public var message: String
    /// Names of the command the error is about (`["env"]`), for "Run 'meli-dev env --help'".
    public var commandPath: [String]
    public var suggestion: String?

    public init(_ message: String, commandPath: [String] = [], suggestion: String? = nil) {
        self.message = message
        self.commandPath = commandPath
        self.suggestion = suggestion
    }
}
