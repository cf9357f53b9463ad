/// A setting meli knows, as documented in `Config/README.md`.
package struct SettingKey: Sendable, Hashable {
    /// Where a key may be given.
    package enum Place: Sendable, Hashable {
        /// In an environment file, overridable by a process environment variable of the same name.
        case fileOrEnvironment
        /// Only in the process environment (it chooses the file, or is a secret never written to disk).
        case environmentOnly
    }

    package var name: String
    package var place: Place
    /// Whether a run fails without it.
    package var isRequired: Bool
    package var summary: String
    /// The value when nothing sets the key (only for keys that are not required).
    package var defaultValue: String? = nil
}

extension SettingKey {
    package static let apiBaseURL = SettingKey(
        name: "MELI_API_BASE_URL", place: .fileOrEnvironment, isRequired: true,
        summary: "Where API requests go: https://..., sandbox:// (built-in offline catalog), or http:// to this machine.")
    package static let logLevel = SettingKey(
        name: "MELI_LOG_LEVEL", place: .fileOrEnvironment, isRequired: true,
        summary: "trace, debug, info, notice, warning, error or critical.")
    package static let defaultSite = SettingKey(
        name: "MELI_DEFAULT_SITE", place: .fileOrEnvironment, isRequired: true,
        summary: "The site used when none is given, such as MLA, MLB or MCO.")
    package static let httpTimeout = SettingKey(
        name: "MELI_HTTP_TIMEOUT", place: .fileOrEnvironment, isRequired: true,
        summary: "Seconds to wait for one HTTP request, a positive number.")
    package static let cacheTTLCatalog = SettingKey(
        name: "MELI_CACHE_TTL_CATALOG", place: .fileOrEnvironment, isRequired: false,
        summary: "How long sites and categories stay fresh when the server sends no cache headers: 0, 300, 5m, 2h, 1d.",
        defaultValue: "1d")
    package static let cacheTTLSearch = SettingKey(
        name: "MELI_CACHE_TTL_SEARCH", place: .fileOrEnvironment, isRequired: false,
        summary: "How long search pages stay fresh when the server sends no cache headers.",
        defaultValue: "5m")
    package static let cacheTTLItem = SettingKey(
        name: "MELI_CACHE_TTL_ITEM", place: .fileOrEnvironment, isRequired: false,
        summary: "How long items and their descriptions stay fresh when the server sends no cache headers.",
        defaultValue: "10m")
    package static let cacheMaxMB = SettingKey(
        name: "MELI_CACHE_MAX_MB", place: .fileOrEnvironment, isRequired: false,
        summary: "The response cache's size cap in megabytes; least recently used entries go first. 0 turns caching off.",
        defaultValue: "50")
    package static let clientID = SettingKey(
        name: "MELI_CLIENT_ID", place: .fileOrEnvironment, isRequired: false,
        summary: "The application id that auth login uses (or --client-id).")
    package static let redirectURI = SettingKey(
        name: "MELI_REDIRECT_URI", place: .fileOrEnvironment, isRequired: false,
        summary: "The redirect URI registered for the application, for auth login (or --redirect-uri).")
    package static let clientSecret = SettingKey(
        name: "MELI_CLIENT_SECRET", place: .environmentOnly, isRequired: false,
        summary: "The application's secret key for auth login (or --client-secret). Never shown or logged.")
    /// The single feed key of old versions, shared by all three binaries; now only warned about.
    package static let retiredUpdateFeedURL = "MELI_UPDATE_FEED_URL"

    /// The feed key `environment`'s binary reads, `MELI_<NAME>_UPDATE_FEED_URL`; the others' are ignored by it.
    package static func updateFeedURL(for environment: EnvironmentName) -> SettingKey {
        SettingKey(
            name: environment.updateFeedKey, place: .fileOrEnvironment, isRequired: false,
            summary: "The feed.json that \(environment.binary)'s 'update' reads: an https URL, or a file path. Only \(environment.binary) reads it.")
    }

