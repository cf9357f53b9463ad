import Testing
@testable import MeliCore

/// `TerminalText.cleanView` decides whether a view needs cleaning by the code of ASCII and
/// Latin-1 characters, without a Unicode property lookup: the same answer as the lookup.
@Suite("Terminal text: the Latin-1 shortcut")
struct TerminalTextLatin1Tests {
    @Test func latin1AndASCIIAreJudgedAsTheirGeneralCategorySays() {
        for value in UInt32(0)...0x1FF {
            let scalar = Unicode.Scalar(value)!
            let expected = TerminalText.isUnsafe(scalar) && scalar != "\n" && scalar != "\t"
            #expect(TerminalText.holdsUnsafe("ab" + String(scalar) + "é") == expected, "U+\(String(value, radix: 16))")
        }
        #expect(TerminalText.holdsUnsafe("Cámara \u{202E}") && !TerminalText.holdsUnsafe("Cámara\tñ\n"))
    }
}
