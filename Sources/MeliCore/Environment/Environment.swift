/// Everything one run knows about its environment: validated values, where each came from,
/// the files read, and the binary's own directories.
package struct Environment: Sendable {
    package var name: EnvironmentName
    package var binary: String
    package var build: BuildInfo
    /// Every typed setting's value (`Settings.typed`), by key name: read back typed with
    /// `self[Settings.httpTimeout]`.
    var values: [String: any Sendable]
    /// The environment file chosen, and why.
    package var envFile: EnvFileChoice
    /// Every file read, in order (absolute paths).
    package var files: [String]
    /// Every setting from the files or overriding them, in order of first appearance.
    package var settings: [ResolvedSetting]
    /// Where each typed value came from, by key name (`origin(of:)` reads it typed).
    package var sources: [String: SettingOrigin]
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

    /// Whether paths inside the working directory are shown relative to it: only when the
    /// environment file was named relative (or found in the checkout), so that a path the user
    /// gave absolute is never shown relative (`EnvFileChoice.showsPathsRelative`).
    package var relativePaths = true

    /// `path` as shown to the user: relative to the working directory when inside it and
    /// `relativePaths`, else as it is.
    package func displayPath(_ path: String) -> String {
        relativePaths ? PathName.display(path, relativeTo: currentDirectory) : path
    }

    /// A typed setting's value. The resolver gives every typed setting one, or fails.
    package subscript<Value>(setting: Setting<Value>) -> Value { values[setting.name] as! Value }

    /// Where a typed setting's value came from.
    package func origin<Value>(of setting: Setting<Value>) -> SettingOrigin? { sources[setting.name] }

    /// A typed value as text, as `env` shows it.
    func text(of key: SettingKey) -> String {
        guard let typed = key.typed, let value = values[key.name] else { return "" }
        return typed.text(value)
    }

    /// A typed value as `env --json` shows it: numbers for durations and sizes.
    func json(of key: SettingKey) -> JSONValue {
        guard let typed = key.typed, let value = values[key.name] else { return .null }
        return typed.json(value)
    }

    /// Whether a typed value was worked out from a secret (`MELI_API_BASE_URL = $(TOKEN:lower)...`):
    /// then no view shows it. A flag's or the built-in default never is.
    func isSecret(_ key: SettingKey) -> Bool {
        switch sources[key.name] {
        case .file?, .environment?: settings.first { $0.key == key.name }?.isSecret ?? false
        default: false
        }
    }

    /// A setting's final value, if any file or the process environment gave one.
    package func setting(_ key: String) -> String? {
        settings.first { $0.key == key }?.value
    }
}

/// The typed values most commands read, by name (each is `self[Settings.x]`; a new setting needs none).
extension Environment {
    package var apiBaseURL: APIBaseURL { self[Settings.apiBaseURL] }
    package var logLevel: LogLevel { self[Settings.logLevel] }
    package var defaultSite: SiteID { self[Settings.defaultSite] }
    package var httpTimeout: HTTPTimeout { self[Settings.httpTimeout] }
    package var cache: CacheSettings {
        CacheSettings(
            catalog: self[Settings.cacheTTLCatalog], search: self[Settings.cacheTTLSearch], item: self[Settings.cacheTTLItem],
            maxSize: self[Settings.cacheMaxMB])
    }
}
