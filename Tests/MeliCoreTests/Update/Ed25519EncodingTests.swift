import Foundation
import Testing
@testable import MeliCore

/// Keys and signatures a forger makes without a private key: the small-order points (in every
/// encoding), non-canonical encodings, and an S that is not below the group order L. The attack
/// report's key `AQAA…AAA=` (the identity) with the signature R = identity, S = 0 verified every
/// package, in the binary (OpenSSL) and in openssl itself.
@Suite("Ed25519: weak keys and unreduced signatures")
struct Ed25519EncodingTests {
    static func hex(_ text: String) -> [UInt8] { Ed25519Tests.hex(text) }

    /// The 32 bytes of y (little-endian) with the sign bit of x set or not.
    static func encoding(_ y: [UInt8], sign: Bool) -> [UInt8] {
        var bytes = y
        if sign { bytes[31] |= 0x80 }
        return bytes
    }

    /// Every encoding of a point of small order: 7 values of y (the eight points' five, and the
    /// two non-canonical ones that fit), each with either sign bit.
    static let smallOrderEncodings: [[UInt8]] = Ed25519.smallOrderY.flatMap { [encoding($0, sign: false), encoding($0, sign: true)] }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// The identity (y = 1), the attack report's key.
    static let identity = [UInt8(1)] + [UInt8](repeating: 0, count: 31)
    /// R = identity, S = 0.
    static let forged = identity + [UInt8](repeating: 0, count: 32)

    @Test func theAttackReportsKeyIsTheIdentity() {
        #expect(Self.base64(Self.identity) == "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
    }

    /// The forgery of the attack report: with the identity as the key, R = identity and S = 0 is
    /// a signature of every message, as the platform's crypto computes it; never valid here.
    @Test func theForgedSignatureWithTheIdentityKeyVerifiesNothing() throws {
        for message in ["", "meli-package-v1 meli-qa_9.9.9_linux_x86_64.tar.gz 00\n", "anything"] {
            #expect(try !Ed25519.isValid(signature: Self.forged, of: Array(message.utf8), publicKey: Self.identity))
        }
        #expect(try !SigningKeys(keys: [Self.identity]).verify(signature: Self.forged, of: Array("x".utf8)))
    }

    /// What the check stands between: the platform's crypto accepts the forgery (shown where it
    /// does; CryptoKit may refuse it on its own).
    @Test func thePlatformsCryptoAloneAcceptsTheForgery() throws {
        #if !canImport(CryptoKit)
        #expect(try Ed25519.platformVerifies(signature: Self.forged, of: Array("anything".utf8), publicKey: Self.identity))
        #endif
    }

    /// For every point of small order A, some R among the small-order points makes (R, S = 0) a
    /// signature of a given message: R = -[k]A, which the platform's crypto accepts, while
    /// `isValid` refuses it. This also shows that each listed y is a point of small order: for a
    /// point of large order, no such R exists.
    @Test(arguments: smallOrderEncodings)
    func everySmallOrderKeyForgesAndIsRefused(_ key: [UInt8]) throws {
        let message = Array("meli-package-v1 meli-qa_6.6.6_linux_x86_64.tar.gz 66\n".utf8)
        var forgeries = 0
        for r in Self.smallOrderEncodings {
            let signature = r + [UInt8](repeating: 0, count: 32)
            #expect(try !Ed25519.isValid(signature: signature, of: message, publicKey: key))
            if try Ed25519.platformVerifies(signature: signature, of: message, publicKey: key) { forgeries += 1 }
        }
        #if !canImport(CryptoKit)
        // OpenSSL decodes the canonical encodings: y below p, and x = 0 (y = 1, y = -1) only
        // with the sign bit clear.
        let y = Self.encoding(key, sign: false)
        let xIsZero = y == Ed25519.smallOrderY[1] || y == Ed25519.smallOrderY[4]
        if Ed25519.smallOrderY.prefix(5).contains(y), !(xIsZero && key[31] & 0x80 != 0) {
            #expect(forgeries > 0, "no forgery verified with \(Self.base64(key)): is it of small order?")
        }
        #endif
    }

