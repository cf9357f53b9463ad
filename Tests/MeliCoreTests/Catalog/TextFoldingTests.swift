import Testing
@testable import MeliCore

/// The sandbox folds its catalog a byte at a time; these hold that path to the character-at-a-time
/// one, which says what folding means.
@Suite("Text folding")
struct TextFoldingTests {
    /// Every Latin-1 character alone, and between two letters (where a separator splits a word).
    @Test func everyLatin1CharacterFoldsAsCharactersDo() {
        for value in UInt32(0)...0xFF {
            let character = String(Unicode.Scalar(value)!)
            for text in [character, "a\(character)b", "\(character)\(character)Z"] {
                #expect(TextFolding.latin1Words(text) == TextFolding.characterWords(text), "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
        #expect(TextFolding.latin1Words("Cámara\r\nDIGITAL 4K") == ["camara", "digital", "4k"])
    }

    /// Every title, brand and category name of the catalog, in both languages.
    @Test func everyCatalogTextFoldsAsCharactersDo() {
        var texts = SandboxData.products.flatMap { [$0.spanish, $0.portuguese, $0.brand, $0.model] }
        texts += SandboxData.categories.flatMap { [$0] + $0.children }.flatMap { [$0.spanish, $0.portuguese] }
        for text in texts {
            let words = TextFolding.latin1Words(text)
            #expect(words != nil, "\(text) is all Latin-1")
            #expect(words == TextFolding.characterWords(text), "\(text)")
        }
    }

    /// Beyond Latin-1 (the Kelvin sign, a long s, a combining accent, Greek) the byte path declines
    /// and `words` still folds, a character at a time.
    @Test func otherTextTakesTheCharacterPath() {
        for text in ["\u{212A}elvin", "\u{17F}ello", "ca\u{301}mara", "Ωmega", "😀 iphone"] {
            #expect(TextFolding.latin1Words(text) == nil, "\(text)")
            #expect(TextFolding.words(text) == TextFolding.characterWords(text))
        }
        #expect(TextFolding.words("ca\u{301}mara") == ["camara"])
    }
}
