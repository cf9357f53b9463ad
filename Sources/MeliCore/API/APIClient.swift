/// Calls the MercadoLibre API (or anything that answers like it: the sandbox, a proxy, a test server).
public struct APIClient: Sendable {
    public var baseURL: String
    public var transport: any HTTPTransport
    public var userAgent: String
    /// Sent as `Authorization: Bearer`; never logged.
    public var accessToken: String?
    public var timeout: Double
    public var logger: Logger

    public init(baseURL: String, transport: any HTTPTransport, userAgent: String, accessToken: String?, timeout: Double, logger: Logger) {
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
        self.accessToken = accessToken
        self.timeout = timeout
        self.logger = logger
    }

    func get<T: Decodable>(_ type: T.Type, _ endpoint: Endpoint, query: [(String, String)] = []) async throws(APIError) -> T {
        let response = try await send(endpoint, query: query)
        do {
            return try JSONBody.decode(type, from: response.body)
        } catch {
            throw .undecodable(error, method: "GET", url: url(endpoint, query))
        }
    }

    func url(_ endpoint: Endpoint, _ query: [(String, String)]) -> String {
        baseURL + endpoint.path + Endpoint.query(query)
    }

    /// Sends a GET and returns a 2xx response; every other outcome is an `APIError`.
    func send(_ endpoint: Endpoint, query: [(String, String)] = []) async throws(APIError) -> HTTPResponse {
        var headers = ["Accept": "application/json", "User-Agent": userAgent]
        if let accessToken { headers["Authorization"] = "Bearer \(accessToken)" }
        let request = HTTPRequest(url: url(endpoint, query), headers: headers, timeout: timeout)
        let clock = ContinuousClock()
        let start = clock.now
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            logger.info("GET \(request.url) failed: \(error)")
            throw .transport(error)
        }
        let elapsed = start.duration(to: clock.now).components
        let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
        logger.info("GET \(request.url) \(response.status) (\(milliseconds) ms)")
        switch response.status {
        case 200..<300:
            return response
        case 404:
            throw .notFound(endpoint)
        case 401, 403:
            let body = try? JSONBody.decode(APIErrorBodyDTO.self, from: response.body)
            throw .refused(endpoint, status: response.status, message: body?.message)
        case 429:
            throw .rateLimited(retryAfter: response.headers["retry-after"])
        default:
            throw .badStatus(response.status, method: "GET", url: request.url)
        }
    }
}
