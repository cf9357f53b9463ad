/// `self uninstall [--prefix DIR]`: removes this binary's versions and links, and nothing else.
struct SelfUninstallCommand: Command {
    static let spec = CommandSpec(
        name: "uninstall", summary: "Remove this binary's installed versions and links.",
        discussion: "Other binaries, and this one's configuration, cache and state, are not touched.",
        options: [SelfCommand.prefixOption], examples: ["$0 self uninstall"], command: Self.self)

    var prefix: String?

    init(_ arguments: ParsedArguments) {
        prefix = arguments[SelfCommand.prefixOption]
    }

    func run(_ context: App) async throws {
        let installer = try SelfCommand.installer(context, prefix: prefix)
        let emptied = try installer.uninstall()
        context.stdout.line(context.t(.uninstallDone, installer.binary, installer.prefix))
        if !emptied { context.stdout.line(context.t(.uninstallLeft, installer.home)) }
        let directories = context.environment.directories
        context.stdout.line(context.t(.uninstallKept, directories.config, directories.cache, directories.state))
    }
}
