import Testing
@testable import MeliCore

/// The text helpers that replaced `_StringProcessing`'s `contains`, `firstRange(of:)`,
/// `split(separator:)` and `replacing(_:with:)`.
@Suite("Text search")
struct TextSearchTests {
    @Test func findsAndSplits() {
        let url = "https://user@api.example:8443/x://y"
        let range = url.firstRange(ofText: "://")
        #expect(range.map { url[..<$0.lowerBound] } == "https")
        #expect(url.split(once: "://")?.after == "user@api.example:8443/x://y")
        #expect("no scheme".split(once: "://") == nil)
        #expect(url.contains(text: "8443"))
        #expect(!url.contains(text: "8444"))
        #expect(!url.contains(text: ""))
        #expect("aab".firstRange(ofText: "ab").map { "aab".distance(from: "aab".startIndex, to: $0.lowerBound) } == 1)
    }

    @Test func replacesEveryOccurrence() {
        #expect("a-b--c".replacing(text: "-", with: "_") == "a_b__c")
        #expect("$0 search; $0 item".replacing(text: "$0", with: "meli") == "meli search; meli item")
        #expect("aaa".replacing(text: "aa", with: "b") == "ba")
        #expect("abc".replacing(text: "", with: "x") == "abc")
    }

    /// A shell reads bytes: a quote followed by a combining accent still ends a quoted word, so
    /// it must be escaped too. `replacing` from StringProcessing compared characters and left it.
    @Test func quoteBeforeACombiningMarkIsReplaced() {
        let word = "it'\u{301}s; rm -rf ~"
        let quoted = "'" + word.replacing(text: "'", with: "'\\''") + "'"
        #expect(Array(quoted.utf8).filter { $0 == UInt8(ascii: "'") }.count == 5)
    }

    /// The next-page command quotes a search word unless every scalar is a letter, a digit or
    /// one of `-_=.,/:@+`. Judged on characters, a letter that joins the next scalar into its
    /// character (U+0D4E before `;`, `$` or `'`) hid that scalar: `x\u{D4E};id` was printed bare,
    /// and pasted into a shell it ran `id`.
    @Test(arguments: ["x\u{D4E};id", "a\u{D4E}$(id)", "\u{D4E}'", "\u{D4E}`id`", "e\u{301}; id", "a\u{0600}|id"])
    func aShellCharacterJoinedToALetterIsQuoted(_ word: String) {
        let quoted = ParsedArguments.quote(word)
        #expect(quoted.hasPrefix("'") && quoted.hasSuffix("'"), "\(quoted.debugDescription)")
    }

    @Test func plainWordsStayBare() {
        for word in ["iphone", "café", "año-2024", "a=b", "motorola_g6", "日本", "١٢٣"] { #expect(ParsedArguments.quote(word) == word) }
        #expect(ParsedArguments.quote("it's") == "'it'\\''s'")
    }
}
