/// `auth login`: the OAuth authorization-code flow, ending with the tokens saved (0600).
struct AuthLoginCommand: Command {
    static let code = Option<String>("code", placeholder: "code", help: .AccountHelp.authLoginCodeHelp)
    static let clientID = Option<String>("client-id", placeholder: "id", help: .AccountHelp.authLoginClientIDHelp)
    static let clientSecret = Option<String>("client-secret", placeholder: "secret", help: .AccountHelp.authLoginClientSecretHelp)
    static let redirectURI = Option<String>("redirect-uri", placeholder: "uri", help: .AccountHelp.authLoginRedirectURIHelp)
    static let site = SiteOption.option(help: .AccountHelp.authLoginSiteHelp)
    static let web = Flag("web", help: .Web.loginHelp)

    static let spec = CommandSpec(
        name: "login", summary: .AccountHelp.authLoginSummary, discussion: .AccountHelp.authLoginDiscussion,
        options: [code, clientID, clientSecret, redirectURI, site, web],
        examples: [
            "$0 auth login --client-id 123 --redirect-uri https://example.com/callback",
            "MELI_CLIENT_SECRET=... $0 auth login --code TG-abc123",
        ],
        command: Self.self)

    var code: String?
    var clientID: String?
    var clientSecret: String?
    var redirectURI: String?
    var site: SiteID?
    var web: Bool

    init(_ arguments: ParsedArguments) {
        web = arguments[Self.web]
        code = arguments[Self.code]
        clientID = arguments[Self.clientID]
        clientSecret = arguments[Self.clientSecret]
        redirectURI = arguments[Self.redirectURI]
        site = arguments[Self.site]
    }

    func run(_ app: App) async throws {
        let base = try app.requireRealAPI()
        if app.globals.offline {
            throw UsageError(.Cache.offlineNeedsNetwork(command: "auth login"))
        }
        let clientID = try Self.setting(app, self.clientID, option: Self.clientID, key: Settings.clientID)
        let redirectURI = try Self.setting(app, self.redirectURI, option: Self.redirectURI, key: Settings.redirectURI)
        let clientSecret = try Self.setting(app, self.clientSecret, option: Self.clientSecret, key: Settings.clientSecret)
        app.redactor.add(clientSecret)
        // Before a code is asked for: a login that could not be kept is refused first.
        try app.credentialStore.checkWritable()

        let code: String
        if let given = self.code {
            code = given
        } else {
            let site = app.currentSite(flag: self.site).site.rawValue
            let page = KnownSites.authorizationURL(site: site, clientID: clientID, redirectURI: redirectURI)
            // --web: the page in the browser; without one that starts, the address to open, as without --web.
            if web, await app.launchBrowser(page) {
                app.note(.Web.opening(url: page))
            } else {
                app.stderr.line(app.text(.Auth.authOpenURL))
                app.stderr.line("\n  \(page)\n")
            }
            app.stderr.write(app.text(.Auth.authCodePrompt))
            code = app.io.readLine() ?? ""
        }
        guard let code = Self.authorizationCode(in: code) else { throw AuthError.noCode }
        app.redactor.add(code)

        let now = app.io.now()
        let credentials = try await app.tokenEndpoint(baseURL: base).exchange(
            code: code, clientID: clientID, clientSecret: clientSecret, redirectURI: redirectURI, now: now)
        let store = app.credentialStore
        try store.save(credentials)
        app.say(.Auth.authLoggedIn(user: credentials.userID ?? app.text(.Auth.authUnknownUser), expires: AuthTime.clock(credentials.expiresAt), path: store.displayPath))
        if app.environmentToken != nil {
            app.logger.warning(app.text(.Auth.authStatusEnvironmentShadows(path: store.displayPath)))
        }
    }

    /// The option's value, else the setting (file or environment); a usage error naming both when neither.
    private static func setting(_ app: App, _ given: String?, option: Option<String>, key: SettingKey) throws -> String {
        if let value = given, !value.isEmpty { return value }
        let fromSettings = key.place == .environmentOnly ? app.io.environment[key.name] : app.environment.setting(key.name)
        if let value = fromSettings, !value.isEmpty { return value }
        throw AuthError.missingSetting(key: key.name, option: option.spec.long)
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
