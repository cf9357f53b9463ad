/// Case- and accent-insensitive matching without ICU: `Camión` and `camion` fold to the same word.
enum TextFolding {
    private static let plain: [Character: Character] = [
        "á": "a", "à": "a", "â": "a", "ã": "a", "ä": "a", "é": "e", "è": "e", "ê": "e", "ë": "e",
        "í": "i", "ì": "i", "î": "i", "ï": "i", "ó": "o", "ò": "o", "ô": "o", "õ": "o", "ö": "o",
        "ú": "u", "ù": "u", "û": "u", "ü": "u", "ñ": "n", "ç": "c",
    ]

    /// Lower-cased, accents removed.
    static func fold(_ text: String) -> String {
        String(text.lowercased().map { plain[$0] ?? $0 })
    }

    /// The folded words of `text` (letters and digits; everything else separates).
    static func words(_ text: String) -> [String] {
        latin1Words(text) ?? characterWords(text)
    }

    /// `words` a character at a time: what it means, for any text.
    static func characterWords(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// `words` a byte at a time, for text all in Latin-1 (U+0000 to U+00FF: the whole catalog and most
    /// queries); nil for anything else. In that range every scalar is a character of its own (but
    /// CR LF, two separators either way) and `Latin1` gives what the general path computes, some
    /// fifty times faster: building a site folds 70 titles with their brands and category names.
    static func latin1Words(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8(latin1Words)
    }

    private static func latin1Words(_ utf8: UnsafeBufferPointer<UInt8>) -> [String]? {
        // The folded word is gathered in a buffer on the stack (folding never makes a character
        // longer in UTF-8) and each word made a String once: appending to an array byte by byte
        // and growing the list of words took most of a sandbox site's 1.2M instructions to build.
        let folding = Latin1.folding
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count + 1) { word in
            var words: [String] = []
            words.reserveCapacity(utf8.count / 4 + 1)
            var length = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                let code: UInt8
                if byte < 0x80 {
                    code = byte
                } else if byte == 0xC2 || byte == 0xC3, index < utf8.count {
                    code = (byte & 0x03) << 6 | (utf8[index] & 0x3F) // U+0080 to U+00FF, two bytes in UTF-8
                    index += 1
                } else {
                    return nil
                }
                let folded = folding[Int(code)]
                if folded != 0 {
                    if folded < 0x80 {
                        word[length] = folded
                        length += 1
                    } else {
                        word[length] = 0xC0 | folded >> 6
                        word[length + 1] = 0x80 | folded & 0x3F
                        length += 2
                    }
                } else if length > 0 {
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: word[..<length]), as: UTF8.self))
                    length = 0
                }
            }
            if length > 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: word[..<length]), as: UTF8.self)) }
            return words
        }
    }

    /// Unicode's answers for U+0000 to U+00FF, written out (a test holds them to the general path).
    enum Latin1 {
        /// `fold(code)` for each letter or number, 0 for the rest: one load a character in
        /// `latin1Words` instead of two switches.
        static let folding: [UInt8] = (0...255).map { code in isLetterOrNumber(UInt8(code)) ? fold(UInt8(code)) : 0 }

        /// `Character.isLetter || Character.isNumber`: alphabetic, or with a numeric type.
        static func isLetterOrNumber(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: true // ª µ º and the letters
            case 0xB2, 0xB3, 0xB9, 0xBC...0xBE: true // ² ³ ¹ ¼ ½ ¾
            default: false
            }
        }

        /// `fold` of the one character: lower-cased, then the accents of `plain` removed.
        static func fold(_ byte: UInt8) -> UInt8 {
            let lower = switch byte {
            case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE: byte + 0x20
            default: byte
            }
            return switch lower {
            case 0xE0...0xE4: 0x61 // à á â ã ä
            case 0xE7: 0x63 // ç
            case 0xE8...0xEB: 0x65 // è é ê ë
            case 0xEC...0xEF: 0x69 // ì í î ï
            case 0xF1: 0x6E // ñ
            case 0xF2...0xF6: 0x6F // ò ó ô õ ö
            case 0xF9...0xFC: 0x75 // ù ú û ü
            default: lower
            }
        }
    }
}
