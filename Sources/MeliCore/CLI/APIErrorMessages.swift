/// What the user reads for each API failure, and the exit code (README "Exit codes").
extension APIError {
    var failure: CommandFailure {
        switch self {
        case .notFound(let endpoint):
            return CommandFailure(.notFound, "\(endpoint.missingResource) was not found")
        case .refused(let endpoint, let status, let message):
            let why = message.map { " (\($0))" } ?? ""
            if case .search = endpoint {
                return CommandFailure(
                    .authentication, "MercadoLibre refused the search: HTTP \(status)\(why)",
                    hint: "MercadoLibre closed anonymous search in 2025. Set MELI_ACCESS_TOKEN to a token with search access, or set MELI_API_BASE_URL to a proxy or mirror that serves search (meli-dev uses the offline sandbox).")
            }
            return CommandFailure(
                .authentication, "MercadoLibre refused the request: HTTP \(status)\(why)",
                hint: "Set MELI_ACCESS_TOKEN to a valid access token, or MELI_API_BASE_URL to another base URL.")
        case .rateLimited(let retryAfter):
            let wait = retryAfter.map { Int($0) != nil ? "wait \($0) seconds" : "wait until \($0)" } ?? "wait a little"
            return CommandFailure(.failure, "MercadoLibre is limiting requests (HTTP 429)", hint: "The server asked to \(wait), then try again.")
        case .badStatus(let status, let method, let url):
            let kind = status >= 500 ? "the server failed" : "unexpected answer"
            return CommandFailure(.failure, "\(kind): HTTP \(status) for \(method) \(url)", hint: status >= 500 ? "Try again later." : nil)
        case .transport(.connection(let host, let reason)):
            return CommandFailure(.failure, "cannot reach \(host): \(reason)", hint: "Check the network, or MELI_API_BASE_URL.")
        case .transport(.interrupted(let host, let reason)):
            return CommandFailure(.failure, "the exchange with \(host) failed: \(reason)", hint: "Try again; if it persists, check MELI_API_BASE_URL.")
        case .transport(.timeout(let host, let seconds)):
            return CommandFailure(
                .failure, "\(host) did not answer within \(HTTPTimeout.text(seconds)) seconds",
                hint: "Try again, or raise MELI_HTTP_TIMEOUT.")
        case .transport(.invalidURL(let url)):
            return CommandFailure(.configuration, "cannot request '\(url)'", hint: "Check MELI_API_BASE_URL.")
        case .undecodable(let error, let method, let url):
            let field = error.field.isEmpty ? "the body" : "field '\(error.field)'"
            return CommandFailure(.failure, "the answer to \(method) \(url) does not decode: \(field): \(error.problem)")
        }
    }
}
