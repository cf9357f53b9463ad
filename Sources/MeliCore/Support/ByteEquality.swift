#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes, by the C library's `memcmp`: `==` on two byte arrays
    /// compares them one element at a time (39K instructions for the 5.5 KB last-search hint that
    /// every search compares with the file's, against a few hundred).
    func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0 }
        }
    }
}
