/// The answer of `POST /oauth/token`.
struct TokenDTO: Decodable, Sendable {
    var accessToken: String
    var tokenType: String?
    var expiresIn: Double?
    var scope: String?
    var userID: UserID?
    var refreshToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in", scope
        case userID = "user_id", refreshToken = "refresh_token"
    }

    /// `user_id` is a number in the API's answers; accept a string too.
    struct UserID: Decodable, Sendable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) { text = String(number) } else { text = try container.decode(String.self) }
        }
    }
}
