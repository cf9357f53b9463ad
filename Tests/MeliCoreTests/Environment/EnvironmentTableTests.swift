import Foundation
import Testing
@testable import MeliCore

/// Config/environments: compiled into every binary, which finds its row by its own file name.
@Suite("Environment table")
struct EnvironmentTableTests {
    static let staging = EnvironmentName(
        "staging", binary: "meli-staging", fileName: "Staging.env", channel: "staging-channel", builds: ["staging/?*"])

    @Test func theCompiledTableIsTheRepositorysFile() throws {
        let file = try String(contentsOfFile: repositoryFile("Config/environments"), encoding: .utf8)
        let table = try #require(EnvironmentTable(parsing: file))
        #expect(EnvironmentTable.compiled == table, "built from a cached manifest? after editing Config/environments run 'swift package purge-cache' (Config/README.md)")
        for name in ["dev", "qa", "production"] { #expect(table.row(named: name) != nil, "\(name)") }
    }

    /// The three rows the other tests use by name; the table may hold more (no test pins its length).
    @Test func todaysThreeRows() {
        #expect(EnvironmentName.dev == EnvironmentName("dev", binary: "meli-dev", fileName: "Dev.env", builds: ["develop", "feature/?*", "bugfix/?*"]))
        #expect(EnvironmentName.qa == EnvironmentName("qa", binary: "meli-qa", fileName: "QA.env", channel: "qa-channel", builds: ["release/?*", "hotfix/?*"]))
        #expect(EnvironmentName.production == EnvironmentName("production", binary: "meli", fileName: "Prod.env", builds: ["v*"]))
        #expect(EnvironmentTable.compiled.row(forBinary: "meli-qa") == .qa)
        #expect(EnvironmentTable.compiled.row(forBinary: "meli-nope") == nil)
        #expect(EnvironmentTable.compiled.binaries == EnvironmentTable.compiled.rows.map(\.binary))
        #expect(["meli-dev", "meli-qa", "meli"].allSatisfy(EnvironmentTable.compiled.binaries.contains))
    }

    @Test func feedKeysKeepTheirNames() {
        #expect([EnvironmentName.dev, .qa, .production].map(\.updateFeedKey) == ["MELI_DEV_UPDATE_FEED_URL", "MELI_QA_UPDATE_FEED_URL", "MELI_PRODUCTION_UPDATE_FEED_URL"])
        #expect(SettingKey.updateFeedURL(forBinary: "meli")?.name == "MELI_PRODUCTION_UPDATE_FEED_URL")
        #expect(SettingKey.updateFeedURL(forBinary: "meli-nope") == nil)
        for key in EnvironmentName.allCases.map(\.updateFeedKey) { #expect(Settings.all.contains { $0.name == key }) }
    }

    /// A row the file does not have (`trial`: staging may be one of the file's by now).
    @Test func oneMoreRowIsOneLine() throws {
        let file = try String(contentsOfFile: repositoryFile("Config/environments"), encoding: .utf8)
        let rows = try #require(EnvironmentTable(parsing: file)).rows.count
        let table = try #require(EnvironmentTable(parsing: file + "trial\tmeli-trial  Trial.env trial-channel trial/?*\n"))
        let trial = EnvironmentName("trial", binary: "meli-trial", fileName: "Trial.env", channel: "trial-channel", builds: ["trial/?*"])
        #expect(table.rows.count == rows + 1)
        #expect(table.row(forBinary: "meli-trial") == trial)
        #expect(trial.updateFeedKey == "MELI_TRIAL_UPDATE_FEED_URL")
        #expect(Self.staging.updateFeedKey == "MELI_STAGING_UPDATE_FEED_URL")
        #expect(trial.title == "Trial" && Self.staging.title == "Staging")
        #expect(!trial.isRelease && !Self.staging.isRelease && EnvironmentName.production.isRelease)
    }

    @Test(arguments: [
        "dev meli-dev Dev.env -",
        "dev meli-dev Dev.env - develop extra",
        "dev meli-dev Dev.env - develop\nqa meli-dev QA.env - release/*",
        "dev meli-dev Dev.env - develop\ndev meli-qa QA.env - release/*",
    ])
    func malformedTablesAreRefused(text: String) {
        #expect(EnvironmentTable(parsing: text) == nil)
    }

    @Test func commentsAndBlankLinesAreSkipped() throws {
        let table = try #require(EnvironmentTable(parsing: "# name binary\n\n  dev meli-dev Dev.env - -  \r\n"))
        #expect(table.rows == [EnvironmentName("dev", binary: "meli-dev", fileName: "Dev.env")])
    }

    @Test func theNoticeNamesTheEnvironmentFromItsRow() {
        #expect(Message.Environments.notifyNewer(.qa, version: "2.0.0-rc.1", installed: "1.0.0").text(.english)
            == "A newer QA build is available: 2.0.0-rc.1 (you have 1.0.0)")
        #expect(Message.Environments.notifyNewer(.production, version: "1.3.0", installed: "1.2.0").text(.english)
            == "A newer version of meli is available: 1.3.0 (you have 1.2.0)")
        #expect(Message.Environments.notifyNewer(Self.staging, version: "2.0.0", installed: "1.0.0").text(.english)
            == "A newer Staging build is available: 2.0.0 (you have 1.0.0)")
    }

    /// Tests run Runner.run with a row directly: a row no binary was built with works the same.
    @Test func aRowRunsWithoutBeingCompiledIn() async throws {
        let dir = try TemporaryDirectory()
        let base = try String(contentsOfFile: repositoryFile("Config/Base.env"), encoding: .utf8)
        try dir.write("Config/Base.env", base)
        try dir.write("Config/Staging.env", "#include \"Base.env\"\nMELI_STAGING_UPDATE_FEED_URL = /nowhere/feed.json\n")
        let out = OutputBuffer(), err = OutputBuffer()
        let context = Context(
            environment: ["HOME": dir.path, "MELI_ENV_FILE": "Config/Staging.env"], currentDirectory: dir.path, executablePath: nil,
            stdout: out.output(), stderr: err.output(), transport: NoNetwork())
        let code = await Runner.run(Self.staging, arguments: ["env", "--json", "--no-color"], context: context)
        #expect(code == .success, "\(err.text)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "staging")
        #expect(object["binary"] as? String == "meli-staging")
        #expect(!err.text.contains("MELI_STAGING_UPDATE_FEED_URL"), "its own feed key is known: no unknown-key warning")
    }
}

