/// Checks the settings meli needs and turns them into typed values, pointing each problem at the
/// file and line its value came from (or the environment variable that gave it).
struct SettingsValidator {
    struct Values {
        var apiBaseURL: APIBaseURL
        var logLevel: LogLevel
        var defaultSite: SiteID
        var httpTimeout: HTTPTimeout
        var cache: CacheSettings
        var sources: [EnvironmentField: SettingOrigin]
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
        var sources: [EnvironmentField: SettingOrigin] = [:]
        let url = check(.apiBaseURL, field: .apiBaseURL, into: &sources) { text in
            APIBaseURL.parse(text).mapError { ValueProblem(Message.badBaseURL(value: text, problem: $0.explanation)) }
        }
        let level = check(.logLevel, field: .logLevel, into: &sources) { text in
            LogLevel(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem(.badLogLevel(value: text, choices: LogLevel.choices)))
        }
        let site = check(.defaultSite, field: .defaultSite, into: &sources) { text in
            SiteID(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem(.badSiteID(value: text)))
        }
        let timeout = check(.httpTimeout, field: .httpTimeout, into: &sources) { text in
            HTTPTimeout(parsing: text).map { .success($0) }
                ?? .failure(ValueProblem(.badTimeout(value: text)))
        }
        func lifetime(_ key: SettingKey, _ field: EnvironmentField) -> CacheLifetime? {
            check(key, field: field, into: &sources) { text in
                CacheLifetime(parsing: text).map { .success($0) } ?? .failure(ValueProblem(.badCacheTTL(value: text)))
            }
        }
        let catalog = lifetime(.cacheTTLCatalog, .cacheTTLCatalog)
        let search = lifetime(.cacheTTLSearch, .cacheTTLSearch)
        let item = lifetime(.cacheTTLItem, .cacheTTLItem)
        let size = check(.cacheMaxMB, field: .cacheMaxMB, into: &sources) { text in
            CacheSize(parsing: text).map { .success($0) } ?? .failure(ValueProblem(.badCacheSize(value: text)))
        }
        checkUpdateKeys()
        guard let url, let level, let site, let timeout, let catalog, let search, let item, let size else { return nil }
        return Values(
            apiBaseURL: url, logLevel: level, defaultSite: site, httpTimeout: timeout,
            cache: CacheSettings(catalog: catalog, search: search, item: item, maxSize: size), sources: sources)
    }

    private mutating func check<T>(
        _ key: SettingKey, field: EnvironmentField, into sources: inout [EnvironmentField: SettingOrigin],
        _ parse: (String) -> Result<T, ValueProblem>
    ) -> T? {
        guard let setting = settings.first(where: { $0.key == key.name }) else {
            if reportedKeys.contains(key.name) { return nil }
            if let fallback = key.defaultValue, case .success(let value) = parse(fallback) {
                sources[field] = .builtIn
                return value
            }
            diagnostics.append(.error(.keyNotSet(key: key.name), subject: .verbatim(rootFile)))
            return nil
        }
        switch parse(setting.value) {
        case .success(let value):
            sources[field] = setting.origin
            return value
        case .failure(let problem):
            report(problem, in: setting)
            return nil
        }
    }

    /// MELI_UPDATE_KEYS: every word a base64 Ed25519 public key. A word that was not one was
    /// dropped, so a mistyped key left the binary trusting no key, and installing unsigned builds.
    /// A key of small order (`AQAA…AAA=`) or not canonical passed, and a fixed signature then
    /// verified any package (attack report): refused too, as `Ed25519.weakness` says.
    private mutating func checkUpdateKeys() {
        guard let setting = settings.first(where: { $0.key == SettingKey.updateKeys.name }) else { return }
        for word in SigningKeys.words(of: setting.value) {
            let value = String(word.prefix(60))
            let problem: Message
            switch SigningKeys.decode(String(word)).map(Ed25519.weakness(ofPoint:)) ?? .length {
            case nil: continue
            case .length: problem = .badUpdateKey(value: value)
            case .smallOrder: problem = .weakUpdateKey(value: value, smallOrder: true)
            case .notCanonical: problem = .weakUpdateKey(value: value, smallOrder: false)
            }
            report(ValueProblem(problem), in: setting)
            return
        }
    }

    /// A value worked out from a secret is not quoted, nor is anything the problem says about it
    /// (a URL's scheme or host): only the key is named.
    private mutating func report(_ problem: ValueProblem, in setting: ResolvedSetting) {
        let problem = setting.isSecret ? ValueProblem(.badSecretDerivedValue(key: setting.key)) : problem
        if let location = setting.valueLocation {
            diagnostics.append(Diagnostic(.error, problem.message, at: location))
        } else {
            diagnostics.append(Diagnostic(.error, problem.message, subject: Message.processEnvironment(origin: setting.origin.description)))
        }
    }
}

/// Why a value was refused, as one sentence for the diagnostic.
struct ValueProblem: Error {
    var message: Message
    init(_ message: Message) { self.message = message }
}
