#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Endpoint {
    /// Where tokens come from; never cached.
    static let oauthToken = Endpoint("oauth", "token", missing: .Auth.resourceTokenEndpoint, lifetime: .uncached, refusal: .login)
}

/// `POST <base URL>/oauth/token`: trades an authorization code or a refresh token for tokens.
///
/// Never retried: a refresh token works once, and a retry after a lost answer would spend it twice.
/// Bodies are never logged, only the status line.
package struct TokenEndpoint: Sendable {
    package var baseURL: String
    package var transport: any HTTPTransport
    package var userAgent: String
    package var timeout: Double
    package var logger: Logger
    package var redactor: Redactor

    package init(baseURL: String, transport: any HTTPTransport, userAgent: String, timeout: Double, logger: Logger, redactor: Redactor) {
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
        self.timeout = timeout
        self.logger = logger
        self.redactor = redactor
    }

    /// The authorization-code grant.
    package func exchange(code: String, clientID: String, clientSecret: String, redirectURI: String, now: Date) async throws(APIError) -> Credentials {
        let answer = try await post([
            ("grant_type", "authorization_code"), ("client_id", clientID), ("client_secret", clientSecret),
            ("code", code), ("redirect_uri", redirectURI),
        ], refreshing: false)
        return credentials(answer, clientID: clientID, clientSecret: clientSecret, previousRefresh: nil, now: now)
    }

    /// The refresh-token grant; a refusal means the login is over.
    package func refresh(_ current: Credentials, now: Date) async throws(APIError) -> Credentials {
        guard let refreshToken = current.refreshToken else { throw .loginExpired(reason: nil) }
        let answer = try await post([
            ("grant_type", "refresh_token"), ("client_id", current.clientID), ("client_secret", current.clientSecret),
            ("refresh_token", refreshToken),
        ], refreshing: true)
        var renewed = credentials(answer, clientID: current.clientID, clientSecret: current.clientSecret, previousRefresh: refreshToken, now: now)
        renewed.userID = renewed.userID ?? current.userID
        return renewed
    }

    /// Seconds a new token lasts: the answer's `expires_in` (6 hours when it has none), held to
    /// 0 ... 1 year. A server saying 1e308 made `auth status` show the token expiring in the year
    /// 292,278,994; one saying -5 is renewed at its next use.
    static func lifetime(_ expiresIn: Double?) -> Double {
        min(max(expiresIn ?? 21_600, 0), 366 * 86_400)
    }

    private func credentials(_ answer: TokenDTO, clientID: String, clientSecret: String, previousRefresh: String?, now: Date) -> Credentials {
        Credentials(
            accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? previousRefresh,
            expiresAt: now.timeIntervalSince1970 + Self.lifetime(answer.expiresIn), userID: answer.userID?.text, scope: answer.scope,
            clientID: clientID, clientSecret: clientSecret)
    }

    private func post(_ form: [(String, String)], refreshing: Bool) async throws(APIError) -> TokenDTO {
        for (name, value) in form where ["client_secret", "code", "refresh_token"].contains(name) { redactor.add(value) }
        let url = baseURL + Endpoint.oauthToken.path
        let body = Array(Endpoint.query(form).dropFirst().utf8)
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded", "User-Agent": userAgent],
            body: body, timeout: timeout, maxBodyBytes: APIClient.maxAnswerBytes)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            logger.info("POST \(url) failed: \(error)")
            throw .transport(error)
        }
        logger.info("POST \(url) \(response.status) (\(refreshing ? "refresh_token" : "authorization_code") grant)")
        guard (200..<300).contains(response.status) else {
            let body = try? JSONBody.decode(APIErrorBodyDTO.self, from: response.body)
            let reason = [body?.error, body?.message].compactMap { $0 }.joined(separator: ": ")
            let shown = reason.isEmpty ? nil : redactor.redact(reason)
            if refreshing, (400..<500).contains(response.status) { throw .loginExpired(reason: shown) }
            if (400..<500).contains(response.status) { throw .refused(.oauthToken, status: response.status, message: shown) }
            throw .badStatus(response.status, method: "POST", url: url)
        }
        do {
            let answer = try JSONBody.decode(TokenDTO.self, from: response.body)
            redactor.add(answer.accessToken)
            if let refresh = answer.refreshToken { redactor.add(refresh) }
            return answer
        } catch {
            throw .undecodable(error, method: "POST", url: url)
        }
    }
}
