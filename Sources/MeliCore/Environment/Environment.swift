/// Everything one run knows about its environment: validated values, where each came from,
/// the files read, and the binary's own directories.
package struct Environment: Sendable {
    package var name: EnvironmentName
    package var binary: String
    package var build: BuildInfo
    package var apiBaseURL: APIBaseURL
    package var logLevel: LogLevel
    package var defaultSite: SiteID
    package var httpTimeout: HTTPTimeout
    package var cache: CacheSettings
    /// The environment file chosen, and why.
    package var envFile: EnvFileChoice
    /// Every file read, in order (absolute paths).
    package var files: [String]
    /// Every setting from the files or overriding them, in order of first appearance.
    package var settings: [ResolvedSetting]
    /// Where each typed value came from.
    package var sources: [EnvironmentField: SettingOrigin]
    package var directories: AppDirectories
    /// Problems that did not stop the run (unknown keys, say).
    package var warnings: [Diagnostic]
    /// The working directory, so paths inside it can be shown relative to it.
    package var currentDirectory: String
    /// Every secret the files and the process environment hold (`EnvironmentResolver.secrets`),
    /// used or not: what the run's redactor masks in everything it prints.
    package var secrets: [String] = []
    /// The user's own files read after the environment file when they exist (`LocalEnvFile`), in order.
    package var localFiles: [String] = []

    /// `path` as shown to the user: relative to the working directory when inside it.
    package func displayPath(_ path: String) -> String {
        PathName.display(path, relativeTo: currentDirectory)
    }

    /// A typed value as text, as `env` shows it.
    package func text(of field: EnvironmentField) -> String {
        switch field {
        case .apiBaseURL: apiBaseURL.description
        case .logLevel: logLevel.rawValue
        case .defaultSite: defaultSite.rawValue
        case .httpTimeout: httpTimeout.description
        case .cacheTTLCatalog: cache.catalog.description
        case .cacheTTLSearch: cache.search.description
        case .cacheTTLItem: cache.item.description
        case .cacheMaxMB: cache.maxSize.description
        }
    }

    /// Whether a typed value was worked out from a secret (`MELI_API_BASE_URL = $(TOKEN:lower)...`):
    /// then no view shows it. A flag's or the built-in default never is.
    package func isSecret(_ field: EnvironmentField) -> Bool {
        switch sources[field] {
        case .file?, .environment?: settings.first { $0.key == field.key.name }?.isSecret ?? false
        default: false
        }
    }

    /// A setting's final value, if any file or the process environment gave one.
    package func setting(_ key: String) -> String? {
        settings.first { $0.key == key }?.value
    }
}

/// The typed values of an `Environment`, named as `env` and its JSON name them.
package enum EnvironmentField: String, Sendable, CaseIterable {
    case apiBaseURL = "api_base_url"
    case logLevel = "log_level"
    case defaultSite = "default_site"
    case httpTimeout = "http_timeout"
    case cacheTTLCatalog = "cache_ttl_catalog"
    case cacheTTLSearch = "cache_ttl_search"
    case cacheTTLItem = "cache_ttl_item"
    case cacheMaxMB = "cache_max_mb"

    /// The setting that gives it.
    package var key: SettingKey {
        switch self {
        case .apiBaseURL: .apiBaseURL
        case .logLevel: .logLevel
        case .defaultSite: .defaultSite
        case .httpTimeout: .httpTimeout
        case .cacheTTLCatalog: .cacheTTLCatalog
        case .cacheTTLSearch: .cacheTTLSearch
        case .cacheTTLItem: .cacheTTLItem
        case .cacheMaxMB: .cacheMaxMB
        }
    }
}
