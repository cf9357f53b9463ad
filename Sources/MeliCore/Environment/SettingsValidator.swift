/// Checks the settings meli needs and turns them into typed values, pointing each problem at the
/// file and line its value came from (or the environment variable that gave it).
struct SettingsValidator {
    struct Values {
        var apiBaseURL: APIBaseURL
        var logLevel: LogLevel
        var defaultSite: SiteID
        var httpTimeout: HTTPTimeout
        var sources: [String: SettingOrigin]
    }

    let settings: [ResolvedSetting]
    /// Keys some file assigns: when such a key has no value, its problem was already reported.
    let reportedKeys: Set<String>
    /// The top-level environment file, named when a required key is missing altogether.
    let rootFile: String
    private(set) var diagnostics: [Diagnostic] = []

    init(settings: [ResolvedSetting], reportedKeys: Set<String>, rootFile: String) {
        self.settings = settings
        self.reportedKeys = reportedKeys
        self.rootFile = rootFile
    }

    mutating func validate() -> Values? {
        var sources: [String: SettingOrigin] = [:]
        let url = check(.apiBaseURL, field: "api_base_url", into: &sources) { text in
            APIBaseURL.parse(text).mapError { ValueProblem("'\(text)' is not a valid API base URL: \($0.explanation)") }
        }
        let level = check(.logLevel, field: "log_level", into: &sources) { text in
            LogLevel(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem("'\(text)' is not a log level; use one of: \(LogLevel.choices)"))
        }
        let site = check(.defaultSite, field: "default_site", into: &sources) { text in
            SiteID(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem("'\(text)' is not a site id; a site id is M and two letters, such as MLA, MLB or MCO"))
        }
        let timeout = check(.httpTimeout, field: "http_timeout", into: &sources) { text in
            HTTPTimeout(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem("'\(text)' is not a timeout; give seconds as a positive number, such as 30 or 2.5"))
        }
        guard let url, let level, let site, let timeout else { return nil }
        return Values(apiBaseURL: url, logLevel: level, defaultSite: site, httpTimeout: timeout, sources: sources)
    }

    private mutating func check<T>(
        _ key: SettingKey, field: String, into sources: inout [String: SettingOrigin],
        _ parse: (String) -> Result<T, ValueProblem>
    ) -> T? {
        guard let setting = settings.first(where: { $0.key == key.name }) else {
            if reportedKeys.contains(key.name) { return nil }
            diagnostics.append(.error(
                "\(key.name) is not set; add '\(key.name) = ...' to this file, or #include \"Base.env\"", subject: rootFile))
            return nil
        }
        switch parse(setting.value) {
        case .success(let value):
            sources[field] = setting.origin
            return value
        case .failure(let problem):
            if let location = setting.valueLocation {
                diagnostics.append(.error(problem.message, at: location))
            } else {
                diagnostics.append(.error(problem.message, subject: "\(setting.origin) (process environment)"))
            }
            return nil
        }
    }
}

/// Why a value was refused, as one sentence for the diagnostic.
struct ValueProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
