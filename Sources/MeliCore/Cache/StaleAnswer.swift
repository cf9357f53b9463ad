/// A cached response shown because a fresh one could not be had, and why.
package struct StaleAnswer: Sendable, Hashable {
    package enum Reason: Sendable, Hashable {
        /// `--offline`: the network was not tried.
        case offlineRequested
        /// No HTTP answer after the retries.
        case unreachable(TransportError)
        /// The server kept failing (5xx) after the retries.
        case serverFailed(Int)
        /// A 2xx answer that is not JSON (a captive portal's or a proxy's login page): its status
        /// and `Content-Type` as a message quotes it.
        case notJSON(status: Int, contentType: String?)
    }

    /// Seconds since the response was received (or last revalidated).
    package var age: Double
    package var reason: Reason
}

/// How one run uses the response cache.
package enum CacheMode: Sendable, Hashable {
    /// Fresh entries answer, stale ones are revalidated, and any entry stands in when the network fails.
    case normal
    /// `--offline`: answer from the cache only, whatever the age; never touch the network.
    case offline
    /// `--no-cache`: neither read nor write the cache.
    case bypass
}

extension StaleAnswer {
    /// `offline: showing results cached 3 hours ago`, in `language`.
    static func warning(_ answer: StaleAnswer, language: Language) -> String {
        let age = ageMessage(answer.age).text(language)
        switch answer.reason {
        case .serverFailed(let status): return Message.Cache.staleServer(age: age, status: String(status)).text(language)
        case .notJSON(let status, let type): return Message.Cache.staleNotJSON(age: age, status: String(status), contentType: .API.contentType(type)).text(language)
        case .unreachable(.tooLarge(_, let limit)): return Message.Cache.staleTooLarge(age: age, limit: ByteCount.text(limit)).text(language)
        case .offlineRequested, .unreachable: return Message.Cache.staleOffline(age: age).text(language)
        }
    }

    /// `3 hours ago`: the largest whole unit, rounded down.
    static func ageMessage(_ seconds: Double) -> Message {
        let s = Int(saturating: max(0, seconds))
        switch s {
        case ..<5: return Message.Cache.ageJustNow
        case ..<60: return Message.Cache.ageSeconds(count: String(s))
        case ..<120: return Message.Cache.ageMinute
        case ..<3600: return Message.Cache.ageMinutes(count: String(s / 60))
        case ..<7200: return Message.Cache.ageHour
        case ..<86_400: return Message.Cache.ageHours(count: String(s / 3600))
        case ..<172_800: return Message.Cache.ageDay
        default: return Message.Cache.ageDays(count: String(s / 86_400))
        }
    }
}
