/// What the user typed, sorted out against the command declarations. Commands read it only
/// through their typed keys (`OptionKeys.swift`).
package struct ParsedArguments: Sendable {
    /// Root first, then each subcommand chosen.
    package var commands: [CommandSpec]
    /// The text of each option given, by long name; flags and counters hold one empty string per occurrence.
    var options: [String: [String]] = [:]
    /// The typed value of each value option given, by long name, in order.
    var converted: [String: [any Sendable]] = [:]
    package var positionals: [String] = []
    /// The positional words each argument took, by argument name.
    var assigned: [String: [String]] = [:]

    package var command: CommandSpec { commands[commands.count - 1] }
    /// Subcommand names after the program's, such as `["env"]`: what the declarations say, never typed by hand.
    package var commandPath: [String] { commands.dropFirst().map(\.name) }
}

/// What the parser decided the command line asks for. Help, the version, a completion script and
/// the manual page need no environment and run no command: they are answered in one place (`Runner`).
enum ParseOutcome: Sendable {
    /// Run this command (the parsed line is what it reads its options from).
    case run(ParsedArguments, any Command)
    /// The help of the last command of this path (root first).
    case help([CommandSpec])
    case version
    /// The completion script for this shell (checked to be one of `Completions.shells`).
    case completion(shell: String)
    /// The candidates for the last of `words` (`__complete`, which the completion scripts call).
    case complete(words: [String])
    case manPage
}

/// The parser's answer: an outcome or the usage error, and the global options read before either,
/// so that a usage error already honours `--no-color` and `--quiet` given before it.
struct ParseResult: Sendable {
    var outcome: ParseAnswer
    var globals: GlobalOptions
}

/// An outcome or the usage error: `Result<ParseOutcome, UsageError>`'s two cases, in a type of
/// its own, since that generic type's metadata was made at run time, checking that UsageError is
/// an Error by scanning every conformance of the binary (~100K instructions at every start).
enum ParseAnswer: Sendable {
    case success(ParseOutcome)
    case failure(UsageError)
}
