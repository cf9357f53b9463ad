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
            let (data, response) = try await session.data(for: urlRequest)
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
