import Testing
@testable import MeliCore

/// For runs that must not touch the network: any request is a test failure.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        Issue.record("unexpected request: \(request.method) \(request.url)")
        throw .connection(host: "no-network", reason: "this test allows no requests")
    }
}
