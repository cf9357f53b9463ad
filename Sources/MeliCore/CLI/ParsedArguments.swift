/// What the user typed, sorted out against the command declarations.
public struct ParsedArguments: Sendable {
    /// Root first, then each subcommand chosen.
    public var commands: [CommandSpec]
    /// Values by long option name; flags and counters hold one empty string per occurrence.
    public var options: [String: [String]] = [:]
    public var positionals: [String] = []

    public var command: CommandSpec { commands[commands.count - 1] }
    /// Subcommand names after the program's, such as `["env"]`.
    public var commandPath: [String] { commands.dropFirst().map(\.name) }

    public func flag(_ long: String) -> Bool { options[long] != nil }
    public func count(_ long: String) -> Int { options[long]?.count ?? 0 }
    /// The last value given for an option.
    public func value(_ long: String) -> String? { options[long]?.last }
    public func values(_ long: String) -> [String] { options[long] ?? [] }
}
