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

    /// The compiled-in keys of `environment`, then the configured ones (`MELI_UPDATE_KEYS`). A
    /// word that is not a key a signature can be trusted with (not 32 bytes of base64, a point of
    /// small order, a non-canonical encoding: `Ed25519.weakness`) is never trusted; the manifest
    /// and the settings check refuse it before this runs, naming it.
    package static func trusted(by environment: String, configured: String?) -> SigningKeys {
        let compiled = String(cString: meli_signing_keys()).split(separator: "\n").compactMap { line -> [UInt8]? in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == environment ? SigningKeys.decode(String(fields[1])) : nil
        }
        let extra = words(of: configured ?? "").compactMap { SigningKeys.decode(String($0)) }
        return SigningKeys(keys: (compiled + extra).filter { Ed25519.weakness(ofPoint: $0) == nil })
    }

    package var isEmpty: Bool { keys.isEmpty }

    /// The words of a MELI_UPDATE_KEYS value: split at commas and any white space, the same here
    /// and where the setting is checked (a tab between two keys made one word that was dropped,
    /// so no key was trusted, while the check had split it and passed).
    package static func words(of value: String) -> [Substring] {
        value.split(whereSeparator: { $0 == "," || $0.isWhitespace })
    }

    /// The bytes of standard base64 text (RFC 4648, with its padding, nothing else), or nil.
    /// Written here rather than with `Data(base64Encoded:)`: `Data` linked a third of
    /// FoundationEssentials into the static binary (see Context.live).
    package static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var group: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let character = input[index + offset]
                if character == UInt8(ascii: "=") {
                    // Only the last one or two characters of the text may be padding.
                    guard index + 4 == input.count, offset >= 2 else { return nil }
                    padding += 1
                    group <<= 6
                } else {
                    guard padding == 0, let value = base64Value(character) else { return nil }
                    group = group << 6 | UInt32(value)
                }
            }
            bytes.append(UInt8(group >> 16))
            if padding < 2 { bytes.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { bytes.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return bytes
    }

    private static func base64Value(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    /// Whether `signature` is one of these keys' signature of `message`.
    package func verify(signature: [UInt8], of message: [UInt8]) throws(Ed25519.Unavailable) -> Bool {
        for key in keys where try Ed25519.isValid(signature: signature, of: message, publicKey: key) { return true }
        return false
    }
}
