/// The whole command line of one binary, declared once.
package enum Program {
    /// The root command for `binary`, holding every command.
    package static func root(binary: String, environment: EnvironmentName) -> CommandSpec {
        var root = CommandSpec(
            name: binary,
            summary: .Help.programSummary(environment: environment.rawValue),
            // By name: only the command a run names has its declaration built (`Subcommand`).
            subcommands: [
                .init("sites", SitesCommand.spec), .init("site", SiteCommand.spec), .init("categories", CategoriesCommand.spec),
                .init("category", CategoryCommand.spec), .init("search", SearchCommand.spec), .init("item", ItemCommand.spec),
                .init("browse", BrowseCommand.spec), .init("cache", CacheCommand.spec), .init("auth", AuthCommand.spec),
                .init("update", UpdateCommand.spec), .init("self", SelfCommand.spec), .init("env", EnvCommand.spec),
                .init("completion", CompletionCommand.spec), .init("help", HelpCommand.spec),
            ])
        root.options = GlobalOptions.specs
        return root
    }
}

/// The options accepted before or after any command, read once, typed. Those that override a
/// setting for one run (`--log-level`, `-v`, `-q`) are declared with the setting (`Settings`)
/// and listed here from there; the resolver applies them.
struct GlobalOptions: Sendable {
    static let envFile = Option<String>(
        "env-file", placeholder: "path", values: .file, help: .ProgramHelp.envFileOptionHelp)
    static let offline = Flag("offline", help: .ProgramHelp.offlineOptionHelp)
    static let noCache = Flag("no-cache", help: .ProgramHelp.noCacheOptionHelp)
    static let noColor = Flag("no-color", help: .ProgramHelp.noColorOptionHelp)
    static let help = Flag("help", short: "h", help: .ProgramHelp.helpOptionHelp)
    static let version = Flag("version", help: .ProgramHelp.versionOptionHelp)

    /// Their declarations, in the order help lists them. Made as `OptionSpec`s directly, not as an
    /// array of `any OptionKey` mapped to them (~40K instructions of every run: existential boxes
    /// and the array types' metadata).
    static let specs: [OptionSpec] =
        [envFile.spec] + Settings.flags.map { SettingFlagKey($0).spec } + [offline.spec, noCache.spec, noColor.spec, help.spec, version.spec]

    var envFile: String?
    /// `-v` count: with `-q`, a contradiction.
    var verbosity: Int
    /// `-q`, which also keeps warnings off standard error.
    var quiet: Bool
    var offline: Bool
    var noCache: Bool
    var noColor: Bool
    /// What the command line gave each of the settings' flags (`EnvironmentOverrides`).
    var settingFlags: [String: [String]]

    init(_ arguments: ParsedArguments) {
        envFile = arguments[Self.envFile]
        verbosity = arguments.given(Settings.verbose).count
        quiet = !arguments.given(Settings.quiet).isEmpty
        offline = arguments[Self.offline]
        noCache = arguments[Self.noCache]
        noColor = arguments[Self.noColor]
        settingFlags = arguments.options.filter { given in Settings.flags.contains { $0.long == given.key } }
    }

    /// What the command line says about the environment: the file, and the settings' flags.
    var overrides: EnvironmentOverrides { EnvironmentOverrides(envFile: envFile, options: settingFlags) }

    /// Options that contradict each other.
    func validate() throws(UsageError) {
        if quiet, verbosity > 0 { throw UsageError(.Usage.quietWithVerbose) }
        if offline, noCache { throw UsageError(.Cache.offlineWithNoCache) }
    }

    /// What the services of this run read of these options (`App.globals`).
    var runOptions: RunOptions { RunOptions(offline: offline, noCache: noCache, quiet: quiet) }
}
