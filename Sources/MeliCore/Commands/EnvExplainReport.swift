/// `env --explain KEY`: how one setting got its value, step by step — every assignment in reading
/// order with the value it left (`$(inherited)` builds on the step before), then the process
/// environment variable or flag that overrides them, or the built-in default.
struct EnvExplainReport: Report {
    struct Step {
        var number: Int
        var source: String
        /// Nil where the value could not be worked out (the run's diagnostics say why).
        var value: String?
        /// The conditions that selected the assignment (`[env=dev]`), nil for a plain one.
        var condition: String?

        /// `Config/Base.env:5`, or `Config/Base.env:5 [env=dev]`.
        var sourceAndCondition: String { condition.map { "\(source) \($0)" } ?? source }
    }

    var key: String
    var steps: [Step]

    /// The steps of `key` in `app`'s environment; a usage error when nothing sets it.
    static func make(_ key: String, _ app: App) throws(UsageError) -> EnvExplainReport {
        // `log_level` (as env shows it) means MELI_LOG_LEVEL; `site`, the site commands use, is
        // MELI_DEFAULT_SITE's steps and then the saved site (`site ID`), which comes after the env
        // files and before MELI_DEFAULT_SITE in the process environment (App.currentSite).
        let isSite = key == "site"
        let name = isSite ? Settings.defaultSite.name : Settings.typed.first { $0.rules.row == key }?.key.name ?? key
        var resolver = EnvironmentResolver(
            name: app.environment.name, processEnvironment: app.io.environment,
            currentDirectory: app.io.currentDirectory, executablePath: app.io.executablePath)
        resolver.fileSystem = app.io.fileSystem
        let steps = resolver.explain(name, in: app.environment)
        guard !steps.isEmpty else {
            let rows = Settings.typed.map(\.rules.row) + ["site"]
            let known = Array(Set(app.environment.settings.map(\.key) + Settings.all.map(\.name) + rows)).sorted()
            throw UsageError(.Env.explainUnknownKey(key: key), commandPath: ["env"], suggestion: Suggestion.closest(to: name, in: known))
        }
        // A secret-named key's steps, and every step worked out from a secret, are masked whole.
        let secret = SettingKey.isSecret(name)
        var shown = steps.enumerated().map { index, step in
            Step(
                number: index + 1, source: step.origin.description,
                value: step.value.map { app.redactor.redact(Redactor.shownValue($0, secret: secret || step.isSecret)) }, condition: step.condition)
        }
        if isSite, let saved = app.savedSite() {
            let fromVariable: Bool
            if case .environment? = app.environment.origin(of: Settings.defaultSite) { fromVariable = true } else { fromVariable = false }
            let step = Step(number: 0, source: app.displayPath(app.savedSitePath), value: saved.rawValue)
            shown.insert(step, at: fromVariable ? shown.count - 1 : shown.count)
            for index in shown.indices { shown[index].number = index + 1 }
        }
        return EnvExplainReport(key: isSite ? key : name, steps: shown)
    }

    static let fields = JSONFields<Step>([
        ("source", { .string($0.source) }), ("value", { $0.value.map(JSONValue.string) ?? .null }),
        ("condition", { $0.condition.map(JSONValue.string) ?? .null }),
    ])

    var final: Step { steps[steps.count - 1] }

    func json() -> JSONValue {
        .object([
            ("key", .string(key)), ("value", final.value.map(JSONValue.string) ?? .null), ("source", .string(final.source)),
            ("steps", .array(steps.map { Self.fields.object($0) })),
        ])
    }

    var records: JSONRecords { .list(steps, Self.fields) }

    func terminal(_ view: ReportView) -> String {
        let failed = view.text(.Env.explainFailed)
        let head = "\(key) = \(final.value ?? failed)  (\(final.sourceAndCondition))\n" + view.text(.Env.explainSteps) + "\n"
        return head + Table(steps.map { ["\($0.number).", $0.sourceAndCondition, $0.value ?? failed] }).aligned(indent: 2)
    }

    func lines(_ view: ReportView) -> String {
        Table(steps.map { [String($0.number), $0.sourceAndCondition, $0.value ?? ""] }).tabSeparated()
    }
}
