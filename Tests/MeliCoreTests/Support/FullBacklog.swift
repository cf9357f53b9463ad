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
        let listener = LoopbackSocket.make()
        guard let port = LoopbackSocket.bindAnyPort(listener), listen(listener, 0) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.port = port
        sockets.append(listener)
        // A backlog of 0 still queues one or two finished handshakes; a few more connections than
        // that, left pending (non-blocking), fill the queue so that later SYNs are dropped.
        for _ in 0..<4 {
            let filler = LoopbackSocket.make()
            sockets.append(filler)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = LoopbackSocket.connect(filler, port: port)
        }
        // Let the fillers' handshakes reach the queue before a client tries.
        Thread.sleep(forTimeInterval: 0.1)
    }

    deinit { sockets.forEach { close($0) } }
}
