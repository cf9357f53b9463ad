#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// read(2) and write(2) under names of their own, for the types whose own methods are called
/// `read` and `write` (`TextOutput`, the terminal's session), where the C functions are hidden.
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
}
