/// The whole command line of one binary, declared once.
package enum Program {
    /// The root command for `binary`, holding every command.
    package static func root(binary: String, environment: EnvironmentName) -> CommandSpec {
        CommandSpec(
            name: binary,
            summary: .programSummary(environment: environment.rawValue),
            options: GlobalOptions.keys,
            subcommands: [
                SitesCommand.spec, SiteCommand.spec, CategoriesCommand.spec, CategoryCommand.spec, SearchCommand.spec,
                ItemCommand.spec, CacheCommand.spec, AuthCommand.spec, UpdateCommand.spec, SelfCommand.spec, EnvCommand.spec,
                CompletionCommand.spec, HelpCommand.spec,
            ])
    }
}

/// The options accepted before or after any command, read once, typed.
struct GlobalOptions: Sendable {
    static let envFile = Option<String>(
        "env-file", placeholder: "path", values: .file, help: .envFileOptionHelp)
    static let logLevel = Option<LogLevel>(
        "log-level", placeholder: "level", values: .choices(LogLevel.allCases.map(\.rawValue)),
        help: .logLevelOptionHelp) { text throws(UsageError) in
            // `choices` has already refused anything else.
            LogLevel(parsing: text) ?? .info
        }
    static let verbose = Counter("verbose", short: "v", help: .verboseOptionHelp)
    static let quiet = Flag("quiet", short: "q", help: .quietOptionHelp)
    static let offline = Flag("offline", help: .offlineOptionHelp)
    static let noCache = Flag("no-cache", help: .noCacheOptionHelp)
    static let noColor = Flag("no-color", help: .noColorOptionHelp)
    static let help = Flag("help", short: "h", help: .helpOptionHelp)
    static let version = Flag("version", help: .versionOptionHelp)

    static let keys: [any OptionKey] = [envFile, logLevel, verbose, quiet, offline, noCache, noColor, help, version]

    var envFile: String?
    var logLevel: LogLevel?
    var verbosity: Int
    var quiet: Bool
    var offline: Bool
    var noCache: Bool
    var noColor: Bool

    init(_ arguments: ParsedArguments) {
        envFile = arguments[Self.envFile]
        logLevel = arguments[Self.logLevel]
        verbosity = arguments[Self.verbose]
        quiet = arguments[Self.quiet]
        offline = arguments[Self.offline]
        noCache = arguments[Self.noCache]
        noColor = arguments[Self.noColor]
    }

    /// Options that contradict each other.
    func validate() throws(UsageError) {
        if quiet, verbosity > 0 { throw UsageError(.quietWithVerbose) }
        if offline, noCache { throw UsageError(.offlineWithNoCache) }
    }

    /// How the response cache is used in this run.
    var cacheMode: CacheMode { offline ? .offline : noCache ? .bypass : .normal }
}
