/// `help [<command>...]`: the same text as `<command> --help`. Answered before the environment is
/// read, like `--help`, so help works even when the configuration is broken.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        summary: .ProgramHelp.helpCommandSummary,
        arguments: [command], options: [man],
        examples: ["$0 help env", "$0 help --man | man -l -"], role: .help)
    static let command = Argument.variadic("command", help: .ProgramHelp.helpCommandArgumentHelp).completing(.commands)
    static let man = Flag("man", help: .ProgramHelp.helpManHelp)

    /// The commands named after `help`, root first.
    static func target(of parsed: ParsedArguments) throws(UsageError) -> [CommandSpec] {
        var path = [parsed.commands[0]]
        for name in parsed[command] {
            guard let next = path.last!.subcommand(named: name) else {
                throw UsageError(.Usage.unknownCommand(command: name), suggestion: Suggestion.closest(to: name, in: path.last!.subcommands.map(\.name)))
            }
            path.append(next)
        }
        return path
    }
}
