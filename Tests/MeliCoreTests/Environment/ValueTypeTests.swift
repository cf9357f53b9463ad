import Testing
@testable import MeliCore

@Suite("Setting values")
struct ValueTypeTests {
    @Test(arguments: [
        ("https://api.mercadolibre.com", "https://api.mercadolibre.com"),
        ("https://api.mercadolibre.com/", "https://api.mercadolibre.com"),
        ("https://proxy.example.com:8443/meli/", "https://proxy.example.com:8443/meli"),
        ("HTTPS://api.mercadolibre.com", "https://api.mercadolibre.com"),
        ("sandbox://", "sandbox://"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://localhost", "http://localhost"),
        ("http://[::1]:9000/api", "http://[::1]:9000/api"),
    ])
    func acceptedBaseURLs(text: String, normalized: String) throws {
        #expect(try APIBaseURL.parse(text).get().description == normalized)
    }

    @Test(arguments: [
        ("api.mercadolibre.com", APIBaseURL.Problem.noScheme),
        ("ftp://host", .unsupportedScheme("ftp")),
        ("http://example.com", .plainHTTPToRemoteHost("example.com")),
        ("http://127.0.0.2", .plainHTTPToRemoteHost("127.0.0.2")),
        ("https://", .missingHost),
        ("https://user:pw@host", .credentials),
        ("https://host?x=1", .queryOrFragment),
        ("https://host:0", .badPort),
        ("https://host:99999", .badPort),
        ("https://host:80a", .badPort),
        ("sandbox://data", .sandboxWithPath),
    ])
    func refusedBaseURLs(text: String, problem: APIBaseURL.Problem) {
        #expect(APIBaseURL.parse(text) == .failure(problem))
    }

    @Test func logLevels() {
        #expect(LogLevel(parsing: "DEBUG") == .debug)
        #expect(LogLevel(parsing: "verbose") == nil)
        #expect(LogLevel.trace < LogLevel.critical)
        #expect(LogLevel.warning.shifted(by: 1) == .notice)
        #expect(LogLevel.debug.shifted(by: 9) == .trace)
    }

    @Test(arguments: ["MLA", "mco", "Mlb"])
    func validSites(text: String) {
        #expect(SiteID(parsing: text)?.rawValue == text.uppercased())
    }

    @Test(arguments: ["ML", "MLAX", "XLA", "M1A", "MÑA", ""])
    func invalidSites(text: String) {
        #expect(SiteID(parsing: text) == nil)
    }

    @Test(arguments: [("30", 30.0), ("2.5", 2.5), ("0.1", 0.1), ("86400", 86_400)])
    func validTimeouts(text: String, seconds: Double) {
        #expect(HTTPTimeout(parsing: text)?.seconds == seconds)
    }

    @Test(arguments: ["0", "-1", "1e3", "inf", "nan", "10s", ".5", "5.", "", "0.0", "86400.5", "9223372036854775807", String(repeating: "9", count: 400)])
    func invalidTimeouts(text: String) {
        #expect(HTTPTimeout(parsing: text) == nil)
    }
}
