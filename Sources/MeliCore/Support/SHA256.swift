import CProcessSetup

/// SHA-256 (FIPS 180-4), small and dependency-free: FoundationEssentials has no digest and CryptoKit
/// is not on Linux. Used for cache file names, token identities and packages' checksums. The block
/// function is C's (`Sources/CProcessSetup/SHA256.c`), optimised in debug builds too.
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
                pending.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
                pending.removeAll(keepingCapacity: true)
            }
            let blocks = (bytes.count - offset) / 64
            if blocks > 0 {
                compress(base + offset, blocks: blocks)
                offset += blocks * 64
            }
            if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
        }

        /// Hashes the `blocks` 64-byte blocks at `data`: in C (`Sources/CProcessSetup/SHA256.c`),
        /// built optimised even when this is not.
        private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
            withUnsafeMutableBytes(of: &hash) { state in
                meli_sha256_blocks(state.baseAddress!.assumingMemoryBound(to: UInt32.self), data, blocks)
            }
        }
    }
}
