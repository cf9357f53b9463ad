#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension APIClient {
    /// Sends a GET and returns what `read` makes of a 2xx response (or of a cached one); every
    /// other outcome is an `APIError`. An answer is stored in the cache only once `read` has
    /// accepted it: a 200 whose body does not decode is not kept to be shown again, failing, on
    /// every run until it expires; an entry that does not read, fresh or confirmed by a 304, is
    /// asked for again.
    func send<Value>(
        _ endpoint: Endpoint, query: [(String, String)] = [], reading read: (HTTPResponse) throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        let url = url(endpoint, query)
        let key = "GET " + url
        let identity = await tokens?.identity ?? "anonymous"
        var cached = cacheMode == .bypass ? nil : cache?.load(key: key, identity: identity)
        let start = clock.now().timeIntervalSince1970

        if cacheMode == .offline {
            guard let cached else { throw .notCached(url: url) }
            return try read(stale(cached, key, .offlineRequested))
        }
        let fallback = fallbackLifetime(endpoint)
        if let entry = cached, entry.isFresh(at: start, fallback: fallback) {
            do throws(APIError) {
                let value = try read(entry.response)
                logger.debug("cache: \(key) answered from the cache (fresh for \(Int(saturating: entry.stored + entry.lifetime(fallback: fallback) - start)) s more)")
                return value
            } catch {
                // Kept by an older meli that stored answers before reading them: asked again,
                // and replaced by the answer if that one reads.
                logger.debug("cache: \(key) holds an answer that does not read (\(error)); asking the server")
                cached = nil
            }
        }

        var headers = ["Accept": "application/json", "User-Agent": userAgent]
        if let cached {
            if let etag = cached.headers["etag"] { headers["If-None-Match"] = etag }
            if let modified = cached.headers["last-modified"] { headers["If-Modified-Since"] = modified }
            logger.debug("cache: \(key) is stale; revalidating")
        }
        var token = try await tokens?.token()
        var response: HTTPResponse
        do {
            response = try await exchange(HTTPRequest(url: url, headers: headers, timeout: timeout, maxBodyBytes: Self.maxAnswerBytes), token: token)
            if response.status == 401, let rejected = token, let renewed = try await tokens?.renew(rejected: rejected) {
                token = renewed
                response = try await exchange(HTTPRequest(url: url, headers: headers, timeout: timeout, maxBodyBytes: Self.maxAnswerBytes), token: token)
            }
        } catch {
            guard case .transport(let failure) = error, let cached else { throw error }
            return try read(stale(cached, key, .unreachable(failure)))
        }

        let received = clock.now()
        if response.status == 304, var renewed = cached {
            for (name, value) in response.headers where CacheEntry.keptHeaders.contains(name) { renewed.headers[name] = value }
            renewed.stored = received.timeIntervalSince1970
            renewed.lifetime = CachePolicy(headers: renewed.headers, fallbackLifetime: fallbackLifetime(endpoint), now: received).lifetime
            logger.debug("cache: \(key) not modified (304); fresh for \(Int(saturating: renewed.lifetime)) s")
            do throws(APIError) {
                let value = try read(renewed.response)
                cache?.store(renewed)
                return value
            } catch {
                // A stale entry an older meli kept without reading it: asked for again without
                // its validators, or each 304 would show it failing again.
                logger.debug("cache: \(key) holds an answer that does not read (\(error)); asking the server again")
                cached = nil
                headers["If-None-Match"] = nil
                headers["If-Modified-Since"] = nil
                response = try await exchange(HTTPRequest(url: url, headers: headers, timeout: timeout, maxBodyBytes: Self.maxAnswerBytes), token: token)
            }
        }
        if (200..<300).contains(response.status) {
            let value: Value
            do throws(APIError) {
                value = try read(response)
            } catch .undecodable(let error, let method, let url) where error == BodyDecodingError(field: "", problem: .notJSON) {
                // A captive portal's or a proxy's page: a cached answer stands in, as for a 5xx.
                let type = response.quotedContentType
                logger.debug("cache: \(key) answered HTTP \(response.status) with \(type ?? "no Content-Type"), not JSON")
                guard let cached else { throw .notJSON(status: response.status, contentType: type, method: method, url: url) }
                return try read(stale(cached, key, .notJSON(status: response.status, contentType: type)))
            }
            if response.status == 200 { store(response, key: key, identity: identity, endpoint: endpoint, at: received) }
            return value
        }
        if (500..<600).contains(response.status), let cached {
            return try read(stale(cached, key, .serverFailed(response.status)))
        }
        throw Self.failure(response, endpoint: endpoint, url: url)
    }

    /// Keeps a 200 answer when the mode and its headers allow.
    private func store(_ response: HTTPResponse, key: String, identity: String, endpoint: Endpoint, at received: Date) {
        guard cacheMode == .normal, let cache else { return }
        let policy = CachePolicy(headers: response.headers, fallbackLifetime: fallbackLifetime(endpoint), now: received)
        guard policy.storable else {
            logger.debug("cache: \(key) not stored (Cache-Control: no-store)")
            return
        }
        cache.store(CacheEntry(
            key: key, identity: identity, stored: received.timeIntervalSince1970, lifetime: policy.lifetime,
            status: 200, headers: response.headers, body: response.body))
        logger.debug("cache: \(key) stored, fresh for \(Int(saturating: policy.lifetime)) s")
    }

    /// `entry` as the answer, after telling the user how old it is and why.
    private func stale(_ entry: CacheEntry, _ key: String, _ reason: StaleAnswer.Reason) -> HTTPResponse {
        let age = max(0, clock.now().timeIntervalSince1970 - entry.stored)
        logger.debug("cache: \(key) answered from an entry \(Int(saturating: age)) s old (\(reason))")
        onStale(StaleAnswer(age: age, reason: reason))
        return entry.response
    }

    /// `Retry-After` as a message may quote it: whole seconds, or an HTTP date as RFC 9110 writes
    /// it; nil for anything else (`-1`, `NaN`, `1e9`, a 20-digit number, a paragraph), which the
    /// message words as "wait a little". Before, `-1` read "wait -1 seconds" and `NaN` "wait
    /// until NaN".
    static func retryAfterText(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        if let seconds = Int(trimmed), seconds >= 0 { return String(seconds) }
        return HTTPDate.parse(trimmed).map(HTTPDate.format)
    }

    /// The error for a response that is not a success.
    static func failure(_ response: HTTPResponse, endpoint: Endpoint, url: String) -> APIError {
        switch response.status {
        case 404:
            return .notFound(endpoint)
        case 401, 403:
            let body = try? JSONBody.decode(APIErrorBodyDTO.self, from: response.body)
            return .refused(endpoint, status: response.status, message: body?.message)
        case 429:
            return .rateLimited(retryAfter: response.headers["retry-after"].flatMap(Self.retryAfterText))
        default:
            return .badStatus(response.status, method: "GET", url: url)
        }
    }
}

extension CacheEntry {
    var response: HTTPResponse { HTTPResponse(status: status, headers: headers, body: body) }
}
