#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on 127.0.0.1 for the test servers (LoopbackServer, FullBacklog, ServerProcess):
/// the socket, bind and connect calls with their C address types, written once.
enum LoopbackSocket {
    /// A new TCP socket, not passed on to the binaries and servers the tests start (a child holding
    /// a copy would keep a connection open after the test closed it); -1 when none can be made.
    static func make() -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    /// Binds `fd` to 127.0.0.1 and a port the system picks; that port, or nil when binding failed.
    static func bindAnyPort(_ fd: Int32) -> UInt16? {
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Connects `fd` to 127.0.0.1:`port`; whether it connected (a non-blocking socket's attempt is
    /// left under way and says false).
    static func connect(_ fd: Int32, port: UInt16) -> Bool {
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #else
                Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #endif
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}
