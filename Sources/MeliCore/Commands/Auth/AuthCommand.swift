#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `auth`: the group holding login, status, logout and token.
enum AuthCommand {
    static let spec = CommandSpec(
        name: "auth", summary: .AccountHelp.authSummary, discussion: .AccountHelp.authDiscussion,
        subcommands: [
            .init("login", AuthLoginCommand.spec), .init("status", AuthStatusCommand.spec), .init("logout", AuthLogoutCommand.spec),
            .init("token", AuthTokenCommand.spec),
        ],
        examples: ["$0 auth login --client-id 123 --redirect-uri https://example.com/callback", "$0 auth status", "$0 auth token"])
}

extension App {
    /// Fails unless the environment talks to a real API (the sandbox has no logins).
    func requireRealAPI() throws -> String {
        guard case .http(let base) = environment.apiBaseURL else { throw AuthError.sandbox }
        return base
    }
}

/// How `auth` commands write times: a clock time and a remaining duration.
enum AuthTime {
    /// `2026-11-21 18:52 UTC`.
    static func clock(_ seconds: Double) -> String {
        let stamp = Timestamp.iso8601(Date(timeIntervalSince1970: seconds))
        return stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(5) + " UTC"
    }

    /// `5 h 59 min`, `12 min`, `40 s`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(saturating: max(0, seconds))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        return s % 3600 / 60 == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(s % 3600 / 60) min"
    }
}
