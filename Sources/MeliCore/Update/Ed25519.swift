#if canImport(CryptoKit)
import CryptoKit
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ed25519 signatures (RFC 8032), checked with the platform's crypto: CryptoKit on macOS, the
/// system's libcrypto (OpenSSL 3, `libssl3` on Debian, already there beside libcurl) on Linux,
/// loaded with dlopen when a signature is first checked, so that no other run pays for linking it.
package enum Ed25519 {
    /// The platform's crypto could not be loaded (the library that was looked for).
    package struct Unavailable: Error, Sendable, Hashable {
        package var library: String
    }

    /// Whether `signature` (64 bytes) is the signature of `message` by the holder of `publicKey`
    /// (32 bytes). A key or signature of another length is simply not valid, and so are the ones
    /// a forger makes without a private key (`isStrict`: a small-order or non-canonical key or R,
    /// an S not below the group order), which the platform's crypto may accept.
    package static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) throws(Unavailable) -> Bool {
        guard publicKey.count == 32, isStrict(signature: signature, publicKey: publicKey) else { return false }
        return try platformVerifies(signature: signature, of: message, publicKey: publicKey)
    }

    /// The platform's own verification, without `isStrict`: what it lets through is tested.
    static func platformVerifies(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) throws(Unavailable) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        #if canImport(CryptoKit)
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
        return key.isValidSignature(signature, for: message)
        #else
        guard let crypto = LibCrypto.shared else { throw Unavailable(library: LibCrypto.names.joined(separator: " or ")) }
        return crypto.verify(signature: signature, message: message, publicKey: publicKey)
        #endif
    }
}

#if !canImport(CryptoKit)
/// The few libcrypto functions a verification needs, found with dlsym.
private struct LibCrypto: @unchecked Sendable {
    static let names = ["libcrypto.so.3", "libcrypto.so"]
    /// `EVP_PKEY_ED25519` (`NID_ED25519`).
    static let ed25519: Int32 = 1087

    typealias NewRawPublicKey = @convention(c) (Int32, OpaquePointer?, UnsafePointer<UInt8>?, Int) -> OpaquePointer?
    typealias FreeKey = @convention(c) (OpaquePointer?) -> Void
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    typealias VerifyInit = @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    typealias Verify = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32

    let newRawPublicKey: NewRawPublicKey
    let freeKey: FreeKey
    let newContext: NewContext
    let freeContext: FreeContext
    let verifyInit: VerifyInit
    let verifyOneShot: Verify

    /// Loaded once, on first use; nil when no libcrypto with these functions is installed.
    static let shared: LibCrypto? = load()

    private static func load() -> LibCrypto? {
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newRawPublicKey = symbol("EVP_PKEY_new_raw_public_key", as: NewRawPublicKey.self),
              let freeKey = symbol("EVP_PKEY_free", as: FreeKey.self),
              let newContext = symbol("EVP_MD_CTX_new", as: NewContext.self),
              let freeContext = symbol("EVP_MD_CTX_free", as: FreeContext.self),
              let verifyInit = symbol("EVP_DigestVerifyInit", as: VerifyInit.self),
              let verifyOneShot = symbol("EVP_DigestVerify", as: Verify.self) else { return nil }
        return LibCrypto(
            newRawPublicKey: newRawPublicKey, freeKey: freeKey, newContext: newContext, freeContext: freeContext,
            verifyInit: verifyInit, verifyOneShot: verifyOneShot)
    }

    func verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard let key = publicKey.withUnsafeBufferPointer({ newRawPublicKey(Self.ed25519, nil, $0.baseAddress, $0.count) }) else { return false }
        defer { freeKey(key) }
        guard let context = newContext() else { return false }
        defer { freeContext(context) }
        // Ed25519 takes no digest of its own (nil) and reads the whole message at once.
        guard verifyInit(context, nil, nil, nil, key) == 1 else { return false }
        return signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { msg in verifyOneShot(context, sig.baseAddress, sig.count, msg.baseAddress, msg.count) == 1 }
        }
    }
}
#endif
