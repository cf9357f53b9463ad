import Testing
@testable import MeliCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The words of the errors, in both languages, pinned as golden files: the tests elsewhere check
/// which error was reported (`Reported`), and these check how the reporter words and lays it out.
@Suite("Error reports")
struct ErrorReportGoldenTests {
    /// One error of each kind the tests assert by identity, each under a `==== <what>` line.
    static let errors: [(String, any Error)] = [
        ("usage, a command's", UsageError(.Configuration.badSiteID(value: "Colombia"), commandPath: ["site"])),
        ("usage, with a suggestion", UsageError(.Usage.unknownOption(option: "--no-desc"), commandPath: ["item"], suggestion: "--no-description")),
        ("usage, the program's", UsageError(.Usage.invalidChoice(value: "loud", option: "log-level", choices: LogLevel.choices))),
        ("usage, help's", UsageError(.Usage.unknownCommand(command: "nope"), commandPath: ["help"])),
        ("usage, no command", UsageError(.Usage.noCommand(binary: "meli-qa", commands: "sites, site, search"))),
        ("usage, an option took the command", UsageError(.Usage.optionTookCommand(option: "--env-file", command: "sites"), suggestion: "meli-qa --env-file <path> sites")),
        ("usage, another command's option", UsageError(.Usage.optionOfOtherCommand(option: "--limit", command: "browse", owners: "'meli-qa search'"), commandPath: ["browse"])),
        ("not found", APIError.notFound(.item("MLA1"))),
        ("site not found", APIError.notFound(.site("MLC"))),
        ("search refused", APIError.refused(.search(site: "MLA"), status: 403, message: "forbidden")),
        ("request refused", APIError.refused(.item("MLA401"), status: 401, message: "invalid_token")),
        ("rate limited", APIError.rateLimited(retryAfter: "30")),
        ("server failed", APIError.badStatus(500, method: "GET", url: "http://127.0.0.1:8080/items/MLA500")),
        ("undecodable", APIError.undecodable(BodyDecodingError(field: "", problem: .notJSON), method: "GET", url: "http://127.0.0.1:8080/items/X")),
        ("not JSON", APIError.notJSON(status: 200, contentType: "text/html; charset=utf-8", method: "GET", url: "http://127.0.0.1:8080/items/X")),
        ("unreachable", APIError.transport(.connection(host: "127.0.0.1", reason: "Connection refused"))),
        ("interrupted", APIError.transport(.interrupted(host: "127.0.0.1", reason: "transfer closed"))),
        ("connect timeout", APIError.transport(.connectTimeout(host: "127.0.0.1", seconds: 10))),
        ("timeout after attempts", APIError.transport(.timeoutAfterAttempts(host: "127.0.0.1", seconds: 2, attempts: 3, total: 6.4, connecting: false))),
        ("connect timeout after attempts", APIError.transport(.timeoutAfterAttempts(host: "127.0.0.1", seconds: 1, attempts: 2, total: 2.5, connecting: true))),
        ("not TLS", APIError.transport(.notTLS(host: "127.0.0.1", reason: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443"))),
        ("proxy", APIError.transport(.proxy(proxy: "http://proxy.invalid:3128", variable: "https_proxy", reason: "Could not resolve proxy: proxy.invalid"))),
        ("untrusted, SSL_CERT_FILE", APIError.transport(.untrustedCertificate(
            host: "localhost", reason: "SSL certificate problem: self-signed certificate", authorities: .variable(name: "SSL_CERT_FILE", path: "/etc/corp-ca.pem")))),
        ("certificate for another host", APIError.transport(.untrustedCertificate(
            host: "127.0.0.1", reason: "SSL: no alternative certificate subject name matches target host name '127.0.0.1'",
            authorities: .variable(name: "CURL_CA_BUNDLE", path: "c.pem")))),
        ("authorities unreadable, CURL_CA_BUNDLE", APIError.transport(.unreadableAuthorities(
            .variable(name: "CURL_CA_BUNDLE", path: "/nowhere.pem"), reason: "error setting certificate file: /nowhere.pem"))),
        ("authorities unreadable, system", APIError.transport(.unreadableAuthorities(
            .system, reason: "error setting certificate file: /etc/ssl/certs/ca-certificates.crt"))),
        ("not cached", APIError.notCached(url: "http://127.0.0.1:8080/sites/MLA/search?q=y")),
        ("login folder of another user", APIError.credentials(.untrusted(path: "~/.config/meli-qa", reason: .otherOwner(uid: 4242)))),
        ("credentials lock that is a link", APIError.credentials(.untrusted(path: "~/.config/meli-qa/credentials.lock", reason: .link))),
        ("feed address", FeedError.badAddress(location: "htps://example.com/feed.json", key: "MELI_QA_UPDATE_FEED_URL", problem: .unsupportedScheme("htps"))),
        ("feed unreachable", FeedError.unreachable(host: "example.invalid", reason: "no such host", key: "MELI_QA_UPDATE_FEED_URL")),
        ("feed for another binary", FeedError.wrongBinary(location: "/tmp/feed.json", feedBinary: "meli-qa", binary: "meli-dev")),
        ("feed too large", FeedError.feedTooLarge(location: "/tmp/feed.json", limit: Feed.maxBytes)),
        ("download too large", FeedError.downloadTooLarge(file: "meli-qa_9.2.0_linux_x86_64.tar.gz", limit: 100)),
        ("checksum mismatch", FeedError.checksumMismatch(file: "meli-qa_1.0.0_linux_x86_64.tar.gz")),
        ("feed not signed", FeedError.unsignedFeed(location: "https://example.com/qa/feed.json")),
        ("feed signed by another key", FeedError.badFeedSignature(location: "https://example.com/qa/feed.json")),
        ("signed feed without a time", FeedError.undatedFeed(location: "https://example.com/qa/feed.json")),
        ("feed replayed", FeedError.replayedFeed(location: "https://example.com/qa/feed.json", published: "2026-03-01T10:00:00Z", newest: "2026-03-02T10:00:00Z")),
        ("downloads folder open to others", UpdateError.untrustedDownloads(path: "~/.cache/meli-qa/update", problem: .openToOthers(mode: "755"))),
        ("no feed, qa", UpdateError.noFeed(binary: "meli-qa", key: "MELI_QA_UPDATE_FEED_URL", envFile: "QA.env", environment: .qa)),
        ("no feed, dev", UpdateError.noFeed(binary: "meli-dev", key: "MELI_DEV_UPDATE_FEED_URL", envFile: "Dev.env", environment: .dev)),
        ("not a package folder", InstallError.notAPackageFolder(path: "/opt/meli-qa/bin/meli-qa", binary: "meli-qa")),
        ("not installed", InstallError.notInstalled(binary: "meli-qa", prefix: "/opt")),
        ("unknown binary", LaunchError.unknownBinary(file: "meli-copy", binaries: ["meli-dev", "meli-qa", "meli"])),
        ("no /proc", LaunchError.noProc),
        ("output not written", OutputError.cannotWrite(errno: ENOSPC)),
        ("update, installed by dpkg", PackageManagedError(binary: "meli", manager: PackageManager(kind: .dpkg, package: "meli"), action: .update)),
        ("uninstall, installed by Homebrew", PackageManagedError(binary: "meli-qa", manager: PackageManager(kind: .brew, package: "owner/tap/meli-qa"), action: .uninstall)),
        ("rollback, installed by dpkg", PackageManagedError(binary: "meli-qa", manager: PackageManager(kind: .dpkg, package: "meli-qa"), action: .rollback)),
        ("configuration", ConfigurationError(diagnostics: [
            .error(.Configuration.badSiteID(value: "Argentina"), subject: .Reporting.processEnvironment(origin: "MELI_DEFAULT_SITE")),
            .error(.Configuration.badLogLevel(value: "loud", choices: LogLevel.choices),
                   at: SourceLocation(path: "Config/QA.env", line: 3, column: 18, sourceLine: "MELI_LOG_LEVEL = loud")),
            .warning(.Configuration.unknownKeySuggestion(key: "MELI_DEFAULT_SIET", suggestion: "MELI_DEFAULT_SITE"),
                     at: SourceLocation(path: "Typo.env", line: 9, column: 1, sourceLine: "MELI_DEFAULT_SIET = MCO")),
        ])),
    ]

    @Test(arguments: Language.allCases)
    func everyKindOfError(language: Language) throws {
        let text = Self.errors.map { what, error in
            "==== \(what)\n" + Reported.stderr(error, binary: "meli-qa", language: language)
        }.joined()
        try Golden.check(text, language == .spanish ? "errors.es.txt" : "errors.txt")
    }
}
