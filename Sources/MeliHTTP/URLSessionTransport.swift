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
public struct URLSessionTransport: HTTPTransport {
    private final class Lazy: Sendable {
        let session = Mutex<URLSession?>(nil)
    }

    private let lazy = Lazy()

    public init() {}

    private var session: URLSession {
        lazy.session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpCookieStorage = nil
            let made = URLSession(configuration: configuration)
            session = made
            return made
        }
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let url = URL(string: request.url), let host = url.host else { throw .invalidURL(request.url) }
        var urlRequest = URLRequest(url: url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        do {
            let (data, response) = try await perform(urlRequest, deadline: request.timeout)
            guard let http = response as? HTTPURLResponse else {
                throw TransportError.connection(host: host, reason: "the answer was not HTTP")
            }
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields { headers[name] = value }
            return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
        } catch let error as TransportError {
            throw error
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

    /// Runs the request, failing with `URLError(.timedOut)` once `deadline` seconds have passed: the
    /// session's own `timeoutInterval` does not bound a server that accepts and then stays silent
    /// (seen with swift-corelibs-foundation), so a timer cancels the task. Whichever finishes first wins.
    private func perform(_ request: URLRequest, deadline: Double) async throws -> (Data, URLResponse) {
        let race = Race()
        return try await withCheckedThrowingContinuation { continuation in
            race.start(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    race.finish(.failure(error))
                } else if let data, let response {
                    race.finish(.success((data, response)))
                } else {
                    race.finish(.failure(URLError(.badServerResponse)))
                }
            }
            race.task = task
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                if race.finish(.failure(URLError(.timedOut))) { race.task?.cancel() }
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
