/// Everything one run knows about its environment: validated values, where each came from,
/// the files read, and the binary's own directories.
public struct Environment: Sendable {
    public var name: EnvironmentName
    public var binary: String
    public var build: BuildInfo
    public var apiBaseURL: APIBaseURL
    public var logLevel: LogLevel
    public var defaultSite: SiteID
    public var httpTimeout: HTTPTimeout
    public var cache: CacheSettings
    /// The environment file chosen, and why.
    public var envFile: EnvFileChoice
    /// Every file read, in order (absolute paths).
    public var files: [String]
    /// Every setting from the files or overriding them, in order of first appearance.
    public var settings: [ResolvedSetting]
    /// Where each typed value came from.
    public var sources: [EnvironmentField: SettingOrigin]
    public var directories: AppDirectories
    /// Problems that did not stop the run (unknown keys, say).
    public var warnings: [Diagnostic]
    /// The working directory, so paths inside it can be shown relative to it.
    public var currentDirectory: String

    /// `path` as shown to the user: relative to the working directory when inside it.
    public func displayPath(_ path: String) -> String {
        PathName.display(path, relativeTo: currentDirectory)
    }

    /// A typed value as text, as `env` shows it.
    public func text(of field: EnvironmentField) -> String {
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

    /// A setting's final value, if any file or the process environment gave one.
    public func setting(_ key: String) -> String? {
        settings.first { $0.key == key }?.value
    }
}

/// The typed values of an `Environment`, named as `env` and its JSON name them.
public enum EnvironmentField: String, Sendable, CaseIterable {
    case apiBaseURL = "api_base_url"
    case logLevel = "log_level"
    case defaultSite = "default_site"
    case httpTimeout = "http_timeout"
    case cacheTTLCatalog = "cache_ttl_catalog"
    case cacheTTLSearch = "cache_ttl_search"
    case cacheTTLItem = "cache_ttl_item"
    case cacheMaxMB = "cache_max_mb"
}
