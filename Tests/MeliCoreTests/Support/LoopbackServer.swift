import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, answering from a route table, each
/// connection on its own thread, until stopped. It serves recorded responses and can misbehave on
/// purpose. By default every answer closes its connection; with `keepAlive` a connection serves
/// request after request until the client closes it, and `connections` counts what was accepted.
final class LoopbackServer: @unchecked Sendable {
    enum Reply: Sendable {
        case respond(status: Int, headers: [String: String] = [:], body: [UInt8])
        /// Announces `announced` bytes, sends `body`, and closes: a truncated body.
        case truncate(body: [UInt8], announced: Int)
        /// Reads the request, then says nothing for `seconds` before closing.
        case silent(seconds: Double)
        /// Announces `announced` bytes, sends `body`, then resets the connection (RST).
        case reset(body: [UInt8], announced: Int)
        /// Sends the head (200, `Content-Length` of the whole body), then the body one byte every
        /// `every` seconds, slower than any low-speed limit, until done or the client hangs up.
        case trickle(body: [UInt8], every: Double)
        /// Sends the head (200, `Content-Length` of the whole body) and the first `sent` bytes,
        /// then nothing for `seconds` before closing: a transfer that stalls.
        case stall(body: [UInt8], sent: Int, seconds: Double)
        /// As a proxy answers `CONNECT`: 200, then the connection is relayed, both ways, to
        /// 127.0.0.1:`port` (whatever host the request named) until either side closes.
        case tunnel(port: UInt16)
        /// 200 with `headers`, the body in one chunk (`Transfer-Encoding: chunked`), then
        /// `trailers` after the last chunk.
        case chunked(headers: [String: String], body: [UInt8], trailers: [String: String])
        /// These bytes as the whole answer, head included, then the connection closes.
        case raw([UInt8])

        /// A JSON answer whose body is gzip-compressed, with `Content-Encoding: gzip`.
        static func gzipped(_ body: [UInt8], status: Int = 200) throws -> Reply {
            .respond(status: status, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: try LoopbackServer.gzip(body))
        }
    }

    /// One request as received.
    struct Request: Sendable {
        var method: String
        /// Path and query, as on the request line.
        var target: String
        /// Names lower-cased.
        var headers: [String: String]
        var body: [UInt8]

        /// The body's `application/x-www-form-urlencoded` fields.
        var form: [String: String] {
            var fields: [String: String] = [:]
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return fields
        }
    }

    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Whether a connection stays open for further requests after a `.respond` answer.
    let keepAlive: Bool
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var _requests: [(line: String, headers: [String: String])] = []
    private var _received: [Request] = []
    private var _connections = 0

    /// How many connections were accepted so far.
    var connections: Int { lock.withLock { _connections } }

    /// Every request line (`GET /path?query HTTP/1.1`) with its headers (names lower-cased), in order.
    var requests: [(line: String, headers: [String: String])] { lock.withLock { _requests } }
    /// Every request whole, in order.
    var received: [Request] { lock.withLock { _received } }

    /// Answers by path and query alone.
    convenience init(keepAlive: Bool = false, routes: @escaping @Sendable (String) -> Reply) throws {
        try self.init(keepAlive: keepAlive, handler: { routes($0.target) })
    }

