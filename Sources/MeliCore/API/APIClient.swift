#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Calls the MercadoLibre API (or anything that answers like it: the sandbox, a proxy, a test server).
///
/// A GET goes: cache (fresh entry answers), then the network with retries (`APIClient+Exchange`),
/// revalidating a stale entry; when the network or the server fails, a cached entry of any age
/// answers instead, with a warning (`APIClient+Send`).
package struct APIClient: Sendable {
    package var baseURL: String
    package var transport: any HTTPTransport
    /// The largest answer read from the API, decoded (after gzip): a search page is about 100 KB and
    /// the largest real answer seen is under 1 MB. A server sending more (an endless body, a
    /// compression bomb) is cut off there instead of filling memory: 3 GB in 14 s before this bound.
    package static let maxAnswerBytes = 16 << 20
    package var userAgent: String
    /// Where the `Authorization: Bearer` token comes from; never logged.
    package var tokens: (any TokenProvider)?
    /// Seconds for one attempt.
    package var timeout: Double
    package var logger: Logger
    /// Nil: nothing is read from or written to a cache.
    package var cache: ResponseCache?
    package var cacheMode: CacheMode = .normal
    /// Freshness for responses without cache headers; nil means none (always revalidate).
    package var lifetimes: CacheSettings?
    package var retry = RetryPolicy()
    /// Shared by every request of one command: `timeout` times the attempts.
    package var budget: RequestBudget
    /// The date for cache ages, the monotonic clock for the budget, and the waits between retries.
    package var clock: TimeSource = .system
    /// A number in 0...1 for the jitter of retry delays.
    package var random: @Sendable () -> Double = { Double.random(in: 0...1) }
    /// Told whenever a cached answer stands in for a fresh one.
    package var onStale: @Sendable (StaleAnswer) -> Void = { _ in }
    /// A failed attempt as the debug log says it (the app gives the words users see for it).
    package var failureText: @Sendable (TransportError) -> String = { String(describing: $0) }

    package init(
        baseURL: String, transport: any HTTPTransport, userAgent: String, tokens: (any TokenProvider)?,
        timeout: Double, logger: Logger
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
        self.tokens = tokens
        self.timeout = timeout
        self.logger = logger
        budget = transport.answersLocally ? .unlimited : RequestBudget(seconds: RetryPolicy.commandBudget(timeout: timeout))
    }

    /// A client sending `accessToken` as is, when given.
    package init(baseURL: String, transport: any HTTPTransport, userAgent: String, accessToken: String?, timeout: Double, logger: Logger) {
        self.init(
            baseURL: baseURL, transport: transport, userAgent: userAgent, tokens: accessToken.map(FixedToken.init),
            timeout: timeout, logger: logger)
    }

    func get<T: Decodable>(_ type: T.Type, _ endpoint: Endpoint, query: [(String, String)] = []) async throws(APIError) -> T {
        try await send(endpoint, query: query) { response throws(APIError) in
            do throws(BodyDecodingError) {
                return try JSONBody.decode(type, from: response.body)
            } catch {
                throw .undecodable(error, method: "GET", url: url(endpoint, query))
            }
        }
    }

    func url(_ endpoint: Endpoint, _ query: [(String, String)]) -> String {
        baseURL + endpoint.path + Endpoint.query(query)
    }

    /// Freshness for `endpoint`'s responses without cache headers.
    func fallbackLifetime(_ endpoint: Endpoint) -> Double {
        endpoint.lifetime.seconds(in: lifetimes)
    }

    /// The host of `url`, for messages.
    static func host(of url: String) -> String {
        return String((url.split(once: "://")?.after ?? Substring(url)).prefix { $0 != "/" && $0 != "?" })
    }
}
