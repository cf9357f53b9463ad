/// The catalog as completion sees it: the sandbox, or what this binary's cache holds, never the
/// network (`__complete` must answer at once, online or not).
extension App {
    /// A client that answers from the sandbox, or from the cache only and whatever the age,
    /// reading without changing it (`ResponseCache.readOnly`): nothing is requested, written,
    /// touched or removed. With `signedIn`, the cache's entries of this run's login (or token);
    /// without, the anonymous ones.
    func cacheOnlyClient(signedIn: Bool) -> APIClient? {
        guard case .http(let base) = environment.apiBaseURL else { return try? apiClient() }
        let tokens = signedIn ? ((try? tokenProvider()) ?? nil) : nil
        if signedIn, tokens == nil { return nil }
        var client = APIClient(
            baseURL: base, transport: NoNetwork(), userAgent: userAgent, tokens: tokens, timeout: environment.httpTimeout.seconds,
            logger: logger)
        var cache = responseCache
        cache.readOnly = true
        client.cache = cache
        client.cacheMode = .offline
        return client
    }

    /// The clients completion reads with, built once (the login is read once), best first: the
    /// login's entries, then the anonymous ones (sites and categories need no login, and may
    /// have been asked for before it); the sandbox alone for `sandbox://`.
    func cacheOnlyClients() -> CachedCatalog {
        guard case .http = environment.apiBaseURL else { return CachedCatalog(clients: (try? apiClient()).map { [$0] } ?? []) }
        return CachedCatalog(clients: [cacheOnlyClient(signedIn: true), cacheOnlyClient(signedIn: false)].compactMap { $0 })
    }
}

/// The catalog as the sandbox or the cache holds it, asked through each client in turn.
struct CachedCatalog: Sendable {
    var clients: [APIClient]

    /// What `call` answers through the first client that has it; nil when none does.
    func answer<Value>(_ call: (APIClient) async throws -> Value) async -> Value? {
        for client in clients {
            if let value = try? await call(client) { return value }
        }
        return nil
    }
}

/// The transport of a cache-only client: it never sends (an offline client never asks it to).
private struct NoNetwork: HTTPTransport {
    /// Fails as an unreachable host would.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        throw .connection(host: APIClient.host(of: request.url), reason: "completion answers from the cache only")
    }
}
