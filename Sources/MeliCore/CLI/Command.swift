/// One command of the program: its declaration, its typed options read once, and what it does.
///
/// `init` reads the parsed command line through the command's own keys (`arguments[Self.limit]`)
/// and throws a usage error for anything the keys alone cannot check (two options together); it
/// runs before the environment is read. `run` gets the services built once for this run.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ app: App) async throws
}
