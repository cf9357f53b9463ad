/// `auth logout`: forgets this binary's saved login (other environments keep theirs).
enum AuthLogoutCommand {
    static let spec = CommandSpec(
        name: "logout", summary: "Remove this binary's saved login.",
        discussion: "Removes credentials.json from this binary's config directory. MELI_ACCESS_TOKEN, if set, is not touched.",
        examples: ["$0 auth logout"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let store = context.credentialStore
        if try store.remove() {
            context.stdout.line(context.t(.authLoggedOut, store.displayPath))
        } else {
            context.stdout.line(context.t(.authNothingToRemove, store.displayPath))
        }
        if context.environmentToken != nil { context.logger.warning(context.t(.authEnvironmentStillSet)) }
    }
}