    /// Answers each request; connections are served at once, each on its own thread.
    init(keepAlive: Bool = false, handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        self.keepAlive = keepAlive
        let listener = LoopbackSocket.make()
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard let port = LoopbackSocket.bindAnyPort(listener), listen(listener, 64) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops accepting: later connections to the port are refused. Call it when done.
    ///
    /// Only shuts the socket down: the accepting thread closes it once `accept` returns. Closing it
    /// here would free the descriptor number while that thread still waits on it, and a server made
    /// next could get the number and have its connections stolen.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            lock.withLock { _connections += 1 }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            Thread.detachNewThread { [self] in
                handle(connection)
                close(connection)
            }
        }
    }

    /// Serves one connection: one request, or with `keepAlive` every request until the client closes.
    private func handle(_ connection: Int32) {
        var pending: [UInt8] = []
        while let request = Self.readRequest(connection, &pending) {
            lock.withLock {
                _requests.append((request.line, request.request.headers))
                _received.append(request.request)
            }
            let reply = handler(request.request)
            if case .tunnel(let port) = reply {
                Self.relay(connection, to: port, pending: pending)
                return
            }
            answer(connection, reply)
            guard keepAlive, case .respond = reply else { return }
        }
    }

    /// Reads the next request's head and body from `connection`; `pending` holds bytes read past it.
    private static func readRequest(_ connection: Int32, _ pending: inout [UInt8]) -> (line: String, request: Request)? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !pending.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return nil }
            pending += buffer[0..<count]
        }
        let headEnd = pending.headerEndIndex!
        let head = String(decoding: pending[..<headEnd], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(pending[(headEnd + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            body += buffer[0..<count]
        }
        pending = body.count > length ? Array(body[length...]) : []
        body = Array(body.prefix(length))
        let words = lines[0].split(separator: " ").map(String.init)
        let request = Request(method: words.first ?? "GET", target: words.count > 1 ? words[1] : "/", headers: headers, body: body)
        return (lines[0], request)
    }

    private func answer(_ connection: Int32, _ reply: Reply) {
        switch reply {
        case .respond(let status, let extra, let body):
            send(connection, status: status, headers: extra, body: body, announced: body.count, keepOpen: keepAlive)
        case .truncate(let body, let announced):
            send(connection, status: 200, headers: ["Content-Type": "application/json"], body: body, announced: announced)
        case .silent(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        case .reset(let body, let announced):
            send(connection, status: 200, headers: ["Content-Type": "application/json"], body: body, announced: announced)
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        case .tunnel:
            break
        case .chunked(let headers, let body, let trailers):
            var head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            var tail = "\r\n0\r\n"
            for (name, value) in trailers.sorted(by: { $0.key < $1.key }) { tail += "\(name): \(value)\r\n" }
            _ = Self.writeAll(connection, Array((head + "\r\n" + String(body.count, radix: 16) + "\r\n").utf8) + body + Array((tail + "\r\n").utf8))
        case .raw(let bytes):
            _ = Self.writeAll(connection, bytes)
        case .stall(let body, let sent, let seconds):
            send(connection, status: 200, headers: [:], body: Array(body.prefix(sent)), announced: body.count)
            Thread.sleep(forTimeInterval: seconds)
        case .trickle(let body, let every):
            send(connection, status: 200, headers: ["Content-Type": "application/json"], body: [], announced: body.count)
            for byte in body {
                Thread.sleep(forTimeInterval: every)
                guard Self.writeAll(connection, [byte]) else { return }
            }
        }
    }

    private func send(_ connection: Int32, status: Int, headers: [String: String], body: [UInt8], announced: Int, keepOpen: Bool = false) {
        var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(announced)\r\n" + (keepOpen ? "" : "Connection: close\r\n")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        _ = Self.writeAll(connection, Array((head + "\r\n").utf8) + body)
    }

    /// Says 200 to a CONNECT and relays `connection` to 127.0.0.1:`port` and back until one side closes.
    private static func relay(_ connection: Int32, to port: UInt16, pending: [UInt8]) {
        let upstream = LoopbackSocket.make()
        defer { close(upstream) }
        guard LoopbackSocket.connect(upstream, port: port), writeAll(connection, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)),
              writeAll(upstream, pending) else { return }
        var descriptors = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while poll(&descriptors, 2, -1) >= 0 {
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                let other = descriptors[1 - index].fd
                guard count > 0, writeAll(other, Array(buffer[0..<count])) else { return }
            }
        }
    }

    /// Writes all of `bytes`; false once the peer is gone. Never raises SIGPIPE in the test process.
    private static func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(connection, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// `bytes` compressed by the system's `gzip` (as a server's `Content-Encoding: gzip` body).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        let file = try directory.write("body", bytes: bytes)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n", file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return Array(compressed)
    }
}

private extension Array where Element == UInt8 {
    var containsHeaderEnd: Bool { headerEndIndex != nil }

    var headerEndIndex: Int? {
        count >= 4 ? (0...(count - 4)).first { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 } : nil
    }
}
