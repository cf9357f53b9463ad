#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `auth status [--json]`: who is logged in, until when, and from which source; never the token.
enum AuthStatusCommand {
    static let spec = CommandSpec(
        name: "status", summary: "Show who is logged in, until when, and where the token comes from.",
        discussion: "Never shows a token and never uses the network. Exits 4 when not logged in.",
        options: [OptionSpec("json", help: "Print JSON: {source, user_id, expires_at, path}.")],
        examples: ["$0 auth status", "$0 auth status --json"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let store = context.credentialStore
        if context.environmentToken != nil {
            let saved = FileSystem.isFile(store.path)
            if context.arguments.flag("json") {
                context.printJSON(.object([("source", .string(SettingKey.accessToken.name)), ("user_id", .null), ("expires_at", .null), ("path", .null)]))
            } else {
                context.stdout.line(context.t(.authStatusEnvironment))
                if saved { context.stdout.line(context.t(.authStatusEnvironmentShadows, store.displayPath)) }
            }
            return
        }
        guard let credentials = try store.load() else {
            throw context.notLoggedIn
        }
        let now = context.io.now().timeIntervalSince1970
        if context.arguments.flag("json") {
            context.printJSON(.object([
                ("source", .string("credentials_file")),
                ("user_id", credentials.userID.map(JSONValue.string) ?? .null),
                ("expires_at", .string(Timestamp.iso8601(Date(timeIntervalSince1970: credentials.expiresAt)))),
                ("path", .string(store.path)),
            ]))
            return
        }
        context.stdout.line(context.t(.authStatusFile, credentials.userID ?? context.t(.authUnknownUser), store.displayPath))
        context.stdout.line(credentials.expiresAt > now
            ? context.t(.authExpires, context.clockTime(credentials.expiresAt), context.duration(credentials.expiresAt - now))
            : context.t(.authExpired, context.clockTime(credentials.expiresAt)))
    }
}
