/// `self uninstall [--prefix DIR]`: removes this binary's versions and links, and nothing else.
struct SelfUninstallCommand: Command {
    static let spec = CommandSpec(
        name: "uninstall", summary: .selfUninstallSummary,
        discussion: .selfUninstallDiscussion,
        options: [SelfCommand.prefixOption], examples: ["$0 self uninstall"], command: Self.self)

    var prefix: String?

    init(_ arguments: ParsedArguments) {
        prefix = arguments[SelfCommand.prefixOption]
    }

    func run(_ context: App) async throws {
        let installer = try SelfCommand.installer(context, prefix: prefix, for: .uninstall)
        let emptied = try installer.uninstall()
        context.say(.uninstallDone(binary: installer.binary, prefix: installer.prefix))
        if !emptied { context.say(.uninstallLeft(path: installer.home)) }
        // Only the folders that exist are named (a binary never run has none).
        let directories = context.environment.directories
        let kept = [directories.config, directories.cache, directories.state].filter { context.io.fileSystem.kind(of: $0) == .directory }
        if !kept.isEmpty { context.say(.uninstallKept(folders: kept.joined(separator: ", "))) }
    }
}
