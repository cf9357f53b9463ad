/// `auth login`: the OAuth authorization-code flow, ending with the tokens saved (0600).
enum AuthLoginCommand {
    static let discussion = """
        Prints the authorization address for the site's country; open it, allow the application,
        and paste the code from the address MercadoLibre sends you to (the whole address works
        too). The code is traded at <MELI_API_BASE_URL>/oauth/token with the client id, secret and
        redirect URI, from the options or MELI_CLIENT_ID, MELI_CLIENT_SECRET (process environment
        only) and MELI_REDIRECT_URI.
        """

    static let spec = CommandSpec(
        name: "login", summary: "Log in with the OAuth authorization-code flow and save the tokens.", discussion: discussion,
        options: [
            OptionSpec("code", kind: .value(placeholder: "code"), help: "The authorization code (TG-...), instead of pasting it."),
            OptionSpec("client-id", kind: .value(placeholder: "id"), help: "The application id (also MELI_CLIENT_ID)."),
            OptionSpec("client-secret", kind: .value(placeholder: "secret"), help: "The application's secret key (also MELI_CLIENT_SECRET)."),
            OptionSpec("redirect-uri", kind: .value(placeholder: "uri"), help: "The application's redirect URI (also MELI_REDIRECT_URI)."),
            OptionSpec("site", kind: .value(placeholder: "id"), help: "Use this site's country for the authorization page."),
        ],
        examples: [
            "$0 auth login --client-id 123 --redirect-uri https://example.com/callback",
            "MELI_CLIENT_SECRET=... $0 auth login --code TG-abc123",
        ],
        action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let base = try context.requireRealAPI()
        if context.arguments.flag("offline") {
            throw UsageError(.offlineNeedsNetwork, "auth login", commandPath: ["auth", "login"])
        }
        let clientID = try setting(context, option: "client-id", key: .clientID)
        let redirectURI = try setting(context, option: "redirect-uri", key: .redirectURI)
        let clientSecret = try setting(context, option: "client-secret", key: .clientSecret)
        context.redactor.add(clientSecret)

        let code: String
        if let given = context.arguments.value("code") {
            code = given
        } else {
            let site = try context.currentSite().site.rawValue
            context.stderr.line(context.t(.authOpenURL))
            context.stderr.line("\n  \(KnownSites.authorizationURL(site: site, clientID: clientID, redirectURI: redirectURI))\n")
            context.stderr.write(context.t(.authCodePrompt))
            code = context.io.readLine() ?? ""
        }
        guard let code = authorizationCode(in: code) else { throw CommandFailure(.usage, .authNoCode, hint: .authNoCodeHint) }
        context.redactor.add(code)

        let now = context.io.now()
        let credentials = try await context.tokenEndpoint(baseURL: base).exchange(
            code: code, clientID: clientID, clientSecret: clientSecret, redirectURI: redirectURI, now: now)
        let store = context.credentialStore
        try store.save(credentials)
        context.stdout.line(context.t(
            .authLoggedIn, credentials.userID ?? context.t(.authUnknownUser), context.clockTime(credentials.expiresAt), store.displayPath))
        if context.environmentToken != nil {
            context.logger.warning(context.t(.authStatusEnvironmentShadows, store.displayPath))
        }
    }

    /// The option's value, else the setting (file or environment); a usage error naming both when neither.
    private static func setting(_ context: CommandContext, option: String, key: SettingKey) throws -> String {
        if let value = context.arguments.value(option), !value.isEmpty { return value }
        let fromSettings = key.place == .environmentOnly ? context.io.environment[key.name] : context.environment.setting(key.name)
        if let value = fromSettings, !value.isEmpty { return value }
        throw CommandFailure(.usage, Message(.authMissingSetting, [key.name]), hint: Message(.authMissingSettingHint, [option, key.name]))
    }

    /// The code itself, or the `code` parameter of a pasted redirect address.
    static func authorizationCode(in text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return nil }
        guard trimmed.contains("?") || trimmed.contains("&") else { return trimmed }
        let query = trimmed.split(separator: "?", maxSplits: 1).last ?? ""
        for pair in query.split(separator: "&") where pair.hasPrefix("code=") {
            let value = String(pair.dropFirst(5)).split(separator: "#").first.map(String.init) ?? ""
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
