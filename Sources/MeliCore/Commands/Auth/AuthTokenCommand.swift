/// `auth token`: prints the access token for scripts, renewing it first when it is about to expire.
struct AuthTokenCommand: Command {
    static let spec = CommandSpec(
        name: "token", summary: .AccountHelp.authTokenSummary,
        discussion: .AccountHelp.authTokenDiscussion,
        options: [json],
        examples: ["curl -H \"Authorization: Bearer $($0 auth token)\" https://api.mercadolibre.com/users/me"], command: Self.self)
    static let json = JSONSelection.option(fields: TokenReport.fields.names, help: .AccountHelp.authTokenJSONHelp)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        guard let provider = try app.tokenProvider(), let token = try await provider.token() else {
            throw AuthError.notLoggedIn
        }
        // The token is this command's output: written past the redaction every other output passes.
        var unredacted = app
        unredacted.io.stdout = app.io.unredactedStdout ?? app.io.stdout
        unredacted.show(TokenReport(token: token), json: json)
    }
}

/// The access token, alone on its line.
struct TokenReport: Report {
    static let fields = JSONFields<String>([("access_token", { .string($0) })])

    var token: String

    func json() -> JSONValue { Self.fields.object(token) }
    var records: JSONRecords { .one(token, Self.fields) }
    func terminal(_ view: ReportView) -> String { token + "\n" }
    func lines(_ view: ReportView) -> String { token + "\n" }
}
