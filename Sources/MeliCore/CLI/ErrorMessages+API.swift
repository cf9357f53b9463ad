/// What the user reads for each API failure, and the exit code (README "Exit codes").
extension APIError {
    /// The message and exit code; `binary` names the program in hints that say what to run.
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .notFound(let endpoint):
            return CommandFailure(.notFound, Message(.notFound, nested: [endpoint.missingResource]))
        case .refused(let endpoint, let status, let message):
            let why = message.map { " (\($0))" } ?? ""
            if case .oauthToken = endpoint {
                return CommandFailure(.authentication, Message(.loginRefused, [String(status), why]), hint: Message(.loginRefusedHint, [binary]))
            }
            if case .search = endpoint {
                return CommandFailure(.authentication, .refusedSearch, String(status), why, hint: .refusedSearchHint)
            }
            return CommandFailure(.authentication, .refused, String(status), why, hint: .refusedHint)
        case .rateLimited(let retryAfter):
            let wait = retryAfter.map { Int($0) != nil ? Message(.waitSeconds, [$0]) : Message(.waitUntil, [$0]) } ?? Message(.waitLittle)
            return CommandFailure(.failure, Message(.rateLimited), hint: wait)
        case .badStatus(let status, let method, let url):
            return status >= 500
                ? CommandFailure(.failure, .serverFailed, String(status), method, url, hint: .tryLater)
                : CommandFailure(.failure, .unexpectedAnswer, String(status), method, url)
        case .transport(.connection(let host, let reason)):
            return CommandFailure(.failure, .cannotReach, host, reason, hint: .cannotReachHint)
        case .transport(.interrupted(let host, let reason)):
            return CommandFailure(.failure, .exchangeFailed, host, reason, hint: .exchangeFailedHint)
        case .transport(.timeout(let host, let seconds)):
            return CommandFailure(.failure, .timedOut, host, HTTPTimeout.text(seconds), hint: .timedOutHint)
        case .transport(.invalidURL(let url)):
            return CommandFailure(.configuration, .cannotRequest, url, hint: .cannotRequestHint)
        case .transport(.tooLarge(let host, let limit)):
            return CommandFailure(.failure, .answerTooLarge, host, ByteCount.text(limit))
        case .undecodable(let error, let method, let url):
            let field = error.field.isEmpty ? Message(.decodingBody) : Message(.decodingField, [error.field])
            return CommandFailure(.failure, Message(.undecodable, [method, url], nested: [field, error.problem]))
        case .notCached(let url):
            return CommandFailure(.failure, .notCached, url, hint: .notCachedHint)
        case .loginExpired(let reason):
            return CommandFailure(.authentication, Message(.loginExpired, [reason.map { " (\($0))" } ?? ""]), hint: Message(.loginExpiredHint, [binary]))
        case .credentials(let text, let hint):
            return CommandFailure(.authentication, text, hint: hint)
        }
    }
}
