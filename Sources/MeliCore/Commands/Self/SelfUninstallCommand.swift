/// `self uninstall [--prefix DIR]`: removes this binary's versions and links, and nothing else.
struct SelfUninstallCommand: Command {
    static let spec = CommandSpec(
        name: "uninstall", summary: .ProgramHelp.selfUninstallSummary,
        discussion: .ProgramHelp.selfUninstallDiscussion,
        options: [SelfCommand.prefixOption], examples: ["$0 self uninstall"], command: Self.self)

    var prefix: String?

    init(_ arguments: ParsedArguments) {
        prefix = arguments[SelfCommand.prefixOption]
    }

    func run(_ app: App) async throws {
        let installer = try app.installer(prefix: prefix, for: .uninstall)
        let emptied = try installer.uninstall()
        app.say(.Install.uninstallDone(binary: installer.binary, prefix: installer.prefix))
        if !emptied { app.say(.Install.uninstallLeft(path: installer.home)) }
        // Only the folders that exist are named (a binary never run has none).
        let directories = app.environment.directories
        let kept = [directories.config, directories.cache, directories.state].filter { app.io.fileSystem.kind(of: $0) == .directory }
        if !kept.isEmpty { app.say(.Install.uninstallKept(folders: kept.joined(separator: ", "))) }
    }
}
