// The only code that imports all of Foundation: URLSession lives there (FoundationNetworking on
// Linux). Everything else uses FoundationEssentials and reaches HTTP through `HTTPTransport`.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeliCore
import Synchronization

/// Sends requests with URLSession. No URL cache and no cookies: meli decides what to cache.
///
/// The session is made on the first request, not before: on Linux, merely configuring one makes
/// swift-corelibs-foundation create `~/.cache/org.swift.foundation.URLCache/<name>` and
/// `~/.local/share/<name>`, and a command that sends nothing must write nothing.
package struct URLSessionTransport: HTTPTransport {
    private final class Lazy: Sendable {
        let session = Mutex<URLSession?>(nil)
        let receiver = Receiver()
    }

    private let lazy = Lazy()

    package init() {}

    private var session: URLSession {
        lazy.session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpCookieStorage = nil
            let made = URLSession(configuration: configuration, delegate: lazy.receiver, delegateQueue: nil)
            session = made
            return made
        }
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let url = URL(string: request.url), let host = url.host else { throw .invalidURL(request.url) }
        var urlRequest = URLRequest(url: url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        do {
            let (data, response) = try await perform(urlRequest, deadline: request.timeout, limit: request.maxBodyBytes)
            guard let http = response as? HTTPURLResponse else {
                throw TransportError.connection(host: host, reason: "the answer was not HTTP")
            }
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields { headers[name] = value }
            return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
        } catch let error as TransportError {
            throw error
        } catch is TooLarge {
            throw .tooLarge(host: host, limit: request.maxBodyBytes ?? 0)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timeout(host: host, seconds: request.timeout)
            case .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet:
                throw .connection(host: host, reason: Self.reason(error))
            default: throw .interrupted(host: host, reason: Self.reason(error))
            }
        } catch {
            throw .interrupted(host: host, reason: error.localizedDescription)
        }
    }

    /// The body passed the request's limit.
    private struct TooLarge: Error {}

    /// Runs the request, failing with `URLError(.timedOut)` once `deadline` seconds have passed: the
    /// session's own `timeoutInterval` does not bound a server that accepts and then stays silent
    /// (seen with swift-corelibs-foundation), so a timer cancels the task. Whichever finishes first
    /// wins. The body is received piece by piece (`Receiver`): once it, or the length the server
    /// announces, passes `limit`, the task is cancelled and `TooLarge` thrown, having held no more
    /// than `limit` bytes and one piece.
    private func perform(_ request: URLRequest, deadline: Double, limit: Int?) async throws -> (Data, URLResponse) {
        let race = Race()
        return try await withCheckedThrowingContinuation { continuation in
            race.start(continuation)
            let task = session.dataTask(with: request)
            race.task = task
            lazy.receiver.begin(task, limit: limit, race: race)
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                if race.finish(.failure(URLError(.timedOut))) { race.task?.cancel() }
            }
        }
    }

    /// The session's delegate: collects each task's answer and body, holding it to its limit.
    private final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private struct Pending {
            var race: Race
            var limit: Int?
            var response: URLResponse?
            var data = Data()
        }

        private let lock = NSLock()
        private var pending: [Int: Pending] = [:]

        func begin(_ task: URLSessionTask, limit: Int?, race: Race) {
            lock.withLock { pending[task.taskIdentifier] = Pending(race: race, limit: limit) }
        }

        private func end(_ task: URLSessionTask) -> Pending? {
            lock.withLock { pending.removeValue(forKey: task.taskIdentifier) }
        }

        /// Stops `task`, when it has a limit that `count` bytes pass.
        private func refuse(_ task: URLSessionTask, ifPast count: Int64) -> Bool {
            let race: Race? = lock.withLock {
                guard let entry = pending[task.taskIdentifier], let limit = entry.limit, count > Int64(limit) else { return nil }
                pending[task.taskIdentifier] = nil
                return entry.race
            }
            guard let race else { return false }
            race.finish(.failure(TooLarge()))
            task.cancel()
            return true
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            // A length announced past the limit is refused before any of the body is read.
            if refuse(dataTask, ifPast: response.expectedContentLength) {
                completionHandler(.cancel)
                return
            }
            lock.withLock { pending[dataTask.taskIdentifier]?.response = response }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let total: Int64 = lock.withLock {
                pending[dataTask.taskIdentifier]?.data.append(data)
                return Int64(pending[dataTask.taskIdentifier]?.data.count ?? 0)
            }
            _ = refuse(dataTask, ifPast: total)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let entry = end(task) else { return }
            if let error {
                entry.race.finish(.failure(error))
            } else if let response = entry.response ?? task.response {
                entry.race.finish(.success((entry.data, response)))
            } else {
                entry.race.finish(.failure(URLError(.badServerResponse)))
            }
        }
    }

    /// Resumes the continuation once, with whichever outcome arrives first.
    private final class Race: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        private var _task: URLSessionDataTask?

        var task: URLSessionDataTask? {
            get { lock.withLock { _task } }
            set { lock.withLock { _task = newValue } }
        }

        func start(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        /// Whether this call was the one that finished the race.
        @discardableResult
        func finish(_ result: Result<(Data, URLResponse), any Error>) -> Bool {
            let continuation = lock.withLock {
                defer { self.continuation = nil }
                return self.continuation
            }
            continuation?.resume(with: result)
            return continuation != nil
        }
    }

    private static func reason(_ error: URLError) -> String {
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
        case .cannotConnectToHost: "the connection was refused"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "this machine is not connected to a network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the secure connection failed"
        default: error.localizedDescription
        }
    }
}
