/// `self rollback [--prefix DIR]`: back to the version installed before (and again to return).
struct SelfRollbackCommand: Command {
    static let spec = CommandSpec(
        name: "rollback", summary: .ProgramHelp.selfRollbackSummary,
        discussion: .ProgramHelp.selfRollbackDiscussion,
        options: [SelfCommand.prefixOption], examples: ["$0 self rollback"], command: Self.self)

    var prefix: String?

    init(_ arguments: ParsedArguments) {
        prefix = arguments[SelfCommand.prefixOption]
    }

    func run(_ app: App) async throws {
        let installer = try app.installer(prefix: prefix, for: .rollback)
        let switched = try installer.rollback()
        let binary = installer.binary
        app.say(.Install.rollbackDone(binary: binary, from: switched.from, to: switched.to, path: "\(installer.prefix)/bin/\(binary)"))
        app.say(.Install.rollbackAgain(binary: binary, version: switched.from))
    }
}
