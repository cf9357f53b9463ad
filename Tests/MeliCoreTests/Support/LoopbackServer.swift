import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, answering from a route table, one
/// connection at a time, until stopped. It serves recorded responses and can misbehave on purpose.
final class LoopbackServer: @unchecked Sendable {
    enum Reply: Sendable {
        case respond(status: Int, headers: [String: String] = [:], body: [UInt8])
        /// Announces `announced` bytes, sends `body`, and closes: a truncated body.
        case truncate(body: [UInt8], announced: Int)
        /// Reads the request, then says nothing for `seconds` before closing.
        case silent(seconds: Double)
    }

    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let routes: @Sendable (_ pathAndQuery: String) -> Reply
    private let lock = NSLock()
    private var _requests: [(line: String, headers: [String: String])] = []

    /// Every request line (`GET /path?query HTTP/1.1`) with its headers (names lower-cased), in order.
    var requests: [(line: String, headers: [String: String])] { lock.withLock { _requests } }

    init(routes: @escaping @Sendable (String) -> Reply) throws {
        self.routes = routes
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops accepting: later connections to the port are refused. Call it when done.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }
            received += buffer[0..<count]
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        lock.withLock { _requests.append((lines[0], headers)) }
        let target = lines[0].split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch routes(target) {
        case .respond(let status, let extra, let body):
            send(connection, status: status, headers: extra, body: body, announced: body.count)
        case .truncate(let body, let announced):
            send(connection, status: 200, headers: ["Content-Type": "application/json"], body: body, announced: announced)
        case .silent(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        }
    }

    private func send(_ connection: Int32, status: Int, headers: [String: String], body: [UInt8], announced: Int) {
        var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(announced)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}

private extension Array where Element == UInt8 {
    var containsHeaderEnd: Bool {
        count >= 4 && (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
