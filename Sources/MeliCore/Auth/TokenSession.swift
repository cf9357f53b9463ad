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
/// before the new access token is sent anywhere, and room for them is reserved before the refresh
/// token is spent: without room, a token that still works is used (with a warning) and the refresh
/// token is kept for later; if the new tokens still cannot be saved, they are used for this run.
package actor TokenSession: TokenProvider {
    let store: CredentialStore
    let endpoint: TokenEndpoint
    let now: @Sendable () -> Date
    /// How long to wait for another process's renewal.
    let lockTimeout: Double
    /// The language of the warnings about a disk without room.
    let language: Language
    private var current: Credentials
    /// Renewal was put off for lack of room: not tried again (nor warned about) in this run.
    private var postponed = false
    /// The renewal under way in this run. Requests made meanwhile (an item and its description
    /// are asked for at once) wait for its outcome instead of for the credentials lock, which
    /// this process would otherwise hold against itself: a lock wait measured on a test clock
    /// ran out while the first renewal was still on the network.
    private var renewal: Task<Result<Credentials, APIError>, Never>?

    package init(
        _ credentials: Credentials, store: CredentialStore, endpoint: TokenEndpoint, lockTimeout: Double, language: Language = .english,
        now: @escaping @Sendable () -> Date
    ) {
        current = credentials
        self.language = language
        self.store = store
        self.endpoint = endpoint
        self.lockTimeout = lockTimeout
        self.now = now
        for secret in credentials.secrets { endpoint.redactor.add(secret) }
    }

    package var identity: String { current.identity }

    package func token() async throws(APIError) -> String? {
        guard current.expiresSoon(at: now()), !postponed else { return current.accessToken }
        endpoint.logger.debug("auth: the access token expires in \(Int(saturating: current.expiresAt - now().timeIntervalSince1970)) s; renewing it")
        do {
            try await renew(replacing: current.accessToken, refused: false)
            postponed = current.expiresSoon(at: now())
        } catch .transport(let error) {
            // Not reachable now: the old token may still work (or the cache may answer).
            endpoint.logger.debug("auth: cannot renew the token now (\(error)); using the current one")
        }
        return current.accessToken
    }

    package func renew(rejected: String) async throws(APIError) -> String? {
        endpoint.logger.debug("auth: the API refused the access token (401); renewing it")
        try await renew(replacing: rejected, refused: true)
        return current.accessToken
    }

    /// `refused`: the API refused the token (401), so it is not used again even while unexpired.
    private func renew(replacing rejected: String, refused: Bool) async throws(APIError) {
        if let running = renewal {
            current = try await running.value.get()
            return
        }
        let task = Task { () async -> Result<Credentials, APIError> in
            do throws(APIError) {
                return .success(try await renewUnderLock(replacing: rejected, refused: refused))
            } catch {
                return .failure(error)
            }
        }
        renewal = task
        defer { renewal = nil }
        current = try await task.value.get()
    }

    private func renewUnderLock(replacing rejected: String, refused: Bool) async throws(APIError) -> Credentials {
        try await store.withLock(timeout: lockTimeout) { () async throws(APIError) -> Credentials in
            let onDisk = try store.load() ?? current
            for secret in onDisk.secrets { endpoint.redactor.add(secret) }
            if onDisk.accessToken != rejected, !onDisk.expiresSoon(at: now()) {
                endpoint.logger.debug("auth: another process already renewed the token; using it")
                return onDisk
            }
            let reservation: CredentialStore.Reservation
            do throws(CredentialsError) {
                reservation = try store.reserve(for: onDisk)
            } catch {
                // Nothing was sent: the refresh token is still good. A token that still works is used.
                let left = onDisk.expiresAt - now().timeIntervalSince1970
                guard !(refused && onDisk.accessToken == rejected), left > 0, case .noSpaceToRenew(let path, let reason) = error else { throw .credentials(error) }
                let seconds = String(Int(saturating: left))
                endpoint.logger.warning(Message.Auth.renewalPostponed(path: path, reason: reason, seconds: seconds).text(language))
                return onDisk
            }
            let renewed: Credentials
            do throws(APIError) {
                renewed = try await endpoint.refresh(onDisk, now: now())
            } catch {
                store.release(reservation)
                throw error
            }
            do throws(CredentialsError) {
                try store.save(renewed, into: reservation)
            } catch {
                // The refresh token is spent: the new access token is the one that works now.
                if case .unwritable(let path, let reason) = error {
                    endpoint.logger.warning(Message.Auth.renewedNotSaved(path: path, reason: reason, binary: store.binary).text(language))
                }
                return renewed
            }
            endpoint.logger.debug("auth: token renewed and saved; it expires in \(Int(saturating: renewed.expiresAt - now().timeIntervalSince1970)) s")
            return renewed
        }
    }
}
