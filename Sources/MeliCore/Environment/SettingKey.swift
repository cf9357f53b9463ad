/// A setting meli knows, as documented in `Config/README.md`.
public struct SettingKey: Sendable, Hashable {
    /// Where a key may be given.
    public enum Place: Sendable, Hashable {
        /// In an environment file, overridable by a process environment variable of the same name.
        case fileOrEnvironment
        /// Only in the process environment (it chooses the file, or is a secret never written to disk).
        case environmentOnly
    }

    public var name: String
    public var place: Place
    /// Whether a run fails without it.
    public var isRequired: Bool
    public var summary: String
}

extension SettingKey {
    public static let apiBaseURL = SettingKey(
        name: "MELI_API_BASE_URL", place: .fileOrEnvironment, isRequired: true,
        summary: "Where API requests go: https://..., sandbox:// (built-in offline catalog), or http:// to this machine.")
    public static let logLevel = SettingKey(
        name: "MELI_LOG_LEVEL", place: .fileOrEnvironment, isRequired: true,
        summary: "trace, debug, info, notice, warning, error or critical.")
    public static let defaultSite = SettingKey(
        name: "MELI_DEFAULT_SITE", place: .fileOrEnvironment, isRequired: true,
        summary: "The site used when none is given, such as MLA, MLB or MCO.")
    public static let httpTimeout = SettingKey(
        name: "MELI_HTTP_TIMEOUT", place: .fileOrEnvironment, isRequired: true,
        summary: "Seconds to wait for one HTTP request, a positive number.")
    public static let envFile = SettingKey(
        name: "MELI_ENV_FILE", place: .environmentOnly, isRequired: false,
        summary: "Read this environment file instead of the installed or repository one.")

    public static let language = SettingKey(
        name: "MELI_LANG", place: .environmentOnly, isRequired: false,
        summary: "es or en: the language of messages, over LC_ALL, LC_MESSAGES and LANG.")

    /// Every key meli reads; anything else spelled `MELI_*` draws a warning.
    public static let all: [SettingKey] = [apiBaseURL, logLevel, defaultSite, httpTimeout, envFile, accessToken, language]

    /// Whether a key's value is a secret that `env` and the logs must never show.
    public static func isSecret(_ name: String) -> Bool {
        let upper = name.uppercased()
        return ["TOKEN", "SECRET", "PASSWORD"].contains { upper.contains($0) }
    }

    static let namespacePrefix = "MELI_"
}
