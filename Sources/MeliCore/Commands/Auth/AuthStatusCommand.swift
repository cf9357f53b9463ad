#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `auth status [--json]`: who is logged in, until when, and from which source; never the token.
struct AuthStatusCommand: Command {
    static let json = JSONSelection.option(fields: AuthStatusReport.fields.names, help: "Print JSON: {source, user_id, expires_at, path}.")

    static let spec = CommandSpec(
        name: "status", summary: "Show who is logged in, until when, and where the token comes from.",
        discussion: "Never shows a token and never uses the network. Exits 4 when not logged in.",
        options: [json], examples: ["$0 auth status", "$0 auth status --json"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let store = app.credentialStore
        if app.environmentToken != nil {
            let saved = app.io.fileSystem.isFile(store.path)
            if json != nil { return app.show(AuthStatusReport(login: .init(source: SettingKey.accessToken.name)), json: json) }
            app.stdout.line(app.text(.authStatusEnvironment))
            if saved { app.stdout.line(app.text(.authStatusEnvironmentShadows(path: store.displayPath))) }
            return
        }
        guard let credentials = try store.load() else {
            throw AuthError.notLoggedIn
        }
        let login = AuthStatusReport.Login(
            source: "credentials_file", userID: credentials.userID, expiresAt: credentials.expiresAt, path: store.path)
        if json != nil { return app.show(AuthStatusReport(login: login), json: json) }
        let now = app.io.now().timeIntervalSince1970
        app.stdout.line(app.text(.authStatusFile(user: credentials.userID ?? app.text(.authUnknownUser), path: store.displayPath)))
        app.stdout.line(credentials.expiresAt > now
            ? app.text(.authExpires(time: app.clockTime(credentials.expiresAt), remaining: app.duration(credentials.expiresAt - now)))
            : app.text(.authExpired(time: app.clockTime(credentials.expiresAt))))
    }
}

/// Where the token comes from, for `auth status --json`.
struct AuthStatusReport: Report {
    struct Login {
        var source: String
        var userID: String?
        var expiresAt: Double?
        var path: String?
    }

    static let fields = JSONFields<Login>([
        ("source", { .string($0.source) }),
        ("user_id", { $0.userID.map(JSONValue.string) ?? .null }),
        ("expires_at", { $0.expiresAt.map { .string(Timestamp.iso8601(Date(timeIntervalSince1970: $0))) } ?? .null }),
        ("path", { $0.path.map(JSONValue.string) ?? .null }),
    ])

    var login: Login

    func json() -> JSONValue { Self.fields.object(login) }
    var records: JSONRecords { .one(login, Self.fields) }
    // Only the JSON view is shown through the renderer; the text is written by the command.
    func terminal(_ app: App) -> String { "" }
    func lines(_ app: App) -> String { "" }
}
