import CBuildStamp
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Ed25519 public keys a binary trusts for its updates: those Config/signing-keys lists for its
/// environment, compiled in (`-DMELI_SIGNING_KEYS`, see Package.swift), and those of the
/// `MELI_UPDATE_KEYS` setting (base64, space-separated: a channel of one's own, or tests). Several
/// keys let one be rotated. With none, packages are installed on their sha256 alone, and `update`
/// and `self install` say that their origin was not checked.
package struct SigningKeys: Sendable, Hashable {
    /// Raw 32-byte public keys.
    package var keys: [[UInt8]]

    /// The compiled-in keys of `environment`, then the configured ones (`MELI_UPDATE_KEYS`).
    package static func trusted(by environment: String, configured: String?) -> SigningKeys {
        let compiled = String(cString: meli_signing_keys()).split(separator: "\n").compactMap { line -> [UInt8]? in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == environment ? SigningKeys.decode(String(fields[1])) : nil
        }
        let extra = (configured ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { SigningKeys.decode(String($0)) }
        return SigningKeys(keys: (compiled + extra).filter { $0.count == 32 })
    }

    package var isEmpty: Bool { keys.isEmpty }

    /// The bytes of standard base64 text, or nil.
    package static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { Array($0) }
    }

    /// Whether `signature` is one of these keys' signature of `message`.
    package func verify(signature: [UInt8], of message: [UInt8]) throws(Ed25519.Unavailable) -> Bool {
        for key in keys where try Ed25519.isValid(signature: signature, of: message, publicKey: key) { return true }
        return false
    }
}
