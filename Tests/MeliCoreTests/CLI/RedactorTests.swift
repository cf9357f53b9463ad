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
        // As a logged address holds it, percent-encoded as meli encodes a query value.
        #expect(redactor.redact("GET sandbox:///x?q=abc%22def%2Fghi&offset=0") == "GET sandbox:///x?q=<redacted>&offset=0")
        #expect(redactor.redact("?q=tok%C3%A9n-1234") == "?q=<redacted>")
    }

    /// A new user set SPACE_TOKEN='hunter two words' and searched for those words: the results
    /// line masked them, and the request's log lines showed `q=hunter%20two%20words`.
    @Test func aSecretInARequestsLoggedAddressIsMasked() async throws {
        let run = try InProcessRun()
        let result = await run(["-vv", "search", "hunter", "two", "words"], terminal: false, environment: ["SPACE_TOKEN": "hunter two words"])
        #expect(result.err.contains("q=<redacted>"), "\(result.err)")
        for spelling in ["hunter two words", "hunter%20two%20words", "hunter+two+words"] {
            #expect(!result.out.contains(spelling) && !result.err.contains(spelling), "\(spelling): \(result.err)")
        }
    }

    /// Texts are shortened before they are printed (an address quoted in an error, a title cut to
    /// the terminal's width): the start of a secret left before the `…` is masked too (attack:
    /// a redirect to a long address ending in the token showed all but its last 2 characters).
    @Test func theStartOfASecretBeforeAnEllipsisIsMasked() {
        let token = "APP_USR-1234567890123456-112512-0f1e2d3c"
        let redactor = Redactor(secrets: [token])
        #expect(redactor.redact("Location http://h/lll\(token.dropLast(2))… refused") == "Location http://h/lll<redacted>… refused")
        #expect(redactor.redact("MLA1\tMoto \(token.prefix(12))…\t10\n") == "MLA1\tMoto <redacted>…\t10\n")
        #expect(redactor.redact("a \(token) b \(token.prefix(6))…") == "a <redacted> b <redacted>…")
        // Fewer than four bytes of it, or no ellipsis after them, are left alone.
        #expect(redactor.redact("APP…") == "APP…")
        #expect(redactor.redact("APP_USR-12 and more") == "APP_USR-12 and more")
        #expect(redactor.redact("…") == "…")
        // The end of one after an ellipsis (a long line quoted from its middle), and its
        // lower-case spelling (a host name).
        #expect(redactor.redact("  …\(token.suffix(20))   $(NOPE:bogusop)") == "  …<redacted>   $(NOPE:bogusop)")
        #expect(redactor.redact("redirected to http://\(token.lowercased()).example/") == "redirected to http://<redacted>.example/")
    }

    @Test func aQuotedLineAssigningASecretShowsNoValue() {
        #expect(Diagnostic.maskingSecretValue("  MELI_CLIENT_SECRET = abc\\q") == "  MELI_CLIENT_SECRET = <redacted>")
        #expect(Diagnostic.maskingSecretValue("export MY_API_KEY=\"x") == "export MY_API_KEY=<redacted>")
        #expect(Diagnostic.maskingSecretValue("MELI_ACCESS_TOKEN[arch=x86_64][env=qa] = APP_USR-1 $(NOPE:bogusop)") == "MELI_ACCESS_TOKEN[arch=x86_64][env=qa] = <redacted>")
        #expect(Diagnostic.maskingSecretValue("MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN)") == "MELI_DEFAULT_SITE = $(MELI_ACCESS_TOKEN)")
        #expect(Diagnostic.maskingSecretValue("MY_TOKEN =") == "MY_TOKEN =")
    }

    @Test func secretOptionsAreKnownBeforeTheCommandLineIsParsed() {
        let arguments = ["auth", "login", "--client-secret", "abcd-1", "--client-secret=abcd-2", "--client-id", "7", "--site=MLA"]
        #expect(Runner.secretOptionValues(arguments) == ["abcd-1", "abcd-2"])
    }
}
