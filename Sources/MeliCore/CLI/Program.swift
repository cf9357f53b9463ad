/// The whole command line of one binary, declared once.
public enum Program {
    /// Options accepted before or after any command.
    public static let globalOptions: [OptionSpec] = [
        OptionSpec("env-file", kind: .value(placeholder: "path"), values: .file,
                   help: "Read the environment from this file (also MELI_ENV_FILE)."),
        OptionSpec("log-level", kind: .value(placeholder: "level"), values: .choices(LogLevel.allCases.map(\.rawValue)),
                   help: "Log at this level: \(LogLevel.choices)."),
        OptionSpec("verbose", short: "v", kind: .counter, help: "Log one level more verbosely; repeat for more."),
        OptionSpec("quiet", short: "q", help: "Log errors only and print no warnings."),
        OptionSpec("offline", help: "Answer from the response cache only, whatever its age; never use the network."),
        OptionSpec("no-cache", help: "Neither read nor write the response cache for this run."),
        OptionSpec("no-color", help: "Never colour the output (NO_COLOR=1 does the same)."),
        OptionSpec("help", short: "h", help: "Show help for the program or a command."),
        OptionSpec("version", help: "Show the version, environment and commit."),
    ]

    /// The root command for `binary`, holding every command.
    public static func root(binary: String, environment: EnvironmentName) -> CommandSpec {
        CommandSpec(
            name: binary,
            summary: Message(.programSummary, [environment.rawValue]).description,
            options: globalOptions,
            subcommands: [
                SitesCommand.spec, SiteCommand.spec, CategoriesCommand.spec, CategoryCommand.spec, SearchCommand.spec,
                ItemCommand.spec, CacheCommand.spec, AuthCommand.spec, UpdateCommand.spec, SelfCommand.spec, EnvCommand.spec, CompletionCommand.spec, HelpCommand.spec,
            ])
    }
}
