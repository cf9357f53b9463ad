#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `auth status [--json]`: who is logged in, until when, and from which source; never the token.
struct AuthStatusCommand: Command {
    static let json = JSONSelection.option(fields: AuthStatusReport.fields.names, help: .AccountHelp.authStatusJSONHelp)

    static let spec = CommandSpec(
        name: "status", summary: .AccountHelp.authStatusSummary,
        discussion: .AccountHelp.authStatusDiscussion,
        options: [json], examples: ["$0 auth status", "$0 auth status --json"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let store = app.credentialStore
        let login: AuthStatusReport.Login
        if app.environmentToken != nil {
            login = .init(source: Settings.accessToken.name, shadowed: app.io.fileSystem.isFile(store.path) ? store.displayPath : nil)
        } else if let credentials = try store.load() {
            login = .init(
                source: "credentials_file", userID: credentials.userID, expiresAt: credentials.expiresAt, path: store.path,
                displayPath: store.displayPath)
        } else {
            throw AuthError.notLoggedIn
        }
        var status = login
        status.now = app.io.now().timeIntervalSince1970
        app.show(AuthStatusReport(login: status), json: json)
    }
}

/// Where the token comes from, for `auth status --json`.
struct AuthStatusReport: Report {
    struct Login {
        var source: String
        var userID: String?
        var expiresAt: Double?
        var path: String?
        /// The credentials file as shown to the user (`~/...`).
        var displayPath: String?
        /// The saved login that `MELI_ACCESS_TOKEN` wins over, as shown, when there is one.
        var shadowed: String?
        /// When the status was asked (seconds since 1970), for the time left.
        var now: Double = 0
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
    func terminal(_ view: ReportView) -> String {
        guard let expiresAt = login.expiresAt else {
            return view.text(.Auth.authStatusEnvironment) + "\n" + (login.shadowed.map { view.text(.Auth.authStatusEnvironmentShadows(path: $0)) + "\n" } ?? "")
        }
        let user = login.userID ?? view.text(.Auth.authUnknownUser)
        let until = expiresAt > login.now
            ? view.text(.Auth.authExpires(time: AuthTime.clock(expiresAt), remaining: AuthTime.duration(expiresAt - login.now)))
            : view.text(.Auth.authExpired(time: AuthTime.clock(expiresAt)))
        return view.text(.Auth.authStatusFile(user: user, path: login.displayPath ?? "")) + "\n" + until + "\n"
    }

    func lines(_ view: ReportView) -> String { terminal(view) }
}
