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
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
