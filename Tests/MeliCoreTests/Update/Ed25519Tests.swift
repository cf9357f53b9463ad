import Testing
@testable import MeliCore

/// Ed25519 verification against RFC 8032, section 7.1 (TEST 1, 2 and 3: public key, message,
/// signature), and the changes that must make a signature fail.
@Suite("Ed25519 signatures (RFC 8032)")
struct Ed25519Tests {
    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    static let vectors: [(key: String, message: String, signature: String)] = [
        ("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
         "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        ("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
         "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        ("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
         "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ]

    @Test(arguments: 0..<3) func rfc8032Vectors(index: Int) throws {
        let (key, message, signature) = Self.vectors[index]
        #expect(try Ed25519.isValid(signature: Self.hex(signature), of: Self.hex(message), publicKey: Self.hex(key)))
    }

    @Test(arguments: 0..<3) func anyChangeFails(index: Int) throws {
        let (key, message, signature) = (Self.hex(Self.vectors[index].key), Self.hex(Self.vectors[index].message), Self.hex(Self.vectors[index].signature))
        var flipped = signature
        flipped[10] ^= 1
        #expect(try !Ed25519.isValid(signature: flipped, of: message, publicKey: key))
        #expect(try !Ed25519.isValid(signature: signature, of: message + [0], publicKey: key))
        let other = Self.hex(Self.vectors[(index + 1) % 3].key)
        #expect(try !Ed25519.isValid(signature: signature, of: message, publicKey: other))
        #expect(try !Ed25519.isValid(signature: Array(signature.dropLast()), of: message, publicKey: key))
        #expect(try !Ed25519.isValid(signature: signature, of: message, publicKey: Array(key.dropLast())))
    }

    @Test func keysFromTheSettingAreBase64AndRotate() throws {
        let (key, message, signature) = (Self.hex(Self.vectors[1].key), Self.hex(Self.vectors[1].message), Self.hex(Self.vectors[1].signature))
        let old = "/FHNjmIYoaONpH7QAjDwWAgW7RO6MwOsXeuRFUiQgCU="   // TEST 3's key
        let keys = SigningKeys.trusted(by: "qa", configured: "\(old) not-base64! QUJD")
        #expect(keys.keys == [Self.hex(Self.vectors[2].key)], "invalid keys are dropped")
        #expect(try !keys.verify(signature: signature, of: message))
        let both = SigningKeys.trusted(by: "qa", configured: old + " PUAXw+hDiVqStwqnTRt+vJyYLM8uxJaMwM1V8Sr0Zgw=")
        #expect(both.keys.count == 2 && both.keys[1] == key)
        #expect(try both.verify(signature: signature, of: message))
    }

    /// RFC 4648's test vectors, and what the decoder refuses (it replaced `Data(base64Encoded:)`).
    @Test(arguments: [
        ("", ""), ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYg==", "foob"), ("Zm9vYmE=", "fooba"), ("Zm9vYmFy", "foobar"),
    ])
    func base64Vectors(_ text: String, _ plain: String) {
        #expect(SigningKeys.decode(text) == Array(plain.utf8))
    }

    @Test(arguments: ["Zg=", "Zg", "Z===", "=Zg=", "Zm=v", "Zm9v\n", " Zm9v", "Zm9v====", "Zm9-", "Zm9_", "Zg==Zg=="])
    func base64Refusals(_ text: String) {
        #expect(SigningKeys.decode(text) == nil)
    }

    @Test func base64OfAKey() throws {
        let bytes = try #require(SigningKeys.decode("11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="))
        #expect(bytes.count == 32)
        #expect(bytes.prefix(4) == [0xD7, 0x5A, 0x98, 0x01])
    }
}
