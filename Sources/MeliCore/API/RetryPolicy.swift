#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// When and how long to wait before sending a GET again.
///
/// Retried: no HTTP answer (refused, reset, timeout, DNS) and 429, 502, 503, 504; at most
/// `attempts` sends. The wait doubles from `baseDelay` with jitter (between half and all of it), or
/// is the server's `Retry-After` when it asks for no more than `maxRetryAfter` seconds; a longer
/// `Retry-After` is not waited for: the command fails at once saying how long the server asked.
package struct RetryPolicy: Sendable {
    package var attempts = 3
    package var baseDelay = 0.5
    package var maxRetryAfter = 10.0

    package init() {}

    /// The most one command may spend on the network with `timeout` seconds per attempt.
    package static func commandBudget(timeout: Double) -> Double { timeout * Double(RetryPolicy().attempts) }

    static let retriedStatuses: Set = [429, 502, 503, 504]

    /// Seconds to wait before attempt `attempt + 1` after `response` (nil: no HTTP answer), or nil
    /// when the outcome is final. `random` is in 0...1.
    func delay(after attempt: Int, response: HTTPResponse?, now: Date, random: Double) -> Double? {
        guard attempt < attempts else { return nil }
        if let response {
            guard Self.retriedStatuses.contains(response.status) else { return nil }
            if let asked = response.headers["retry-after"].flatMap({ Self.seconds(retryAfter: $0, now: now) }) {
                return asked <= maxRetryAfter ? asked : nil
            }
        }
        let full = baseDelay * Double(1 << (attempt - 1))
        return full / 2 + full / 2 * min(max(random, 0), 1)
    }

    /// `Retry-After` as seconds from `now`: delay-seconds or an HTTP date.
    static func seconds(retryAfter: String, now: Date) -> Double? {
        let text = retryAfter.trimmingWhitespace
        if let seconds = Int(text), seconds >= 0 { return Double(seconds) }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }
}

/// The time one command may spend on the network: `MELI_HTTP_TIMEOUT` times the attempts, shared
/// by all its requests and their retries, so no command runs longer however the server behaves.
/// The clock starts at the first request, not when the client is made; `item -` and `category -`
/// restart it for each id (`restart`).
package final class RequestBudget: Sendable {
    private let seconds: Double?
    /// When the budget runs out, on the command's `TimeSource.elapsed`.
    private let deadline = Mutex<Duration?>(nil)

    package init(seconds: Double) {
        self.seconds = seconds
    }

    private init() { seconds = nil }

    /// No limit: for the sandbox, which answers from memory.
    package static var unlimited: RequestBudget { RequestBudget() }

    /// Starts the budget again, from the next request: each id of `item -` gets its own, as
    /// each run of `item ID` does (one shared by twenty ids ran out at the sixth).
    package func restart() {
        deadline.withLock { $0 = nil }
    }

    /// A budget of the same length, not started: what one more command would get. Each request
    /// `browse` sends for the user (a search typed, an item opened, Ctrl-R) takes one.
    package func renewed() -> RequestBudget {
        seconds.map { RequestBudget(seconds: $0) } ?? .unlimited
    }

    /// Seconds left when the command's clock reads `elapsed`; zero or less when spent.
    package func remaining(at elapsed: Duration) -> Double {
        guard let seconds else { return .infinity }
        let end = deadline.withLock { deadline in
            if let deadline { return deadline }
            let made = elapsed + .seconds(seconds)
            deadline = made
            return made
        }
        return (end - elapsed).inSeconds
    }
}
