/// The command line is wrong: exit code 2, before anything is read or requested.
public struct UsageError: Error, Sendable, Hashable {
    public var text: Message
    /// Names of the command the error is about (`["env"]`), for "Run 'meli-dev env --help'".
    public var commandPath: [String]
    public var suggestion: String?

    public init(_ key: MessageKey, _ arguments: String..., commandPath: [String] = [], suggestion: String? = nil) {
        self.text = Message(key, arguments)
        self.commandPath = commandPath
        self.suggestion = suggestion
    }

    /// The message in English, for logs and tests.
    public var message: String { text.description }
}
