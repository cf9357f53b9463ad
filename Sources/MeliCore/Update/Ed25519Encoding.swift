/// What a verifier must refuse before the curve arithmetic: RFC 8032 lets a verifier accept keys
/// and signatures that a forger can make without any private key, and OpenSSL (the Linux
/// binaries' libcrypto) does. A public key that is a point of small order, with the signature
/// R = identity, S = 0, verified every message (attack report: `AQAA…AAA=`). These are the checks
/// libsodium makes in `crypto_sign_verify_detached` (`ge25519_is_canonical`,
/// `ge25519_has_small_order`, `sc25519_is_canonical`), done on the bytes alone: byte comparisons
/// and one 256-bit comparison, no arithmetic. Every reader of a key uses them: `SigningKeys`,
/// the `MELI_UPDATE_KEYS` check and `Ed25519.isValid`; Package.swift holds the same list for
/// Config/signing-keys (a manifest cannot import the library; `Ed25519EncodingTests` checks that
/// both lists agree).
extension Ed25519 {
    /// Why a 32-byte point (a public key, or a signature's R) is refused.
    package enum Weakness: Sendable, Hashable {
        /// Not 32 bytes.
        case length
        /// One of the eight points whose order divides 8, in any of its encodings: a signature
        /// made without the private key verifies with it.
        case smallOrder
        /// Its y coordinate is not below p = 2^255 - 19: no signer makes such an encoding.
        case notCanonical
    }

    /// The y coordinates (32 bytes, little-endian, the sign bit of x clear) of the points of order
    /// 1, 2, 4 and 8, and the two non-canonical encodings y + p that fit in 255 bits (for y = 0
    /// and y = 1). With either sign bit, these are the 14 encodings of libsodium's blocklist
    /// (`ge25519_has_small_order`, src/libsodium/crypto_core/ed25519/ref10/ed25519_ref10.c), and
    /// the eight small-order points, canonical and not, that "Taming the many EdDSAs" (Chalkias,
    /// Garillot, Nikolaenko, SSR 2020) tests verifiers with. Each is checked against the curve in
    /// Ed25519EncodingTests.
    static let smallOrderY: [[UInt8]] = [
        // 0 (order 4: x = ±sqrt(-1))
        [UInt8](repeating: 0, count: 32),
        // 1 (order 1: the identity)
        [0x01] + [UInt8](repeating: 0, count: 31),
        // two y of order 8 (each with two x), the negatives of each other modulo p
        [0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
         0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05],
        [0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
         0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A],
        // p - 1 (order 2: y = -1)
        [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F],
        // p and p + 1: 0 and 1 again, not canonical
        [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F],
        [0xEE] + [UInt8](repeating: 0xFF, count: 30) + [0x7F],
    ]

    /// The order of the base point, L = 2^252 + 27742317777372353535851937790883648493,
    /// little-endian: a signature's S must be below it.
    static let groupOrder: [UInt8] = [
        0xED, 0xD3, 0xF5, 0x5C, 0x1A, 0x63, 0x12, 0x58, 0xD6, 0x9C, 0xF7, 0xA2, 0xDE, 0xF9, 0xDE, 0x14,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
    ]

    /// Why `point` (a public key, or a signature's first half) cannot be trusted, or nil.
    package static func weakness<Bytes: Collection<UInt8>>(ofPoint point: Bytes) -> Weakness? {
        let bytes = Array(point)
        guard bytes.count == 32 else { return .length }
        // The sign bit (the top bit of the last byte) belongs to x: every y is refused with either.
        let top = bytes[31] & 0x7F
        if smallOrderY.contains(where: { $0[31] == top && $0[0..<31].elementsEqual(bytes[0..<31]) }) { return .smallOrder }
        // y < p = 2^255 - 19, little-endian ED FF … FF 7F: only y of the form 7F FF … FF xx with
        // xx >= ED (read from the top) reaches it.
        if top == 0x7F, bytes[1..<31].allSatisfy({ $0 == 0xFF }), bytes[0] >= 0xED { return .notCanonical }
        return nil
    }

    /// Whether the 32-byte little-endian `scalar` (a signature's S) is below the group order L: an
    /// S of L or more is another encoding of S - L, which a strict verifier refuses (RFC 8032,
    /// 5.1.7), so that a signature cannot be altered and still verify.
    package static func isReduced<Bytes: Collection<UInt8>>(scalar: Bytes) -> Bool {
        let bytes = Array(scalar)
        guard bytes.count == 32 else { return false }
        for index in stride(from: 31, through: 0, by: -1) where bytes[index] != groupOrder[index] {
            return bytes[index] < groupOrder[index]
        }
        return false
    }

    /// Whether `signature` (R then S) and `publicKey` pass the checks above; only then is the
    /// signature worth handing to the curve arithmetic.
    static func isStrict(signature: [UInt8], publicKey: [UInt8]) -> Bool {
        signature.count == 64 && weakness(ofPoint: publicKey) == nil
            && weakness(ofPoint: signature[0..<32]) == nil && isReduced(scalar: signature[32..<64])
    }
}
