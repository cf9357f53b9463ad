/// `env [--json] [--site ID]`: the resolved environment, where every value came from, the site a
/// command would use (which the saved site or `--site` can make other than `default_site`), and
/// the directories.
struct EnvCommand: Command {
    static let json = JSONSelection.option(fields: EnvReport.fields.names, help: .ProgramHelp.envJSONHelp)
    static let site = SiteOption.option(help: .ProgramHelp.envSiteHelp)
    static let explain = Option<String>("explain", placeholder: "key", help: .ProgramHelp.envExplainHelp).completing(.settings)

    static let spec = CommandSpec(
        name: "env",
        summary: .ProgramHelp.envSummary,
        discussion: .ProgramHelp.envDiscussion,
        options: [json, site, explain],
        subcommands: [.init("diff", EnvDiffCommand.spec)],
        examples: ["$0 env", "$0 env --json", "MELI_LOG_LEVEL=trace $0 env", "$0 env --env-file ./My.env", "$0 env --json=site,sources", "$0 env --explain MELI_LOG_LEVEL", "$0 env diff dev"],
        pages: true,
        command: Self.self)

    var json: JSONSelection?
    var site: SiteID?
    var explain: String?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
        site = arguments[Self.site]
        explain = arguments[Self.explain]
    }

    func run(_ app: App) async throws {
        if let explain {
            // --json's fields are env's; with --explain the whole explanation is printed.
            app.show(try EnvExplainReport.make(explain, app), json: json == nil ? nil : .everything)
            return
        }
        let site = app.currentSite(flag: site)
        app.show(EnvReport(
            environment: app.environment, site: site.site, siteOrigin: site.origin, siteOriginPath: app.scriptPath(site.origin),
            redactor: app.redactor, language: app.language), json: json)
    }
}

/// The `env` command's content, in its three forms.
struct EnvReport: Report {
    var environment: Environment
    /// The site commands use and where that came from (`App.currentSite`): `--site`,
    /// `MELI_DEFAULT_SITE`, the saved site's file, or the env file's `default_site`.
    var site: SiteID
    var siteOrigin: String
    /// `siteOrigin` for scripts (piped lines, JSON): the saved site's file as an absolute path,
    /// never `~/...`, which a script cannot open.
    var siteOriginPath: String
    var redactor: Redactor
    var language: Language = .english

    /// Why this file was chosen, in the user's language.
    private var reason: String {
        switch environment.envFile.reason {
        case .flag: Message.Env.reasonFlag.text(language)
        case .variable: Message.Env.reasonVariable.text(language)
        case .installed: Message.Env.reasonInstalled.text(language)
        case .repository: Message.Env.reasonRepository.text(language)
        }
    }

    private var summaryRows: [[String]] { summaryRows(siteOrigin: siteOrigin) }

    private func summaryRows(siteOrigin: String) -> [[String]] {
        let e = environment
        return [
            ["name", e.name.rawValue, ""],
            ["binary", e.binary, ""],
            ["version", e.build.version, ""],
            ["commit", e.build.commit, ""],
        ] + Settings.typed.flatMap { key, rules in
            let row = [rules.row, e.isSecret(key) ? Redactor.mask : e.text(of: key), e.sources[key.name]?.description ?? ""]
            return key == Settings.defaultSite.key ? [row, ["site", site.rawValue, siteOrigin]] : [row]
        }
    }

    /// The settings as resolved, with what a flag (`-q`, `--log-level`, `--timeout`) set in place
    /// of the value below it: the value the run uses, and the flag as its origin.
    private var settings: [ResolvedSetting] {
        var overridden: [String: ResolvedSetting] = [:]
        for (key, _) in Settings.typed {
            guard let origin = environment.sources[key.name], case .flag = origin else { continue }
            overridden[key.name] = ResolvedSetting(key: key.name, value: environment.text(of: key), origin: origin, valueLocation: nil)
        }
        let listed = Set(environment.settings.map(\.key))
        return environment.settings.map { overridden[$0.key] ?? $0 }
            + Settings.typed.compactMap { overridden[$0.key.name] }.filter { !listed.contains($0.key) }
    }

