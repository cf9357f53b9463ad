/// Checks the settings meli reads (`Settings.all`) and turns the typed ones into their values,
/// pointing each problem at the file and line its value came from (or the environment variable
/// that gave it).
struct SettingsValidator {
    /// Every typed setting's value and where it came from, by key name.
    struct Values {
        var values: [String: any Sendable] = [:]
        var sources: [String: SettingOrigin] = [:]
    }

    let settings: [ResolvedSetting]
    /// Keys some file assigns: when such a key has no value, its problem was already reported.
    let reportedKeys: Set<String>
    /// The top-level environment file, named when a required key is missing altogether.
    let rootFile: String
    /// An `#include` could not be read (already reported): a required key missing is likely in it,
    /// so it is not reported too (it would say to add the `#include` the file already has).
    let includeFailed: Bool
    private(set) var diagnostics: [Diagnostic] = []

    init(settings: [ResolvedSetting], reportedKeys: Set<String>, rootFile: String, includeFailed: Bool = false) {
        self.settings = settings
        self.reportedKeys = reportedKeys
        self.rootFile = rootFile
        self.includeFailed = includeFailed
    }

    /// Every typed value, or nil when one is missing or refused (the diagnostics say why).
    mutating func validate() -> Values? {
        var values = Values()
        var complete = true
        for key in Settings.all {
            if let typed = key.typed {
                guard let (value, origin) = check(key, typed) else {
                    complete = false
                    continue
                }
                values.values[key.name] = value
                values.sources[key.name] = origin
            } else if let check = key.check, let setting = setting(key), let problem = check(setting.value) {
                report(ValueProblem(problem), in: setting)
            }
        }
        return complete ? values : nil
    }

    private func setting(_ key: SettingKey) -> ResolvedSetting? {
        settings.first { $0.key == key.name }
    }

    /// A typed setting's value and origin: from the files or the process environment, else its
    /// default; nil when it is refused or missing.
    private mutating func check(_ key: SettingKey, _ typed: TypedSetting) -> (any Sendable, SettingOrigin)? {
        guard let setting = setting(key) else {
            if reportedKeys.contains(key.name) || includeFailed { return nil }
            if let fallback = key.defaultValue, case .success(let value) = typed.parse(fallback) {
                return (value, .builtIn)
            }
            diagnostics.append(.error(.Configuration.keyNotSet(key: key.name), subject: .verbatim(rootFile)))
            return nil
        }
        switch typed.parse(setting.value) {
        case .success(let value):
            return (value, setting.origin)
        case .failure(let problem):
            report(problem, in: setting)
            return nil
        }
    }

    /// A value worked out from a secret is not quoted, nor is anything the problem says about it
    /// (a URL's scheme or host): only the key is named.
    private mutating func report(_ problem: ValueProblem, in setting: ResolvedSetting) {
        let problem = setting.isSecret ? ValueProblem(.Configuration.badSecretDerivedValue(key: setting.key)) : problem
        if let location = setting.valueLocation {
            diagnostics.append(Diagnostic(.error, problem.message, at: location))
        } else {
            diagnostics.append(Diagnostic(.error, problem.message, subject: Message.Reporting.processEnvironment(origin: setting.origin.description)))
        }
    }
}
