/// Where the API client is built: the sandbox or HTTP, with this binary's cache and login.
extension App {
    /// The client for this environment: the built-in sandbox for `sandbox://` (never cached, no
    /// login: it is offline already), HTTP with this binary's cache and login otherwise.
    func apiClient() throws(APIError) -> APIClient {
        let env = environment
        guard case .http(let base) = env.apiBaseURL else {
            var sandbox = APIClient(
                baseURL: SandboxTransport.baseURL, transport: SandboxTransport(), userAgent: userAgent, accessToken: nil,
                timeout: env.httpTimeout.seconds, logger: logger)
            sandbox.failureText = transportFailureText
            return sandbox
        }
        var client = APIClient(
            baseURL: base, transport: io.transport, userAgent: userAgent, tokens: try tokenProvider(),
            timeout: env.httpTimeout.seconds, logger: logger)
        client.clock = io.clock
        client.failureText = transportFailureText
        client.lifetimes = env.cache
        if env.cache.maxSize.bytes > 0 {
            let cache = responseCache
            // An untrusted folder costs the cache, not the command: said once, then left alone
            // (with --no-cache it is not used, so nothing is said).
            if globals.cacheMode == .bypass || !warnIfUntrusted(cache) { client.cache = cache }
        }
        client.cacheMode = globals.cacheMode
        let (logger, language, once) = (logger, language, Once())
        // One warning per command, even when several of its requests were answered from the cache.
        client.onStale = { answer in
            if once.first() { logger.warning(StaleAnswer.warning(answer, language: language)) }
        }
        return client
    }

    /// Warns, in the user's language, when the cache folder is not to be trusted; returns whether it was.
    @discardableResult
    func warnIfUntrusted(_ cache: ResponseCache) -> Bool {
        guard let problem = cache.folderProblem() else { return false }
        logger.warning(text(.Cache.cacheFolderUntrusted(path: displayPath(cache.directory), problem: problem)))
        return true
    }

    /// This binary's response cache, whether or not the environment uses it (`cache info` shows it either way).
    var responseCache: ResponseCache {
        ResponseCache(
            directory: ResponseCache.directory(inCache: environment.directories.cache),
            maxBytes: environment.cache.maxSize.bytes, logger: logger, fileSystem: io.fileSystem)
    }

    var userAgent: String { "\(environment.binary)/\(environment.build.version) (\(environment.name.rawValue))" }

    /// This binary's credentials file.
    var credentialStore: CredentialStore {
        CredentialStore(
            configDirectory: environment.directories.config, binary: environment.binary, displayPath: { [self] in displayPath($0) },
            fileSystem: io.fileSystem, clock: io.clock)
    }

    /// `POST /oauth/token` of this environment's base URL.
    func tokenEndpoint(baseURL: String) -> TokenEndpoint {
        TokenEndpoint(
            baseURL: baseURL, transport: io.transport, userAgent: userAgent, timeout: environment.httpTimeout.seconds,
            logger: logger, redactor: redactor)
    }

    /// `MELI_ACCESS_TOKEN`, when set and not empty: never stored by meli.
    var environmentToken: String? {
        io.environment[Settings.accessToken.name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `MELI_ACCESS_TOKEN` when set, else the saved login, else nothing.
    func tokenProvider() throws(APIError) -> (any TokenProvider)? {
        if let token = environmentToken { return FixedToken(token) }
        guard case .http(let base) = environment.apiBaseURL, let credentials = try credentialStore.load() else { return nil }
        return TokenSession(
            credentials, store: credentialStore, endpoint: tokenEndpoint(baseURL: base),
            lockTimeout: RetryPolicy.commandBudget(timeout: environment.httpTimeout.seconds), language: language, now: io.now)
    }
}
