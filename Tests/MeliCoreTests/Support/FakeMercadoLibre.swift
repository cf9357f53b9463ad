import Foundation
import Synchronization

/// A stand-in for MercadoLibre's OAuth and search endpoints on a loopback server: it issues tokens
/// for one authorization code, accepts each refresh token exactly once (as the real API does), and
/// answers search only with a live access token.
final class FakeMercadoLibre: Sendable {
    static let clientID = "1234567"
    static let clientSecret = "s3cr3t-client-secret-value"
    static let redirectURI = "https://example.com/callback"
    static let code = "TG-good-code-1"
    static let userID = 4242

    struct State {
        var access: Set<String> = []
        var refresh: Set<String> = []
        var issued = 0
        var refreshes = 0
        var reusedRefreshTokens = 0
        /// `expires_in` of the tokens issued next.
        var expiresIn = 21_600
        /// Seconds each refresh takes, so that concurrent processes overlap.
        var refreshDelay = 0.0
        /// Every token and secret ever issued, for leak checks.
        var secrets: [String] = [FakeMercadoLibre.clientSecret]
    }

    final class Box: Sendable {
        let mutex = Mutex(State())
        func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    let state = Box()
    let server: LoopbackServer

    init() throws {
        let state = state
        server = try LoopbackServer(handler: { Self.handle($0, state) })
    }

    func stop() { server.stop() }

    static func json(_ object: [String: Any]) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    static let page = Array(#"{"site_id":"MLA","query":"x","paging":{"total":1,"offset":0,"limit":20},"results":[{"id":"MLA7","title":"Siete","price":7,"currency_id":"ARS"}]}"#.utf8)

    private static func handle(_ request: LoopbackServer.Request, _ state: Box) -> LoopbackServer.Reply {
        if request.method == "POST", request.target == "/oauth/token" { return token(request.form, state) }
        let bearer = request.headers["authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? ""
        guard state.withLock({ $0.access.contains(bearer) }) else {
            return .respond(status: 401, body: Self.json(["message": "invalid_token", "error": "not_found", "status": 401]))
        }
        return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.page)
    }

    private static func token(_ form: [String: String], _ state: Box) -> LoopbackServer.Reply {
        let refused = LoopbackServer.Reply.respond(
            status: 400, body: Self.json(["error": "invalid_grant", "message": "the grant is invalid or was already used", "status": 400]))
        guard form["client_id"] == Self.clientID, form["client_secret"] == Self.clientSecret else {
            return .respond(status: 401, body: Self.json(["error": "invalid_client", "message": "invalid client", "status": 401]))
        }
        if form["grant_type"] == "refresh_token" { Thread.sleep(forTimeInterval: state.withLock { $0.refreshDelay }) }
        return state.withLock { state in
            switch form["grant_type"] {
            case "authorization_code":
                guard form["code"] == Self.code, form["redirect_uri"] == Self.redirectURI else { return refused }
            case "refresh_token":
                guard let token = form["refresh_token"], state.refresh.remove(token) != nil else {
                    state.reusedRefreshTokens += 1
                    return refused
                }
                state.refreshes += 1
            default:
                return refused
            }
            state.issued += 1
            let access = "APP_USR-\(state.issued)-access-\(UUID().uuidString)"
            let refresh = "TG-refresh-\(state.issued)-\(UUID().uuidString)"
            state.access.insert(access)
            state.refresh.insert(refresh)
            state.secrets += [access, refresh]
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.json([
                "access_token": access, "token_type": "Bearer", "expires_in": state.expiresIn, "scope": "offline_access read",
                "user_id": Self.userID, "refresh_token": refresh,
            ]))
        }
    }
}
