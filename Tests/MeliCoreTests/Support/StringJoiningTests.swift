import Testing
@testable import MeliCore

/// MeliCore's own `joined(separator:)` for lists of strings (StringJoining.swift) gives the text
/// the standard library's does, which `reduce` spells out here.
@Suite("Joining strings")
struct StringJoiningTests {
    static func expected(_ parts: [String], _ separator: String) -> String {
        parts.enumerated().reduce("") { $0 + ($1.offset == 0 ? "" : separator) + $1.element }
    }

    @Test(arguments: [[], [""], ["a"], ["a", "b"], ["", "", ""], ["ñandú", "e\u{301}", "🇦🇷", "x"]])
    func joinedAsTheStandardLibraryJoins(parts: [String]) {
        for separator in ["", " ", ", ", "\u{301}", "/"] {
            #expect(parts.joined(separator: separator) == Self.expected(parts, separator))
            #expect(parts[...].joined(separator: separator) == Self.expected(parts, separator))
            #expect(parts.dropFirst().joined(separator: separator) == Self.expected(Array(parts.dropFirst()), separator))
        }
        #expect(parts.joined() == Self.expected(parts, ""))
    }
}
