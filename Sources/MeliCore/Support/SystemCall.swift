#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls that standard output and the terminal's session share: read(2) and write(2)
/// under names of their own (their types' own methods are called `read` and `write`, which hide
/// the C functions), and the window's size.
package enum SystemCall {
    /// write(2): the bytes written, or -1 with `errno` set.
    package static func write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, pointer, count)
        #elseif canImport(Musl)
        Musl.write(fd, pointer, count)
        #else
        Darwin.write(fd, pointer, count)
        #endif
    }

    /// All of `text` written to `fd`, again after EINTR and short writes; false when a write
    /// failed (`errno` says why: EPIPE when a pipe's reader has gone).
    package static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// read(2): the bytes read, 0 at the end, or -1 with `errno` set.
    package static func read(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, pointer, count)
        #elseif canImport(Musl)
        Musl.read(fd, pointer, count)
        #else
        Darwin.read(fd, pointer, count)
        #endif
    }

    /// The terminal's columns and rows from TIOCGWINSZ (either may be 0: the terminal did not
    /// say), or nil when `fd` is no terminal.
    package static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
