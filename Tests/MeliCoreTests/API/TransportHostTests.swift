import Testing
@testable import MeliHTTP

/// `CurlTransport.host(of:)` reads an ASCII URL as bytes: the same host as reading it a
/// Character at a time, whatever the URL holds (users, ports, IPv6, no scheme, stray at-signs).
@Suite("Transport: the host a message names")
struct TransportHostTests {
    @Test(arguments: [
        "https://api.mercadolibre.com/sites/MLA/search?q=x%20y", "http://127.0.0.1:18428/sites", "http://user:pw@host:8080/p",
        "http://[::1]:8080/x", "http://[fe80::1", "host.example:3128", "http://a@b@c/d", "http://user@/x", "http://user@@/x",
        "http://@@@/x", "http://@host", "https://h?q=a://b", "https://h#f", "", "://", "a:/b", "http://h:/", "ftp://x:y@[::1]/",
    ])
    func anASCIIURLGivesTheHostACharacterReadingGives(_ url: String) {
        #expect(CurlTransport.host(of: url) == CurlTransport.characterHost(of: url), "\(url)")
    }

    @Test func aURLThatIsNotASCIIIsReadByCharacters() {
        #expect(CurlTransport.host(of: "http://usér@café.example:8080/ñ") == "café.example")
    }
}
