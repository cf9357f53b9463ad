/// `env diff OTHER`: this environment against another, key by key, with where each side's value
/// comes from — what a reviewer of a configuration change, or a tester whose QA build behaves
/// unlike dev, wants to see first.
///
/// OTHER is an environment's name (`dev`, `qa`, `production`: its env file is found as that
/// binary would find it, from this binary's place) or an env file's path (anything holding a `/`
/// or ending in `.env`). Both sides see the same process environment, except that
/// `MELI_ENV_FILE` and `--env-file` choose this side's file only. Only the keys whose values
/// differ are listed; secrets are shown as <redacted> on both sides, though a differing secret is
/// listed. The exit status is 0 whether or not they differ (it is a report, not a check).
struct EnvDiffCommand: Command {
    static let json = JSONSelection.option(fields: EnvDiffReport.fields.names, help: .ProgramHelp.envDiffJSONHelp)
    static let other = Argument.required("other", values: .file, help: .ProgramHelp.envDiffOtherHelp).completing(.environments)

    static let spec = CommandSpec(
        name: "diff",
        summary: .ProgramHelp.envDiffSummary,
        discussion: .ProgramHelp.envDiffDiscussion,
        arguments: [other],
        options: [json],
        examples: ["$0 env diff dev", "$0 env diff production --json", "$0 env diff ./My.env"],
        pages: true,
        command: Self.self)

    var json: JSONSelection?
    var other: String

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
        other = arguments[Self.other]
    }

    func run(_ app: App) async throws {
        let otherEnvironment = try resolveOther(app)
        app.show(EnvDiffReport(this: app.environment, other: otherEnvironment, display: app.displayPath), json: json)
    }

    /// The other side, resolved as its binary would resolve it; its problems are this run's.
    private func resolveOther(_ app: App) throws -> Environment {
        let named = EnvironmentName.allCases.first { $0.rawValue == other }
        let isPath = other.contains("/") || other.hasSuffix(".env")
        guard named != nil || isPath else {
            throw UsageError(
                .Env.badEnvDiffOther(value: other, choices: EnvironmentName.allCases.map(\.rawValue).joined(separator: ", ")),
                suggestion: Suggestion.closest(to: other, in: EnvironmentName.allCases.map(\.rawValue)))
        }
        var processEnvironment = app.io.environment
        processEnvironment[Settings.envFile.name] = nil
        var resolver = EnvironmentResolver(
            name: named ?? app.environment.name, processEnvironment: processEnvironment,
            currentDirectory: app.io.currentDirectory, executablePath: app.io.executablePath)
        resolver.fileSystem = app.io.fileSystem
        // The other side's secrets are masked like this side's, in its problems and in the report.
        switch resolver.resolve(EnvironmentOverrides(envFile: named == nil ? other : nil)) {
        case .success(let environment):
            for secret in environment.secrets { app.redactor.add(secret) }
            return environment
        case .failure(let error):
            for secret in error.secrets { app.redactor.add(secret) }
            throw error
        }
    }
}

/// The settings that differ between two environments.
struct EnvDiffReport: Report {
    /// One key whose values differ; a side that does not set it has nil.
    struct Difference {
        var key: String
        var this: ResolvedSetting?
        var other: ResolvedSetting?
    }

    var this: Environment
    var other: Environment
    var display: @Sendable (String) -> String

    var differences: [Difference] {
        let theirs = Dictionary(other.settings.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        let ours = Set(this.settings.map(\.key))
        let mine = this.settings.compactMap { setting in
            setting.value == theirs[setting.key]?.value ? nil : Difference(key: setting.key, this: setting, other: theirs[setting.key])
        }
        return mine + other.settings.filter { !ours.contains($0.key) }.map { Difference(key: $0.key, this: nil, other: $0) }
    }

    /// How many keys both sides set to the same value.
    var sameCount: Int {
        let theirs = Dictionary(other.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        return this.settings.filter { theirs[$0.key] == $0.value }.count
    }

    static let fields = JSONFields<Difference>([
        ("key", { .string($0.key) }),
        ("this", { $0.this.map { .string(shown($0)) } ?? .null }),
        ("this_source", { $0.this.map { .string($0.origin.description) } ?? .null }),
        ("other", { $0.other.map { .string(shown($0)) } ?? .null }),
        ("other_source", { $0.other.map { .string($0.origin.description) } ?? .null }),
    ])

    /// A secret's value is never shown, on either side: a secret-named key's, or one worked out
    /// from a secret (a file given as OTHER may write `$(MELI_ACCESS_TOKEN:upper)`).
    static func shown(_ setting: ResolvedSetting) -> String {
        Redactor.shownValue(setting.value, secret: setting.isShownMasked)
    }

    private func side(_ environment: Environment) -> JSONValue {
        .object([
            ("name", .string(environment.name.rawValue)),
            ("env_file", .string(display(environment.envFile.path))),
        ])
    }

    func json() -> JSONValue {
        .object([
            ("this", side(this)), ("other", side(other)),
            ("differences", .array(differences.map { Self.fields.object($0) })),
            ("same", .number(Double(sameCount))),
        ])
    }

    var records: JSONRecords { .list(differences, Self.fields) }

    private var rows: [[String]] {
        differences.map { d in
            [d.key, d.this.map(Self.shown) ?? "", d.this?.origin.description ?? "", d.other.map(Self.shown) ?? "", d.other?.origin.description ?? ""]
        }
    }

    func terminal(_ view: ReportView) -> String {
        let unset = view.text(.Env.envDiffUnset)
        let header = [
            view.text(.Env.columnKey), "\(this.name.rawValue) (\(display(this.envFile.path)))", "",
            "\(other.name.rawValue) (\(display(other.envFile.path)))", "",
        ]
        let shownRows = differences.map { d in
            [d.key, d.this.map(Self.shown) ?? unset, d.this?.origin.description ?? "", d.other.map(Self.shown) ?? unset, d.other?.origin.description ?? ""]
        }
        let table = shownRows.isEmpty ? "" : Table([header] + shownRows).aligned() + "\n"
        return table + view.text(.Env.envDiffSummaryLine(differ: String(differences.count), same: String(sameCount))) + "\n"
    }

    func lines(_ view: ReportView) -> String { Table(rows).tabSeparated() }
}
