/// `self uninstall [--prefix DIR]`: removes this binary's versions and links, and nothing else.
enum SelfUninstallCommand {
    static let spec = CommandSpec(
        name: "uninstall", summary: "Remove this binary's installed versions and links.",
        discussion: "Other binaries, and this one's configuration, cache and state, are not touched.",
        options: [SelfCommand.prefixOption], examples: ["$0 self uninstall"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let installer = try SelfCommand.installer(context)
        let emptied = try installer.uninstall()
        context.stdout.line(context.t(.uninstallDone, installer.binary, installer.prefix))
        if !emptied { context.stdout.line(context.t(.uninstallLeft, installer.home)) }
        let directories = context.environment.directories
        context.stdout.line(context.t(.uninstallKept, directories.config, directories.cache, directories.state))
    }
}
