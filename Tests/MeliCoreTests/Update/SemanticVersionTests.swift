import Testing
@testable import MeliCore

/// Precedence as semver.org 2.0 has it, numbers of any size included.
@Suite("Semantic versions")
struct SemanticVersionTests {
    @Test(arguments: [
        ("1.0.0-alpha", "1.0.0-alpha.1"), ("1.0.0-alpha.1", "1.0.0-alpha.beta"), ("1.0.0-alpha.beta", "1.0.0-beta"),
        ("1.0.0-beta.2", "1.0.0-beta.11"), ("1.0.0-rc.1", "1.0.0"), ("1.0.0", "2.0.0"),
        // Past Int64: numbers still, compared as numbers and below any identifier with letters (they
        // were compared as text, and a downgrade went through).
        ("1.0.0-rc.9300000000000000000", "1.0.0-rc.10000000000000000000"),
        ("0.7.0-rc.9223372036854775808", "0.7.0-rc.1x"), ("1.0.0-rc.99999999999999999999", "1.0.0-rc.100000000000000000000"),
    ])
    func precedence(_ older: String, _ newer: String) throws {
        let a = try #require(SemanticVersion(older))
        let b = try #require(SemanticVersion(newer))
        #expect(a < b && !(b < a))
    }

    @Test func buildMetadataDoesNotCount() throws {
        #expect(try #require(SemanticVersion("1.0.0-dev.3+abc1234")) == (try #require(SemanticVersion("1.0.0-dev.3+abc1234.dirty"))))
    }
}