/// The binaries are one program: each is what its file name says.
@Suite("Environment from the binary's name")
struct EnvironmentFromBinaryNameTests {
    let environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "MELI_ENV_FILE": "/nonexistent", "MELI_LANG": "en"]

    @Test func aCopyNamedMeliQAIsMeliQA() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: try BinaryRunner.path(of: "meli-dev"), toPath: dir.path + "/meli-qa")
        let result = try BinaryRunner.run(dir.path + "/meli-qa", ["--version"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("meli-qa ") && result.stdout.contains("(qa, "))
    }

    @Test func aNameNoRowBuildsIsAConfigurationError() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: try BinaryRunner.path(of: "meli-dev"), toPath: dir.path + "/meli-copy")
        let result = try BinaryRunner.run(dir.path + "/meli-copy", ["--version"], environment: environment)
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        let unknown = LaunchError.unknownBinary(file: "meli-copy", binaries: EnvironmentName.allCases.map(\.binary))
        #expect(result.stderr == Reported.stderr(unknown, binary: "meli-copy"))
    }

    /// The file name is the user's to choose, escapes included: none reaches the terminal.
    @Test func anUnknownNameWithEscapesIsReportedWithoutThem() throws {
        let dir = try TemporaryDirectory()
        let name = "meli\u{1B}]0;pwned\u{07}\u{1B}[2J"
        try FileManager.default.copyItem(atPath: try BinaryRunner.path(of: "meli-dev"), toPath: dir.path + "/" + name)
        let result = try BinaryRunner.run(dir.path + "/" + name, ["--version"], environment: environment)
        #expect(result.status == 3)
        #expect(!result.stderr.unicodeScalars.contains("\u{1B}") && !result.stderr.unicodeScalars.contains("\u{07}"), "\(result.stderr.debugDescription)")
        let unknown = LaunchError.unknownBinary(file: name, binaries: EnvironmentName.allCases.map(\.binary))
        #expect(result.stderr == Reported.stderr(unknown, binary: "meli"), "each escape goes whole")
    }
}
