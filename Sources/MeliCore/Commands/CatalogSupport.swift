/// What the catalog commands share: the API client for this environment and the site to use.
extension CommandContext {
    /// The client for this environment: the built-in sandbox for `sandbox://` (never cached, no
    /// login: it is offline already), HTTP with this binary's cache and login otherwise.
    func apiClient() throws(APIError) -> APIClient {
        let env = environment
        guard case .http(let base) = env.apiBaseURL else {
            return APIClient(
                baseURL: SandboxTransport.baseURL, transport: SandboxTransport(), userAgent: userAgent, accessToken: nil,
                timeout: env.httpTimeout.seconds, logger: logger)
        }
        var client = APIClient(
            baseURL: base, transport: io.transport, userAgent: userAgent, tokens: try tokenProvider(),
            timeout: env.httpTimeout.seconds, logger: logger)
        client.now = io.now
        client.lifetimes = env.cache
        if env.cache.maxSize.bytes > 0 { client.cache = responseCache }
        client.cacheMode = arguments.flag("offline") ? .offline : arguments.flag("no-cache") ? .bypass : .normal
        let (logger, language, once) = (logger, language, Once())
        // One warning per command, even when several of its requests were answered from the cache.
        client.onStale = { answer in
            if once.first() { logger.warning(StaleAnswer.warning(answer, language: language)) }
        }
        return client
    }

    /// This binary's response cache, whether or not the environment uses it (`cache info` shows it either way).
    var responseCache: ResponseCache {
        ResponseCache(
            directory: ResponseCache.directory(inCache: environment.directories.cache),
            maxBytes: environment.cache.maxSize.bytes, logger: logger)
    }

    var userAgent: String { "\(environment.binary)/\(environment.build.version) (\(environment.name.rawValue))" }

    /// This binary's credentials file.
    var credentialStore: CredentialStore {
        CredentialStore(configDirectory: environment.directories.config, binary: environment.binary, displayPath: displayPath)
    }

    /// `POST /oauth/token` of this environment's base URL.
    func tokenEndpoint(baseURL: String) -> TokenEndpoint {
        TokenEndpoint(
            baseURL: baseURL, transport: io.transport, userAgent: userAgent, timeout: environment.httpTimeout.seconds,
            logger: logger, redactor: redactor)
    }

    /// `MELI_ACCESS_TOKEN` when set (never stored), else the saved login, else nothing.
    func tokenProvider() throws(APIError) -> (any TokenProvider)? {
        if let token = io.environment[SettingKey.accessToken.name], !token.isEmpty { return FixedToken(token) }
        guard case .http(let base) = environment.apiBaseURL, let credentials = try credentialStore.load() else { return nil }
        return TokenSession(
            credentials, store: credentialStore, endpoint: tokenEndpoint(baseURL: base),
            lockTimeout: RetryPolicy.commandBudget(timeout: environment.httpTimeout.seconds), now: io.now)
    }

    /// The file remembering `site ID` for this binary.
    var savedSitePath: String { environment.directories.state + "/site" }

    /// The site to use, and where it came from. Highest first: `--site`, `MELI_DEFAULT_SITE` in the
    /// process environment, the saved site (`site ID`), the environment file.
    func currentSite() throws -> (site: SiteID, origin: String) {
        if let flag = arguments.value("site") {
            guard let site = SiteID(parsing: flag) else {
                throw UsageError(.badSite, flag, "--site", commandPath: arguments.commandPath)
            }
            return (site, "--site")
        }
        if case .environment(let name)? = environment.sources[.defaultSite] { return (environment.defaultSite, name) }
        if let saved = savedSite() { return (saved, displayPath(savedSitePath)) }
        return (environment.defaultSite, environment.sources[.defaultSite]?.description ?? "")
    }

    /// The saved site, if there is a readable, valid one.
    func savedSite() -> SiteID? {
        guard let bytes = try? FileSystem.readFile(atPath: savedSitePath) else { return nil }
        return SiteID(parsing: String(decoding: bytes, as: UTF8.self).trimmingWhitespace)
    }

    /// `~/...` for paths in the home directory, else as `Environment.displayPath` shows them.
    func displayPath(_ path: String) -> String {
        let home = io.environment["HOME"] ?? ""
        return !home.isEmpty && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : environment.displayPath(path)
    }

    /// `new`/`used` and other condition ids in the user's language, for human output.
    func conditionName(_ id: String?) -> String {
        switch id {
        case "new": t(.conditionNew)
        case "used": t(.conditionUsed)
        default: id ?? ""
        }
    }

    /// Prints `text` as JSON.
    func printJSON(_ value: JSONValue) {
        stdout.line(value.serialized())
    }
}

extension SettingKey {
    /// A token for the API, from the process environment only: never written to disk by meli.
    public static let accessToken = SettingKey(
        name: "MELI_ACCESS_TOKEN", place: .environmentOnly, isRequired: false,
        summary: "An OAuth access token sent as Authorization: Bearer. Never shown or logged.")
}
