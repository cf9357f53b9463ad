/// `auth logout`: forgets this binary's saved login (other environments keep theirs).
struct AuthLogoutCommand: Command {
    static let spec = CommandSpec(
        name: "logout", summary: .AccountHelp.authLogoutSummary,
        discussion: .AccountHelp.authLogoutDiscussion,
        examples: ["$0 auth logout"], command: Self.self)

    init(_ arguments: ParsedArguments) {}

    func run(_ app: App) async throws {
        let store = app.credentialStore
        if try store.remove() {
            app.say(.Auth.authLoggedOut(path: store.displayPath))
        } else {
            app.say(.Auth.authNothingToRemove(path: store.displayPath))
        }
        if app.environmentToken != nil { app.logger.warning(app.text(.Auth.authEnvironmentStillSet)) }
    }
}
