import Testing
@testable import MeliCore

@Suite("Redactor")
struct RedactorTests {
    @Test(arguments: [
        ("GET https://user:pw@host.example/x 200", "GET https://***@host.example/x 200"),
        ("'http://tok@127.0.0.1:8080' and https://a:b@c/d?e", "'http://***@127.0.0.1:8080' and https://***@c/d?e"),
        ("no url: mail me@example.com", "no url: mail me@example.com"),
        ("https://host/path@not-user-info", "https://host/path@not-user-info"),
        ("https://***@host", "https://***@host"),
    ])
    func userInformationOfURLsIsMasked(text: String, expected: String) {
        #expect(Redactor(secrets: []).redact(text) == expected)
    }

    @Test func everySpellingOfASecretIsMasked() {
        let redactor = Redactor(secrets: ["abc\"def/ghi"])
        redactor.add("tokén-1234")
        #expect(redactor.redact("x abc\"def/ghi y") == "x <redacted> y")
        #expect(redactor.redact(JSONValue.string("abc\"def/ghi").serialized()) == "\"<redacted>\"")
        #expect(redactor.redact("tokén-1234\u{301}!") == "<redacted>\u{301}!", "masked even where a combining mark follows")
        #expect(redactor.redact("abc") == "abc")
    }

    @Test func aQuotedLineAssigningASecretShowsNoValue() {
        #expect(Diagnostic.maskingSecretValue("  MELI_CLIENT_SECRET = abc\\q") == "  MELI_CLIENT_SECRET = <redacted>")
        #expect(Diagnostic.maskingSecretValue("export MY_API_KEY=\"x") == "export MY_API_KEY=<redacted>")
        #expect(Diagnostic.maskingSecretValue("MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN)") == "MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN)")
        #expect(Diagnostic.maskingSecretValue("MY_TOKEN =") == "MY_TOKEN =")
    }

    @Test func secretOptionsAreKnownBeforeTheCommandLineIsParsed() {
        let arguments = ["auth", "login", "--client-secret", "abcd-1", "--client-secret=abcd-2", "--client-id", "7", "--site=MLA"]
        #expect(Runner.secretOptionValues(arguments) == ["abcd-1", "abcd-2"])
    }
}
