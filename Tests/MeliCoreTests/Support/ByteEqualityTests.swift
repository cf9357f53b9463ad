import Testing
@testable import MeliCore

@Suite("Byte arrays compared whole")
struct ByteEqualityTests {
    /// As `==` on every pair: empty, one byte apart at the start, middle or end, one longer.
    @Test func agreesWithElementwiseEquality() {
        let base: [UInt8] = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var variants: [[UInt8]] = [[], [0], base, Array(base.dropLast()), base + [0]]
        for index in [0, 1, 2499, 4998, 4999] {
            var changed = base
            changed[index] ^= 0x80
            variants.append(changed)
        }
        for left in variants {
            for right in variants {
                #expect(left.hasSameBytes(as: right) == (left == right))
            }
        }
    }
}
