/// What the command line says about the environment: the file `--env-file` names, and what the
/// settings' own flags (`Settings.flags`) were given: the highest layer, over the process
/// environment and the files.
package struct EnvironmentOverrides: Sendable {
    package var envFile: String?
    /// The texts each flag was given, by long name (one empty text per time for a flag or
    /// counter), as the parser recorded them (`ParsedArguments.options`).
    package var options: [String: [String]]

    package init(envFile: String? = nil, options: [String: [String]] = [:]) {
        self.envFile = envFile
        self.options = options
    }
}

/// Builds the `Environment` from layers, highest first: command-line flags (each typed setting's
/// own, `Settings`), process environment variables (`MELI_*` of the same name), and the
/// environment file with its includes. Adding a setting never touches it.
package struct EnvironmentResolver: Sendable {
    package var name: EnvironmentName
    package var processEnvironment: [String: String]
    package var currentDirectory: String
    package var executablePath: String?
    package var build: BuildInfo = .current
    /// Where the environment files are looked for and read.
    package var fileSystem: FileSystem = .local

    package init(name: EnvironmentName, processEnvironment: [String: String], currentDirectory: String, executablePath: String?) {
        self.name = name
        self.processEnvironment = processEnvironment
        self.currentDirectory = currentDirectory
        self.executablePath = executablePath
    }

    package var binary: String { name.binary }

    package func resolve(_ overrides: EnvironmentOverrides) -> Result<Environment, ConfigurationError> {
        switch resolution(overrides) {
        case .success(let environment): .success(environment)
        case .failure(let error): .failure(error)
        }
    }

    /// `resolve`'s answer in a type of its own: in `Runner`'s async frame, a
    /// `Result<Environment, ConfigurationError>` was copied through its metadata, which the runtime
    /// made by checking `ConfigurationError: Error` against every conformance (~100K instructions).
    package enum Resolution {
        case success(Environment)
        case failure(ConfigurationError)
    }

    package func resolution(_ overrides: EnvironmentOverrides) -> Resolution {
        let locator = EnvFileLocator(
            name: name, binary: binary, executablePath: executablePath, currentDirectory: currentDirectory, fileSystem: fileSystem)
        let choice: EnvFileChoice
        switch locator.locate(flag: overrides.envFile, environment: processEnvironment) {
        case .success(let found): choice = found
        case .failure(let error): return .failure(error)
        }
        // Paths as the user gave them: relative only when the file was named relative (or found in the checkout).
        let relative = choice.showsPathsRelative
        let display: @Sendable (String) -> String = { [currentDirectory] in relative ? PathName.display($0, relativeTo: currentDirectory) : $0 }
        let directories = AppDirectories.resolve(binary: binary, environment: processEnvironment)
        // The user's own overrides, read after the files; an installed version's is moved out of it once.
        let local = LocalEnvFile(binary: binary, configDirectory: directories?.config, executablePath: executablePath, fileSystem: fileSystem)
        var localFiles = local.files(after: choice)
        var notes: [Diagnostic] = []
        if let migration = local.migrate() {
            notes.append(migration.diagnostic(display: display))
            if case .failed(let from, _, _) = migration { localFiles[0] = from }
        }
        let loaded = EnvFileLoader(displayPath: display, fileSystem: fileSystem).load(choice.path, localFiles: localFiles)
        var diagnostics = notes + loaded.diagnostics
        if loaded.files.isEmpty { return .failure(ConfigurationError(diagnostics: diagnostics)) }

        let conditions = ConditionValues(environment: name.rawValue, binary: binary)
        var resolver = SettingsResolver(
            assignments: loaded.assignments, overrides: environmentOverrides(assigned: Set(loaded.assignments.map(\.key))),
            processEnvironment: processEnvironment, conditions: conditions)
        let settings = resolver.resolveAll()
        diagnostics += resolver.diagnostics
        diagnostics += unknownKeyWarnings(loaded.assignments)

        var validator = SettingsValidator(
            settings: settings, reportedKeys: loaded.brokenKeys.union(loaded.assignments.filter { conditions.matches($0.conditions) }.map(\.key)), rootFile: display(choice.path),
            includeFailed: loaded.unreadIncludes > 0)
        let values = validator.validate()
        diagnostics += validator.diagnostics
        // Limited before they are sorted: a line of 200,000 bad escapes is 200,000 problems.
        diagnostics = Self.sorted(diagnostics.limitedPerFile(), files: loaded.files.map(display))
        let secrets = Self.secrets(in: loaded, settings: settings, processEnvironment: processEnvironment)
        guard let directories else {
            diagnostics.append(.error(.Configuration.noHome(binary: binary), subject: .verbatim(binary)))
            return .failure(ConfigurationError(diagnostics: diagnostics, secrets: secrets))
        }
        guard !diagnostics.containsErrors, let values else {
            return .failure(ConfigurationError(diagnostics: diagnostics, secrets: secrets))
        }

        let (typed, sources) = Self.applying(overrides.options, to: values)
        return .success(Environment(
            name: name, binary: binary, build: build, values: typed, envFile: choice, files: loaded.files,
            settings: settings, sources: sources, directories: directories, warnings: diagnostics,
            currentDirectory: currentDirectory, secrets: secrets, localFiles: localFiles, relativePaths: relative))
    }

    /// The highest layer: each typed setting's flags, in their order, over the value below them.
    static func applying(_ options: [String: [String]], to validated: SettingsValidator.Values) -> ([String: any Sendable], [String: SettingOrigin]) {
        var (values, sources) = (validated.values, validated.sources)
        for (key, rules) in Settings.typed {
            for flag in rules.flags {
                guard let texts = options[flag.long], !texts.isEmpty, let below = values[key.name], let value = flag.apply(texts, below) else { continue }
                values[key.name] = value
                sources[key.name] = flag.origin
            }
        }
        return (values, sources)
    }

    /// The secrets a failed resolution may quote: the text of every line assigning a secret, the
    /// secret values worked out (a secret-named key's, and every value worked out from one) and
    /// those of the process environment, and the user information (`user:password`) of any base
    /// URL, which is refused but quoted in the refusal.
    static func secrets(in loaded: LoadedEnvFile, settings: [ResolvedSetting], processEnvironment: [String: String]) -> [String] {
        var secrets = loaded.secretTexts
        secrets += settings.filter(\.isSecret).map(\.value)
        for (key, value) in processEnvironment where SettingKey.isSecret(key) { secrets.append(value) }
        let urls = settings.filter { $0.key == Settings.apiBaseURL.name }.map(\.value) + [processEnvironment[Settings.apiBaseURL.name]].compactMap { $0 }
        secrets += urls.compactMap(APIBaseURL.userInfo)
        return secrets
    }

    /// In reading order: by file as first read, then line and column; those without a place last.
    static func sorted(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        // Each key worked out once, not at every comparison: a file can hold 200,000 problems.
        var fileIndex: [String: Int] = [:]
        for (index, file) in files.enumerated() where fileIndex[file] == nil { fileIndex[file] = index }
        let keys = diagnostics.enumerated().map { offset, d in
            guard let l = d.location else { return (Int.max, 0, 0, offset) }
            return (fileIndex[l.path] ?? files.count, l.line, l.column, offset)
        }
        return keys.sorted { $0 < $1 }.map { diagnostics[$0.3] }
    }

    /// `MELI_*` process environment variables that replace a file setting: a known key, or any key a file assigns.
    /// How `key` got its value in `environment` (resolved by this resolver): every assignment in
    /// reading order with the value after it, then an overriding variable or flag. Reads the files
    /// again: only `env --explain` asks.
    package func explain(_ key: String, in environment: Environment) -> [ExplainStep] {
        let loaded = EnvFileLoader(displayPath: environment.displayPath, fileSystem: fileSystem)
            .load(environment.envFile.path, localFiles: environment.localFiles)
        var resolver = SettingsResolver(
            assignments: loaded.assignments, overrides: environmentOverrides(assigned: Set(loaded.assignments.map(\.key))),
            processEnvironment: processEnvironment, conditions: ConditionValues(environment: name.rawValue, binary: binary))
        var steps = resolver.explain(key)
        // A key read only from the process environment (MELI_ACCESS_TOKEN, MELI_CLIENT_SECRET): its
        // variable is its one source (the report masks a secret's value).
        if steps.isEmpty, let value = processEnvironment[key],
           Settings.keys(readBy: name).contains(where: { $0.name == key && $0.place == .environmentOnly }) {
            steps.append(ExplainStep(origin: .environment(key), value: value, condition: nil, isSecret: SettingKey.isSecret(key)))
        }
        // A flag (--log-level, -v, -q) has the last word on a typed value; with nothing set, the default.
        if let typed = Settings.typed.first(where: { $0.key.name == key })?.key, let origin = environment.sources[key] {
            switch origin {
            case .flag: steps.append(ExplainStep(origin: origin, value: environment.text(of: typed), condition: nil, isSecret: false))
            case .builtIn where steps.isEmpty:
                steps.append(ExplainStep(origin: origin, value: environment.text(of: typed), condition: nil, isSecret: false))
            default: break
            }
        }
        return steps
    }

    private func environmentOverrides(assigned: Set<String>) -> [String: (value: String, origin: SettingOrigin)] {
        // Another binary's feed key is not this binary's setting: ignored, unless a file assigns it.
        let fileKeys = Set(Settings.keys(readBy: name).filter { $0.place == .fileOrEnvironment }.map(\.name)).union(assigned)
        var overrides: [String: (value: String, origin: SettingOrigin)] = [:]
        for (name, value) in processEnvironment where name.hasPrefix(SettingKey.namespacePrefix) && fileKeys.contains(name) {
            overrides[name] = (value, .environment(name))
        }
        return overrides
    }

    private func unknownKeyWarnings(_ assignments: [Assignment]) -> [Diagnostic] {
        // Its own feed key too, for a row the binary was not built with (tests run one).
        let known = Settings.all.map(\.name) + [name.updateFeedKey]
        var seen: Set<String> = []
        var suggested: [String: Int] = [:]
        var warnings: [Diagnostic] = []
        let feedKey = name.updateFeedKey
        if processEnvironment[SettingKey.retiredUpdateFeedURL] != nil {
            warnings.append(.warning(.Configuration.retiredFeedKey(retired: SettingKey.retiredUpdateFeedURL, key: feedKey), subject: .verbatim(SettingKey.retiredUpdateFeedURL)))
        }
        for assignment in assignments where assignment.key.hasPrefix(SettingKey.namespacePrefix) {
            if assignment.key == SettingKey.retiredUpdateFeedURL {
                warnings.append(.warning(.Configuration.retiredFeedKey(retired: assignment.key, key: feedKey), at: assignment.keyLocation))
                continue
            }
            if Settings.all.contains(where: { $0.name == assignment.key && $0.place == .environmentOnly }) {
                warnings.append(.warning(.Configuration.environmentOnlyKey(key: assignment.key), at: assignment.keyLocation))
                continue
            }
            guard !known.contains(assignment.key), seen.insert(assignment.key).inserted else { continue }
            // Past the diagnostics a file shows, no suggestion is looked for: it would not be
            // shown (100,000 unknown keys took 7.5 s, most of it finding the nearest known key).
            suggested[assignment.keyLocation.path, default: 0] += 1
            if suggested[assignment.keyLocation.path, default: 0] <= EnvFileLimits.maximumDiagnosticsPerFile,
               let suggestion = Suggestion.closest(to: assignment.key, in: known) {
                warnings.append(.warning(.Configuration.unknownKeySuggestion(key: assignment.key, suggestion: suggestion), at: assignment.keyLocation))
            } else {
                warnings.append(.warning(.Configuration.unknownKey(key: assignment.key), at: assignment.keyLocation))
            }
        }
        return warnings
    }
}
