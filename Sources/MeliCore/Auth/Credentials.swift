#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One login, as kept in the credentials file: the tokens, when the access token expires, and the
/// application that can renew it.
package struct Credentials: Sendable, Hashable, Codable {
    package var accessToken: String
    package var refreshToken: String?
    /// Seconds since 1970.
    package var expiresAt: Double
    package var userID: String?
    package var scope: String?
    package var clientID: String
    /// Kept so that a refresh works without asking again; the file is 0600.
    package var clientSecret: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresAt = "expires_at", userID = "user_id"
        case scope, clientID = "client_id", clientSecret = "client_secret"
    }

    /// Seconds before expiry at which a token is renewed before use.
    package static let renewalMargin = 300.0

    package func expiresSoon(at now: Date) -> Bool { expiresAt - now.timeIntervalSince1970 < Self.renewalMargin }

    /// The cache identity of this login: the same user and application across refreshes, never a token.
    package var identity: String {
        "login:" + String(SHA256.hex("meli-login\n\(userID ?? accessToken)\n\(clientID)").prefix(16))
    }

    /// Every value that must never be shown.
    package var secrets: [String] { [accessToken, clientSecret] + (refreshToken.map { [$0] } ?? []) }

    func encoded() -> [UInt8] {
        let json = JSONValue.object([
            ("access_token", .string(accessToken)),
            ("refresh_token", refreshToken.map(JSONValue.string) ?? .null),
            ("expires_at", .number(expiresAt)),
            ("user_id", userID.map(JSONValue.string) ?? .null),
            ("scope", scope.map(JSONValue.string) ?? .null),
            ("client_id", .string(clientID)),
            ("client_secret", .string(clientSecret)),
        ])
        return Array((json.serialized() + "\n").utf8)
    }

    static func decode(_ bytes: [UInt8]) -> Credentials? {
        try? JSONBody.decode(Credentials.self, from: bytes)
    }
}
