/// `auth token`: prints the access token for scripts, renewing it first when it is about to expire.
enum AuthTokenCommand {
    static let spec = CommandSpec(
        name: "token", summary: "Print the access token, for scripts.",
        discussion: "The only command that shows a token. It is renewed first when it expires within five minutes.",
        examples: ["curl -H \"Authorization: Bearer $($0 auth token)\" https://api.mercadolibre.com/users/me"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        guard let provider = try context.tokenProvider(), let token = try await provider.token() else {
            throw context.notLoggedIn
        }
        context.stdout.line(token)
    }
}
