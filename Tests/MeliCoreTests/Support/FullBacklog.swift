import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that is listened on but never accepts, its queue filled: a client's
/// connection attempt gets no answer at all (its SYN is dropped), as with a host that is down or
/// filtered. What a connect timeout is for.
final class FullBacklog: @unchecked Sendable {
    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private var sockets: [Int32] = []

    init() throws {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 0) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        sockets.append(listener)
        // A backlog of 0 still queues one or two finished handshakes; a few more connections than
        // that, left pending (non-blocking), fill the queue so that later SYNs are dropped.
        for _ in 0..<4 {
            #if canImport(Glibc)
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let filler = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            sockets.append(filler)
        }
        // Let the fillers' handshakes reach the queue before a client tries.
        Thread.sleep(forTimeInterval: 0.1)
    }

    deinit { sockets.forEach { close($0) } }
}
