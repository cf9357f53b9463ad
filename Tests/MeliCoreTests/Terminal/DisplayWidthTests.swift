import Testing
@testable import MeliCore

/// Columns as a terminal draws them: Latin, combining marks, CJK, emoji, flags, joined emoji,
/// and meli's own colour escapes, which take none.
@Suite("Display width")
struct DisplayWidthTests {
    @Test("Columns of a text", arguments: [
        ("", 0),
        ("abc", 3),
        ("Zapatillas Nike", 15),
        ("e\u{301}", 1),
        ("cafe\u{301}", 4),
        ("\u{301}", 0),
        ("\u{200D}", 0),
        ("\u{200B}", 0),
        ("\u{7}", 0),
        ("日本語", 6),
        ("한국", 4),
        ("ｶ", 1),
        ("Ａ", 2),
        ("😀", 2),
        ("👍🏽", 2),
        ("🇦🇷", 2),
        ("🇦🇷🇧🇷", 4),
        ("👨‍👩‍👧‍👦", 2),
        ("❤️", 2),
        ("1️⃣", 2),
        ("❤", 1),
        ("a日b", 4),
        ("\u{1B}[1mbold\u{1B}[0m", 4),
        ("\u{1B}[38;5;196m日本\u{1B}[0m", 4),
    ])
    func columns(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test("A text that fits is left alone")
    func fits() {
        #expect(DisplayWidth.truncate("abc", to: 3) == "abc")
        #expect(DisplayWidth.truncate("日本", to: 4) == "日本")
        #expect(DisplayWidth.truncate("\u{1B}[1mabc\u{1B}[0m", to: 3) == "\u{1B}[1mabc\u{1B}[0m")
    }

    @Test("A cut text ends with an ellipsis and never exceeds the columns", arguments: [
        ("abcdef", 4, "abc…"),
        ("cafe\u{301} noir", 5, "cafe\u{301}…"),
        ("日本語", 4, "日…"),
        ("日本語", 5, "日本…"),
        ("a日本", 3, "a…"),
        ("😀😀😀", 4, "😀…"),
        ("🇦🇷🇧🇷🇨🇱", 3, "🇦🇷…"),
        ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 3, "👨‍👩‍👧‍👦…"),
        ("abc", 1, "…"),
        ("日本", 1, "…"),
        ("abc", 0, ""),
        ("abc", -2, ""),
        ("\u{1B}[1mabcdef\u{1B}[0m", 4, "\u{1B}[1mabc…"),
    ])
    func truncate(text: String, columns: Int, expected: String) {
        let cut = DisplayWidth.truncate(text, to: columns)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= max(0, columns))
    }

    @Test("Fit pads or cuts to exactly the columns", arguments: [
        ("ab", 4, "ab  "),
        ("日本語", 5, "日本…"),
        ("日本語", 4, "日… "),
        ("e\u{301}", 3, "e\u{301}  "),
        ("abc", 0, ""),
        ("abc", 1, "…"),
    ])
    func fit(text: String, columns: Int, expected: String) {
        let fitted = DisplayWidth.fit(text, to: columns)
        #expect(fitted == expected)
        #expect(DisplayWidth.of(fitted) == columns)
    }
}