    private var directoryRows: [[String]] {
        [["config", environment.directories.config], ["cache", environment.directories.cache], ["state", environment.directories.state]]
    }

    /// A secret (a secret-named key's value, or one worked out from a secret) is masked whole; an
    /// address's user information as one address's (a password with a space in it too).
    private func shown(_ setting: ResolvedSetting) -> String {
        redactor.redact(Redactor.shownValue(setting.value, secret: setting.isShownMasked))
    }

    private func display(_ path: String) -> String {
        environment.displayPath(path)
    }

    /// For a terminal: sections with aligned columns.
    func text(style: TextStyle) -> String {
        var out = Table(summaryRows).aligned()
        out += "\n" + style.paint(Message.Env.envFileLabel.text(language), bold: true) + ": \(display(environment.envFile.path)) (\(reason))\n"
        out += style.paint(Message.Env.filesReadLabel.text(language), bold: true) + ":\n"
        out += Table(environment.files.enumerated().map { ["\($0.offset + 1).", display($0.element)] }).aligned(indent: 2, gap: 1)
        out += "\n" + style.paint(Message.Env.directoriesLabel.text(language), bold: true) + ":\n" + Table(directoryRows).aligned(indent: 2)
        out += "\n" + style.paint(Message.Env.settingsLabel.text(language), bold: true) + ":\n"
        out += Table(settings.map { [$0.key, shown($0), $0.origin.description] }).aligned(indent: 2)
        return out
    }

    /// For a pipe: `field<TAB>value<TAB>source` lines.
    func table() -> Table {
        var rows = summaryRows(siteOrigin: siteOriginPath)
        rows.append(["env_file", display(environment.envFile.path), environment.envFile.reason.rawValue])
        rows += environment.files.map { ["file", display($0), ""] }
        rows += directoryRows.map { ["dirs.\($0[0])", $0[1], ""] }
        rows += settings.map { ["settings.\($0.key)", shown($0), $0.origin.description] }
        return Table(rows)
    }

    func terminal(_ view: ReportView) -> String { text(style: view.style) }
    func lines(_ view: ReportView) -> String { table().tabSeparated() }

    /// The top-level fields of `env --json`, declared once: the JSON object is built from them, and
    /// `--json=FIELDS` picks among them (checked while parsing, before the environment exists).
    static let fields = JSONFields<EnvReport>(buildFields + Settings.typed.map(settingField) + [siteField] + originFields)

    private static let siteField: JSONFields<EnvReport>.Field = ("site", { .string($0.site.rawValue) })

    private static let buildFields: [JSONFields<EnvReport>.Field] = [
        ("name", { .string($0.environment.name.rawValue) }),
        ("binary", { .string($0.environment.binary) }),
        ("version", { .string($0.environment.build.version) }),
        ("commit", { .string($0.environment.build.commit) }),
        ("build_date", { $0.environment.build.date.isEmpty ? .null : .string($0.environment.build.date) }),
    ]

    private static func settingField(_ key: SettingKey, _ rules: TypedSetting) -> JSONFields<EnvReport>.Field {
        (rules.row, { $0.environment.isSecret(key) ? .string(Redactor.mask) : $0.environment.json(of: key) })
    }

    /// Where the values came from: the file chosen, the files read, each value's source, the directories.
    private static let originFields: [JSONFields<EnvReport>.Field] = [
        ("env_file", { report in
            .object([
                ("path", .string(report.display(report.environment.envFile.path))),
                ("reason", .string(report.environment.envFile.reason.rawValue)),
            ])
        }),
        ("files", { report in .array(report.environment.files.map { .string(report.display($0)) }) }),
        ("sources", { report in
            .object(Settings.typed.compactMap { key, rules in
                report.environment.sources[key.name].map { (rules.row, JSONValue.string($0.description)) }
            } + [("site", .string(report.siteOriginPath))])
        }),
        ("dirs", { report in .object(report.directoryRows.map { ($0[0], .string($0[1])) }) }),
        ("settings", { report in .object(report.settings.map { ($0.key, .string(report.shown($0))) }) }),
    ]

    var records: JSONRecords { .one(self, Self.fields) }

    func json() -> JSONValue { Self.fields.object(self) }
}