    @Test(arguments: smallOrderEncodings)
    func aSmallOrderKeyIsNeverTrusted(_ key: [UInt8]) {
        #expect(Ed25519.weakness(ofPoint: key) == .smallOrder)
        #expect(SigningKeys.trusted(by: "qa", configured: Self.base64(key)).isEmpty)
    }

    /// y >= p = 2^255 - 19 (p and p + 1 are small-order): p + 2, p + 10 and 2^255 - 1 (= p + 18),
    /// with either sign bit.
    @Test(arguments: [UInt8(0xEF), 0xF7, 0xFF], [false, true])
    func aNonCanonicalKeyIsNeverTrusted(_ low: UInt8, _ sign: Bool) {
        let key = Self.encoding([low] + [UInt8](repeating: 0xFF, count: 30) + [0x7F], sign: sign)
        #expect(Ed25519.weakness(ofPoint: key) == .notCanonical, "\(Self.base64(key))")
        #expect(SigningKeys.trusted(by: "qa", configured: Self.base64(key)).isEmpty)
    }

    /// The largest canonical y (p - 2, then p - 1 which is small-order) and keys of RFC 8032 pass.
    @Test func realKeysPass() {
        #expect(Ed25519.weakness(ofPoint: [0xEB] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]) == nil)
        for vector in Ed25519Tests.vectors { #expect(Ed25519.weakness(ofPoint: Self.hex(vector.key)) == nil) }
        #expect(Ed25519.weakness(ofPoint: [UInt8](repeating: 0, count: 31)) == .length)
    }

    /// L, little-endian, plus `add` (small enough not to carry past the first byte).
    static func groupOrder(plus add: UInt8) -> [UInt8] {
        var bytes = Ed25519.groupOrder
        bytes[0] += add
        return bytes
    }

    @Test func aScalarMustBeBelowTheGroupOrder() {
        var belowL = Ed25519.groupOrder
        belowL[0] -= 1
        #expect(Ed25519.isReduced(scalar: belowL))
        #expect(Ed25519.isReduced(scalar: [UInt8](repeating: 0, count: 32)))
        #expect(!Ed25519.isReduced(scalar: Ed25519.groupOrder))
        #expect(!Ed25519.isReduced(scalar: Self.groupOrder(plus: 1)))
        #expect(!Ed25519.isReduced(scalar: [UInt8](repeating: 0xFF, count: 32)))
        // Below L in its top byte, above it lower down: the top byte decides.
        #expect(Ed25519.isReduced(scalar: [UInt8](repeating: 0xFF, count: 31) + [0x0F]))
    }

    /// RFC 8032's TEST 1 with S = L and S = L + 1, and with S + L (the same S modulo L: a lax
    /// verifier accepts the altered signature).
    @Test func aSignatureWhoseSIsNotReducedIsRefused() throws {
        let vector = Ed25519Tests.vectors[0]
        let (key, message, signature) = (Self.hex(vector.key), Self.hex(vector.message), Self.hex(vector.signature))
        #expect(try Ed25519.isValid(signature: signature, of: message, publicKey: key))
        for s in [Ed25519.groupOrder, Self.groupOrder(plus: 1), Self.add(Array(signature[32...]), Ed25519.groupOrder)] {
            #expect(!Ed25519.isReduced(scalar: s))
            #expect(try !Ed25519.isValid(signature: Array(signature[..<32]) + s, of: message, publicKey: key))
        }
    }

    /// Little-endian sum of two 32-byte numbers (no carry out: both are below 2^253 here).
    static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var carry = 0
        return zip(a, b).map { x, y in
            let sum = Int(x) + Int(y) + carry
            carry = sum >> 8
            return UInt8(sum & 0xFF)
        }
    }

    /// Package.swift refuses Config/signing-keys lines with the same list (a manifest cannot
    /// import the library): both must name the same values of y.
    @Test func theManifestRefusesTheSameSmallOrderPoints() throws {
        let manifest = try String(contentsOfFile: repositoryFile("Package.swift"), encoding: .utf8)
        let listed = manifest.split(separator: "\"").filter { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }.map(String.init)
        let library = Ed25519.smallOrderY.map { $0.map { String(format: "%02x", $0) }.joined() }
        #expect(listed == library)
    }
}
