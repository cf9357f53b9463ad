import Testing
@testable import MeliCore

/// Precedence, validation and file discovery, on real files in a temporary directory.
@Suite("Environment resolution")
struct EnvironmentResolverTests {
    static let base = """
        MELI_API_BASE_URL = https://api.mercadolibre.com
        MELI_LOG_LEVEL = warning
        MELI_DEFAULT_SITE = MLA
        MELI_HTTP_TIMEOUT = 30

        """

    let dir: TemporaryDirectory

    init() throws {
        dir = try TemporaryDirectory()
        try dir.write("Config/Base.env", Self.base)
        try dir.write("Config/QA.env", "#include \"Base.env\"\nMELI_LOG_LEVEL = info\n")
    }

    func resolver(_ environment: [String: String] = [:], executable: String? = nil) -> EnvironmentResolver {
        EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": dir.path + "/home"].merging(environment) { $1 },
            currentDirectory: dir.path, executablePath: executable)
    }

    func resolve(_ environment: [String: String] = [:], _ overrides: EnvironmentOverrides = .init(envFile: "Config/QA.env")) throws -> Environment {
        try resolver(environment).resolve(overrides).get()
    }

    func problems(_ environment: [String: String] = [:], _ overrides: EnvironmentOverrides = .init(envFile: "Config/QA.env")) -> [Diagnostic] {
        guard case .failure(let error) = resolver(environment).resolve(overrides) else { return [] }
        return error.diagnostics
    }

    @Test func fileValuesWithTheirOrigins() throws {
        let env = try resolve()
        #expect(env.logLevel == .info)
        #expect(env.apiBaseURL == .http("https://api.mercadolibre.com"))
        #expect(env.defaultSite.rawValue == "MLA")
        #expect(env.httpTimeout.seconds == 30)
        #expect(env.origin(of: Settings.logLevel)?.description == "Config/QA.env:2")
        #expect(env.origin(of: Settings.defaultSite)?.description == "Config/Base.env:3")
        #expect(env.files.map(env.displayPath) == ["Config/QA.env", "Config/Base.env"])
    }

    @Test func processEnvironmentBeatsTheFile() throws {
        let env = try resolve(["MELI_LOG_LEVEL": "trace", "MELI_DEFAULT_SITE": "mco"])
        #expect(env.logLevel == .trace)
        #expect(env.origin(of: Settings.logLevel)?.description == "MELI_LOG_LEVEL")
        #expect(env.defaultSite.rawValue == "MCO")
    }

    @Test func flagsBeatTheProcessEnvironment() throws {
        let env = try resolve(["MELI_LOG_LEVEL": "trace"], .init(envFile: "Config/QA.env", options: ["log-level": ["error"]]))
        #expect(env.logLevel == .error)
        #expect(env.origin(of: Settings.logLevel)?.description == "--log-level")
    }

    @Test func timeoutFlagBeatsTheVariableAndTheFile() throws {
        let env = try resolve(["MELI_HTTP_TIMEOUT": "7"], .init(envFile: "Config/QA.env", options: ["timeout": ["2.5"]]))
        #expect(env.httpTimeout.seconds == 2.5)
        #expect(env.origin(of: Settings.httpTimeout)?.description == "--timeout")
    }

    @Test(arguments: [(0, LogLevel.info), (1, .debug), (2, .trace), (5, .trace)])
    func verboseStepsFromTheResolvedLevel(count: Int, expected: LogLevel) throws {
        let env = try resolve([:], .init(envFile: "Config/QA.env", options: ["verbose": Array(repeating: "", count: count)]))
        #expect(env.logLevel == expected)
    }

    /// From warning (production's level, Base.env here), -v is info (each request) and each further -v one level more:
    /// -vv was info too, so the README's "retries are logged at debug (-vv)" did not hold for meli
    /// (new-user report).
    @Test(arguments: [(0, LogLevel.warning), (1, .info), (2, .debug), (3, .trace), (5, .trace)])
    func verboseStepsFromInfoInProduction(count: Int, expected: LogLevel) throws {
        let env = try resolve([:], .init(envFile: "Config/Base.env", options: ["verbose": Array(repeating: "", count: count)]))
        #expect(env.logLevel == expected)
    }

    @Test func quietLogsErrorsOnly() throws {
        let env = try resolve([:], .init(envFile: "Config/QA.env", options: ["quiet": [""]]))
        #expect(env.logLevel == .error)
        #expect(env.origin(of: Settings.logLevel)?.description == "--quiet")
    }

    @Test func envFileVariableIsUsedWithoutAFlag() throws {
        try dir.write("Other.env", "#include \"Config/Base.env\"\nMELI_DEFAULT_SITE = MLB\n")
        let env = try resolve(["MELI_ENV_FILE": "Other.env"], .init())
        #expect(env.defaultSite.rawValue == "MLB")
        #expect(env.envFile.reason == .variable)
    }

    @Test func flagBeatsEnvFileVariable() throws {
        try dir.write("Other.env", "#include \"Config/Base.env\"\nMELI_DEFAULT_SITE = MLB\n")
        let env = try resolve(["MELI_ENV_FILE": "Other.env"], .init(envFile: "Config/QA.env"))
        #expect(env.defaultSite.rawValue == "MLA")
        #expect(env.envFile.reason == .flag)
    }

    @Test func badValuesPointAtTheirFileAndLine() throws {
        try dir.write("Bad.env", """
            #include "Config/Base.env"
            MELI_API_BASE_URL = http://example.com
            MELI_LOG_LEVEL = loud
            MELI_DEFAULT_SITE = Argentina
            MELI_HTTP_TIMEOUT = -3

            """)
        let found = problems([:], .init(envFile: "Bad.env"))
        #expect(found.map { $0.location.map { "\($0)" } } == ["Bad.env:2:21", "Bad.env:3:18", "Bad.env:4:21", "Bad.env:5:21"])
    }

    @Test func badProcessEnvironmentValueNamesTheVariable() {
        let found = problems(["MELI_HTTP_TIMEOUT": "soon"])
        #expect(found == [.error(.Configuration.badTimeout(value: "soon"), subject: .Reporting.processEnvironment(origin: "MELI_HTTP_TIMEOUT"))])
    }

    /// A key that is not one was dropped, so a mistyped MELI_UPDATE_KEYS left the binary trusting
    /// no key and installing unsigned builds, with no word of it (attack report).
    @Test(arguments: [
        ("notbase64!!", "notbase64!!"),
        ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),  // no padding
        ("11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo= AAAA", "AAAA"),
    ])
    func aWordOfUpdateKeysThatIsNotAKeyIsAnError(_ value: String, _ bad: String) {
        let found = problems(["MELI_UPDATE_KEYS": value])
        #expect(found == [.error(.Configuration.badUpdateKey(value: bad), subject: .Reporting.processEnvironment(origin: "MELI_UPDATE_KEYS"))])
        #expect(problems(["MELI_UPDATE_KEYS": "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=, BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA="]).isEmpty)
    }

    /// A key of small order or not canonical decodes to 32 bytes and passed, and a signature
    /// made without any private key then verified every package (attack report: `AQAA…AAA=`):
    /// a configuration error naming the word, from the process environment or at its file, line
    /// and column.
    @Test(arguments: [
        ("AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", true), ("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", true),
        ("JuiVj8KyJ7BFw/SJ8u+Y8NXfrAXTxjM5sTgCiG1T/IU=", true),  // an order-8 point, x odd
        ("7P///////////////////////////////////////38=", true), ("7////////////////////////////////////////38=", false),
        ("/////////////////////////////////////////38=", false),
    ])
    func aWeakUpdateKeyIsAnError(_ key: String, _ smallOrder: Bool) throws {
        let value = "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo= " + key
        #expect(problems(["MELI_UPDATE_KEYS": value]) == [
            .error(.Configuration.weakUpdateKey(value: key, smallOrder: smallOrder), subject: .Reporting.processEnvironment(origin: "MELI_UPDATE_KEYS")),
        ])
        // In a file, '//' starts a comment (xcconfig): a key holding one is given in the environment only.
        guard !key.contains("//") else { return }
        try dir.write("Keys.env", "#include \"Config/Base.env\"\nMELI_UPDATE_KEYS = \(value)\n")
        let found = problems([:], .init(envFile: "Keys.env"))
        #expect(found.map(\.text) == [.Configuration.weakUpdateKey(value: key, smallOrder: smallOrder)])
        #expect(found.map { $0.location.map { "\($0)" } } == ["Keys.env:2:20"])
    }

    /// The keys are the words the check passed: split at a tab or a newline too (a tab made one
    /// word of two keys, dropped, so no key was trusted while the check passed; attack report).
    @Test func updateKeysAreSplitAsTheyAreChecked() {
        let value = "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\tBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA=\nCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCA="
        #expect(problems(["MELI_UPDATE_KEYS": value]).isEmpty)
        #expect(SigningKeys.trusted(by: "qa", configured: value).keys.count == 3)
    }

    @Test func missingRequiredKeyNamesTheFile() throws {
        try dir.write("Thin.env", "MELI_LOG_LEVEL = info\n")
        let found = problems([:], .init(envFile: "Thin.env"))
        let unset = ["MELI_API_BASE_URL", "MELI_DEFAULT_SITE", "MELI_HTTP_TIMEOUT"]
        #expect(found == unset.map { .error(.Configuration.keyNotSet(key: $0), subject: .verbatim("Thin.env")) })
    }

    @Test func conditionsTestTheRunningEnvironmentAndBinary() throws {
        try dir.write("Cond.env", """
            #include "Config/Base.env"
            MELI_LOG_LEVEL[env=dev] = debug
            MELI_LOG_LEVEL[env=qa] = error
            MELI_DEFAULT_SITE[binary=meli-q*] = MCO
            MELI_HTTP_TIMEOUT[env=production] = 5

            """)
        let env = try resolve([:], .init(envFile: "Cond.env"))
        #expect(env.logLevel == .error)
        #expect(env.origin(of: Settings.logLevel)?.description == "Cond.env:3")
        #expect(env.defaultSite.rawValue == "MCO")
        #expect(env.httpTimeout.seconds == 30, "no match: Base.env's plain value")
    }

    @Test func aRequiredKeyAssignedOnlyForAnotherEnvironmentIsNotSet() throws {
        try dir.write("Other.env", """
            MELI_API_BASE_URL = sandbox://
            MELI_LOG_LEVEL[env=dev] = debug
            MELI_DEFAULT_SITE = MLA
            MELI_HTTP_TIMEOUT = 30

            """)
        let found = problems([:], .init(envFile: "Other.env"))
        #expect(found == [.error(.Configuration.keyNotSet(key: "MELI_LOG_LEVEL"), subject: .verbatim("Other.env"))])
    }

    @Test func missingEnvFileIsAConfigurationError() {
        let found = problems([:], .init(envFile: "Nope.env"))
        #expect(found.map(\.text) == [.EnvFile.cannotReadEnvFile(reason: "no such file or directory")])
        #expect(found.map(EnvFileHarness.short).allSatisfy { $0.hasPrefix("Nope.env: ") }, "named by the file")
    }

    @Test func unknownMeliKeysWarnWithASuggestion() throws {
        try dir.write("Typo.env", "#include \"Config/Base.env\"\nMELI_LOG_LEVL = debug\nOTHER_KEY = fine\n")
        let env = try resolve([:], .init(envFile: "Typo.env"))
        #expect(env.warnings.map(\.text) == [.Configuration.unknownKeySuggestion(key: "MELI_LOG_LEVL", suggestion: "MELI_LOG_LEVEL")])
        #expect(env.warnings.map { $0.location.map { "\($0)" } } == ["Typo.env:2:1"])
    }

    /// 10,000 unknown keys were 10,000 warnings on every run (650 KB on standard error).
    @Test func unknownKeysPastTheLimitAreCountedInOneWarning() throws {
        try dir.write("Many.env", "#include \"Config/Base.env\"\n" + (0..<150).map { "MELI_X\($0) = 1\n" }.joined())
        let env = try resolve([:], .init(envFile: "Many.env"))
        #expect(env.warnings.count == EnvFileLimits.maximumDiagnosticsPerFile + 1)
        #expect(env.warnings.first?.location.map { "\($0)" } == "Many.env:2:1")
        #expect(env.warnings.last == .warning(.EnvFile.moreProblems(count: "50"), subject: .verbatim("Many.env")))
    }

    @Test func environmentOverridesAnyMeliKeyAFileAssigns() throws {
        try dir.write("Extra.env", "#include \"Config/Base.env\"\nMELI_FEATURE_X = off\n")
        let env = try resolve(["MELI_FEATURE_X": "on", "OTHER": "ignored"], .init(envFile: "Extra.env"))
        #expect(env.setting("MELI_FEATURE_X") == "on")
        #expect(env.setting("OTHER") == nil)
    }

    // MARK: Where the file comes from

    @Test func repositoryConfigForABinaryBuiltInIt() throws {
        try dir.write("Package.swift", "// swift-tools-version: 6.0\n")
        let env = try resolver(executable: dir.path + "/.build/x86_64-unknown-linux-gnu/debug/meli-qa").resolve(.init()).get()
        #expect(env.envFile == EnvFileChoice(path: dir.path + "/Config/QA.env", reason: .repository))
    }

    @Test func noRepositoryWithoutPackageSwift() {
        let result = resolver(executable: dir.path + "/.build/debug/meli-qa").resolve(.init())
        guard case .failure(let error) = result else { Issue.record("expected failure"); return }
        let places: [Message] = [
            .Configuration.lookedFlag, .Configuration.lookedVariable, .Configuration.lookedInstalled(path: dir.path + "/.build/share/meli-qa/QA.env"),
            .Configuration.lookedNoRepository,
        ]
        #expect(error.diagnostics.map(\.text) == [.Configuration.noEnvFileLooked(looked: .Configuration.lookedPlaces(places))], "\(error.diagnostics)")
    }

    @Test func installedFileBesideTheBinaryWinsOverTheRepository() throws {
        try dir.write("Package.swift", "")
        try dir.write("prefix/share/meli-qa/QA.env", Self.base + "MELI_DEFAULT_SITE = MCO\n")
        let installed = try resolver(executable: dir.path + "/prefix/bin/meli-qa").resolve(.init()).get()
        #expect(installed.envFile.reason == .installed)
        #expect(installed.defaultSite.rawValue == "MCO")
    }

    @Test func neverTheWorkingDirectory() throws {
        try dir.write(".env", "MELI_API_BASE_URL = https://evil.example.com\n")
        // A repository someone cloned holds Config/QA.env and .env in the working directory,
        // but the binary lives elsewhere: neither may be read.
        let elsewhere = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": "/home/x"], currentDirectory: dir.path,
            executablePath: "/usr/local/bin/meli-qa")
        guard case .failure(let error) = elsewhere.resolve(.init()) else { Issue.record("must not read the working directory"); return }
        let places: [Message] = [
            .Configuration.lookedFlag, .Configuration.lookedVariable, .Configuration.lookedInstalled(path: "/usr/local/share/meli-qa/QA.env"),
            .Configuration.lookedNoRepository,
        ]
        #expect(error.diagnostics.map(\.text) == [.Configuration.noEnvFileLooked(looked: .Configuration.lookedPlaces(places))], "only beside the binary")
    }
}
