#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The login stored in the credentials file, renewed when needed.
///
/// A token expiring within five minutes is renewed before use, and a 401 renews it once. Renewal
/// holds the credentials lock: it first re-reads the file, and if another process already renewed
/// the token, uses that one instead of spending the refresh token again. The new tokens are on disk
/// before the new access token is sent anywhere.
package actor TokenSession: TokenProvider {
    let store: CredentialStore
    let endpoint: TokenEndpoint
    let now: @Sendable () -> Date
    /// How long to wait for another process's renewal.
    let lockTimeout: Double
    private var current: Credentials

    package init(_ credentials: Credentials, store: CredentialStore, endpoint: TokenEndpoint, lockTimeout: Double, now: @escaping @Sendable () -> Date) {
        current = credentials
        self.store = store
        self.endpoint = endpoint
        self.lockTimeout = lockTimeout
        self.now = now
        for secret in credentials.secrets { endpoint.redactor.add(secret) }
    }

    package var identity: String { current.identity }

    package func token() async throws(APIError) -> String? {
        guard current.expiresSoon(at: now()) else { return current.accessToken }
        endpoint.logger.debug("auth: the access token expires in \(Int(saturating: current.expiresAt - now().timeIntervalSince1970)) s; renewing it")
        do {
            try await renew(replacing: current.accessToken)
        } catch .transport(let error) {
            // Not reachable now: the old token may still work (or the cache may answer).
            endpoint.logger.debug("auth: cannot renew the token now (\(error)); using the current one")
        }
        return current.accessToken
    }

    package func renew(rejected: String) async throws(APIError) -> String? {
        endpoint.logger.debug("auth: the API refused the access token (401); renewing it")
        try await renew(replacing: rejected)
        return current.accessToken
    }

    private func renew(replacing rejected: String) async throws(APIError) {
        current = try await store.withLock(timeout: lockTimeout) { () async throws(APIError) -> Credentials in
            let onDisk = try store.load() ?? current
            for secret in onDisk.secrets { endpoint.redactor.add(secret) }
            if onDisk.accessToken != rejected, !onDisk.expiresSoon(at: now()) {
                endpoint.logger.debug("auth: another process already renewed the token; using it")
                return onDisk
            }
            let renewed = try await endpoint.refresh(onDisk, now: now())
            try store.save(renewed)
            endpoint.logger.debug("auth: token renewed and saved; it expires in \(Int(saturating: renewed.expiresAt - now().timeIntervalSince1970)) s")
            return renewed
        }
    }
}
