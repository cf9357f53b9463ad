#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension APIClient {
    /// Sends `request` with `token`, retrying as `retry` says within the command's budget. Returns
    /// the last HTTP answer, whatever its status; throws `.transport` when none came.
    func exchange(_ request: HTTPRequest, token: String?) async throws(APIError) -> HTTPResponse {
        var request = request
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        let host = Self.host(of: request.url)
        var attempt = 1
        let firstStart = clock.elapsed()
        while true {
            let left = budget.remaining(at: clock.elapsed())
            guard left > 0 else { throw .transport(.timeout(host: host, seconds: timeout)) }
            request.timeout = min(timeout, left)
            traceRequest(request)
            let start = clock.elapsed()
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(try await transport.send(request))
            } catch {
                outcome = .failure(error)
            }
            let elapsed = (clock.elapsed() - start).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            let response: HTTPResponse?
            switch outcome {
            case .success(let answer):
                response = answer
                logger.info("GET \(request.url) \(answer.status) (\(milliseconds) ms)")
                logger.trace("response headers: \(answer.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))")
            case .failure(let error) where error.isFinal:
                logger.debug("GET \(request.url) failed: \(failureText(error))")
                throw .transport(error)
            case .failure(let error):
                response = nil
                logger.debug("GET \(request.url) failed: \(failureText(error))")
            }
            guard let wait = retry.delay(after: attempt, response: response, now: clock.now(), random: random()),
                  wait + 0.1 < budget.remaining(at: clock.elapsed())
            else {
                // A last attempt cut short by the budget still reports the configured timeout; after
                // several, the attempts and the time they took in all, not one attempt's timeout alone.
                let total = ((clock.elapsed() - firstStart).inSeconds * 10).rounded() / 10
                switch outcome {
                case .success(let answer): return answer
                case .failure(.timeout(let host, _)) where attempt > 1:
                    throw .transport(.timeoutAfterAttempts(host: host, seconds: timeout, attempts: attempt, total: total, connecting: false))
                case .failure(.connectTimeout(let host, _)) where attempt > 1:
                    let seconds = HTTPTimeout.connectSeconds(within: timeout)
                    throw .transport(.timeoutAfterAttempts(host: host, seconds: seconds, attempts: attempt, total: total, connecting: true))
                case .failure(.timeout(let host, _)): throw .transport(.timeout(host: host, seconds: timeout))
                case .failure(.connectTimeout(let host, _)): throw .transport(.connectTimeout(host: host, seconds: HTTPTimeout.connectSeconds(within: timeout)))
                case .failure(let error): throw .transport(error)
                }
            }
            let what = response.map { "HTTP \($0.status)" } ?? "no answer"
            logger.debug("GET \(request.url): \(what); retrying in \(Self.seconds(wait)) s (attempt \(attempt + 1) of \(retry.attempts))")
            try? await clock.sleep(.seconds(wait))
            attempt += 1
        }
    }

    /// At trace level: the request's headers, the token masked.
    private func traceRequest(_ request: HTTPRequest) {
        guard logger.isEnabled(.trace) else { return }
        let headers = request.headers.sorted { $0.key < $1.key }.map { name, value in
            name == "Authorization" ? "\(name): Bearer \(Redactor.mask)" : "\(name): \(value)"
        }
        logger.trace("\(request.method) \(request.url) timeout \(Self.seconds(request.timeout)) s; headers: \(headers.joined(separator: "; "))")
    }

    /// `0.7`, `12`: seconds with at most one decimal.
    static func seconds(_ value: Double) -> String {
        let tenths = Int(saturating: (value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
