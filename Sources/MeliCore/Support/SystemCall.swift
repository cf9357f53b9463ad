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