    /// The feed key of the binary named `binary` (`meli-qa`), nil for a name no environment builds.
    package static func updateFeedURL(forBinary binary: String) -> SettingKey? {
        EnvironmentTable.compiled.row(forBinary: binary).map(updateFeedURL(for:))
    }
    package static let updateKeys = SettingKey(
        name: "MELI_UPDATE_KEYS", place: .fileOrEnvironment, isRequired: false,
        summary: "Ed25519 public keys (base64, space-separated) whose signatures update and self install accept, besides those built in from Config/signing-keys.")
    package static let envFile = SettingKey(
        name: "MELI_ENV_FILE", place: .environmentOnly, isRequired: false,
        summary: "Read this environment file instead of the installed or repository one.")

    package static let language = SettingKey(
        name: "MELI_LANG", place: .environmentOnly, isRequired: false,
        summary: "es or en: the language of messages, over LC_ALL, LC_MESSAGES and LANG.")

    /// Every key meli reads; anything else spelled `MELI_*` draws a warning.
    /// Every environment's feed key is known to every binary (one row of Config/environments each).
    package static let all: [SettingKey] =
        [apiBaseURL, logLevel, defaultSite, httpTimeout, cacheTTLCatalog, cacheTTLSearch, cacheTTLItem, cacheMaxMB, clientID, redirectURI, clientSecret]
        + EnvironmentName.allCases.map(updateFeedURL(for:)) + [updateKeys, envFile, accessToken, language]

    /// Whether a key's value is a secret that `env` and the logs must never show: a name holding
    /// TOKEN, SECRET, PASS (PASSWORD, PASSWD, PASSPHRASE, DB_PASS), PRIVATE, CREDENTIAL or APIKEY,
    /// named KEY, or ending in _KEY (`API_KEY`, `SIGNING_KEY`), _PAT (a personal access token),
    /// _SK (a secret key), _PW or _PWD. Matching more costs nothing but a masked value; missing one
    /// leaks it, through any value worked out from it (`MELI_X = $(DB_PASS)`).
    ///
    /// Every run asks this of each variable in its process environment, so an ASCII name (all of
    /// them, in practice) is matched on its bytes: `String.contains` from StringProcessing made it
    /// more than half of the instructions of `meli --version`. Other names take the Unicode path,
    /// where `uppercased()` also maps letters such as `ſ` to `S`.
    package static func isSecret(_ name: String) -> Bool {
        var bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let upper = name.uppercased()
            return secretWords.contains { upper.contains(text: $0) } || upper == "KEY" || secretSuffixes.contains { upper.hasSuffix("_" + $0) }
        }
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") {
            bytes[index] -= 0x20
        }
        // `_KEY`, `_PAT`...: what follows the last `_` (none of them holds one), found in one scan.
        if let underscore = bytes.lastIndex(of: UInt8(ascii: "_")), secretSuffixBytes.contains(where: { bytes[(underscore + 1)...].elementsEqual($0) }) {
            return true
        }
        if bytes.elementsEqual("KEY".utf8) { return true }
        // One pass: a word is compared only where a byte is its first letter (every variable of
        // the process environment is asked, at every run).
        for start in bytes.indices where secretWordFirsts[Int(bytes[start])] {
            for word in secretWordBytes where word[0] == bytes[start] && start + word.count <= bytes.count {
                if bytes[start..<(start + word.count)].elementsEqual(word) { return true }
            }
        }
        return false
    }

    /// Held anywhere in a name (PASS covers PASSWORD and PASSWD).
    private static let secretWords = ["TOKEN", "SECRET", "PASS", "PRIVATE", "CREDENTIAL", "APIKEY"]
    private static let secretWordBytes = secretWords.map { Array($0.utf8) }
    /// Whether a byte is the first of one of the words, by value.
    private static let secretWordFirsts: [Bool] = (0..<256).map { byte in secretWordBytes.contains { Int($0[0]) == byte } }
    /// Ending a name after a `_` (not alone: PWD is the working folder).
    private static let secretSuffixes = ["KEY", "PAT", "SK", "PW", "PWD"]
    private static let secretSuffixBytes = secretSuffixes.map { Array($0.utf8) }

    static let namespacePrefix = "MELI_"
}

extension SettingKey {
    /// A token for the API, from the process environment only: never written to disk by meli.
    package static let accessToken = SettingKey(
        name: "MELI_ACCESS_TOKEN", place: .environmentOnly, isRequired: false,
        summary: "An OAuth access token sent as Authorization: Bearer. Never shown or logged.")
}
