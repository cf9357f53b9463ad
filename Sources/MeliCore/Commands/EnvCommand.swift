/// `env [--json]`: the resolved environment, where every value came from, and the directories.
struct EnvCommand: Command {
    static let json = JSONSelection.option(fields: EnvReport.fieldNames, help: .envJSONHelp)

    static let spec = CommandSpec(
        name: "env",
        summary: .envSummary,
        discussion: .envDiscussion,
        options: [json],
        examples: ["$0 env", "$0 env --json", "MELI_LOG_LEVEL=trace $0 env", "$0 env --env-file ./My.env"],
        command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        app.show(EnvReport(environment: app.environment, redactor: app.redactor, language: app.language), json: json)
    }
}

/// The `env` command's content, in its three forms.
struct EnvReport: Report {
    var environment: Environment
    var redactor: Redactor
    var language: Language = .english

    /// Why this file was chosen, in the user's language.
    private var reason: String {
        switch environment.envFile.reason {
        case .flag: Message.reasonFlag.text(language)
        case .variable: Message.reasonVariable.text(language)
        case .installed: Message.reasonInstalled.text(language)
        case .repository: Message.reasonRepository.text(language)
        }
    }

    private var summaryRows: [[String]] {
        let e = environment
        return [
            ["name", e.name.rawValue, ""],
            ["binary", e.binary, ""],
            ["version", e.build.version, ""],
            ["commit", e.build.commit, ""],
        ] + EnvironmentField.allCases.map { [$0.rawValue, e.text(of: $0), e.sources[$0]?.description ?? ""] }
    }

    private var directoryRows: [[String]] {
        [["config", environment.directories.config], ["cache", environment.directories.cache], ["state", environment.directories.state]]
    }

    private func shown(_ setting: ResolvedSetting) -> String {
        SettingKey.isSecret(setting.key) ? Redactor.mask : redactor.redact(setting.value)
    }

    private func display(_ path: String) -> String {
        environment.displayPath(path)
    }

    /// For a terminal: sections with aligned columns.
    func text(style: TextStyle) -> String {
        var out = Table(summaryRows).aligned()
        out += "\n" + style.paint(Message.envFileLabel.text(language), bold: true) + ": \(display(environment.envFile.path)) (\(reason))\n"
        out += style.paint(Message.filesReadLabel.text(language), bold: true) + ":\n"
        out += Table(environment.files.enumerated().map { ["\($0.offset + 1).", display($0.element)] }).aligned(indent: 2, gap: 1)
        out += "\n" + style.paint(Message.directoriesLabel.text(language), bold: true) + ":\n" + Table(directoryRows).aligned(indent: 2)
        out += "\n" + style.paint(Message.settingsLabel.text(language), bold: true) + ":\n"
        out += Table(environment.settings.map { [$0.key, shown($0), $0.origin.description] }).aligned(indent: 2)
        return out
    }

    /// For a pipe: `field<TAB>value<TAB>source` lines.
    func table() -> Table {
        var rows = summaryRows
        rows.append(["env_file", display(environment.envFile.path), environment.envFile.reason.rawValue])
        rows += environment.files.map { ["file", display($0), ""] }
        rows += directoryRows.map { ["dirs.\($0[0])", $0[1], ""] }
        rows += environment.settings.map { ["settings.\($0.key)", shown($0), $0.origin.description] }
        return Table(rows)
    }

    func terminal(_ app: App) -> String { text(style: app.style) }
    func lines(_ app: App) -> String { table().tabSeparated() }

    /// The top-level fields of `env --json`, which `--json=FIELDS` may pick.
    static let fieldNames = [
        "name", "binary", "version", "commit", "build_date", EnvironmentField.apiBaseURL.rawValue, EnvironmentField.logLevel.rawValue,
        EnvironmentField.defaultSite.rawValue, EnvironmentField.httpTimeout.rawValue, EnvironmentField.cacheTTLCatalog.rawValue,
        EnvironmentField.cacheTTLSearch.rawValue, EnvironmentField.cacheTTLItem.rawValue, EnvironmentField.cacheMaxMB.rawValue,
        "env_file", "files", "sources", "dirs", "settings",
    ]

    var records: JSONRecords { JSONReport(json()).records }

    func json() -> JSONValue {
        let e = environment
        let sources = EnvironmentField.allCases.compactMap { field in
            e.sources[field].map { (field.rawValue, JSONValue.string($0.description)) }
        }
        return .object([
            ("name", .string(e.name.rawValue)),
            ("binary", .string(e.binary)),
            ("version", .string(e.build.version)),
            ("commit", .string(e.build.commit)),
            ("build_date", e.build.date.isEmpty ? .null : .string(e.build.date)),
            (EnvironmentField.apiBaseURL.rawValue, .string(e.apiBaseURL.description)),
            (EnvironmentField.logLevel.rawValue, .string(e.logLevel.rawValue)),
            (EnvironmentField.defaultSite.rawValue, .string(e.defaultSite.rawValue)),
            (EnvironmentField.httpTimeout.rawValue, .number(e.httpTimeout.seconds)),
            (EnvironmentField.cacheTTLCatalog.rawValue, .number(Double(e.cache.catalog.seconds))),
            (EnvironmentField.cacheTTLSearch.rawValue, .number(Double(e.cache.search.seconds))),
            (EnvironmentField.cacheTTLItem.rawValue, .number(Double(e.cache.item.seconds))),
            (EnvironmentField.cacheMaxMB.rawValue, .number(Double(e.cache.maxSize.megabytes))),
            ("env_file", .object([("path", .string(display(e.envFile.path))), ("reason", .string(e.envFile.reason.rawValue))])),
            ("files", .array(e.files.map { .string(display($0)) })),
            ("sources", .object(sources)),
            ("dirs", .object(directoryRows.map { ($0[0], .string($0[1])) })),
            ("settings", .object(e.settings.map { ($0.key, .string(shown($0))) })),
        ])
    }
}
