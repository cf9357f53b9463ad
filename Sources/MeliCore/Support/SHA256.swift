/// SHA-256 (FIPS 180-4), small and dependency-free: FoundationEssentials has no digest and CryptoKit
/// is not on Linux. Used for cache file names, token identities and packages' checksums.
package enum SHA256 {
    /// The digest of `bytes` as 64 lower-case hex digits.
    package static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.hex()
    }

    package static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// The 32-byte digest of `bytes`.
    package static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finish()
    }

    /// A digest taken piece by piece, for what is too large to hold at once (a tarball read from disk).
    package struct Hasher: Sendable {
        private var hash: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
        )
        /// Bytes not yet hashed, fewer than a 64-byte block; whole blocks are hashed where they lie.
        private var pending: [UInt8] = []
        private var length: UInt64 = 0

        package init() {}

        package mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            length &+= UInt64(bytes.count)
            let done: Void? = bytes.withContiguousStorageIfAvailable { absorb($0) }
            if done == nil { Array(bytes).withUnsafeBufferPointer { absorb($0) } }
        }

        /// The 32-byte digest of everything given to `update`.
        package mutating func finish() -> [UInt8] {
            let bitLength = length &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            pending = []
            tail.withUnsafeBufferPointer { absorb($0) }
            let words = [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7]
            return words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
        }

        /// `finish()` as 64 lower-case hex digits.
        package mutating func hex() -> String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for byte in finish() {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            return String(decoding: text, as: UTF8.self)
        }

        /// Hashes the whole blocks of `pending` + `bytes` and keeps the rest in `pending`.
        private mutating func absorb(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            if !pending.isEmpty {
                offset = min(64 - pending.count, bytes.count)
                pending.append(contentsOf: bytes[0..<offset])
                guard pending.count == 64 else { return }
                pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
                pending.removeAll(keepingCapacity: true)
            }
            while bytes.count - offset >= 64 {
                compress(base + offset)
                offset += 64
            }
            if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
        }

        /// Hashes the 64-byte block at `block`.
        private mutating func compress(_ block: UnsafePointer<UInt8>) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for i in 0..<16 {
                    let b = block + i * 4
                    w[i] = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
                }
                for i in 16..<64 {
                    let s0 = SHA256.rotate(w[i - 15], 7) ^ SHA256.rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                    let s1 = SHA256.rotate(w[i - 2], 17) ^ SHA256.rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = hash
                SHA256.k.withUnsafeBufferPointer { k in
                    for i in 0..<64 {
                        let s1 = SHA256.rotate(e, 6) ^ SHA256.rotate(e, 11) ^ SHA256.rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = SHA256.rotate(a, 2) ^ SHA256.rotate(a, 13) ^ SHA256.rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                }
                hash = (hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d, hash.4 &+ e, hash.5 &+ f, hash.6 &+ g, hash.7 &+ h)
            }
        }
    }

    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
