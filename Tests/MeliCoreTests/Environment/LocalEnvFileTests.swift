import Foundation
import Testing
@testable import MeliCore

/// `Local.env`, a user's own overrides, lives where updates cannot touch it (issue 22, item 6): it
/// was `share/<binary>/Local.env` inside an installed version folder, so the next update silently
/// stopped reading it and the one after deleted it.
@Suite("Local.env")
struct LocalEnvFileTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    var prefix: String { home.path + "/.local" }
    var configLocal: String { home.path + "/.config/meli-qa/Local.env" }
    /// How the runs (in `home`) show it.
    /// Found by meli (not named relative by the user), it is shown as it is, absolute.
    var shownLocal: String { configLocal }

    func run(_ executable: String, _ arguments: [String]) throws -> RunResult {
        try BinaryRunner.run(executable, arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_LANG": "en"], directory: home.path)
    }

    /// The user's journey with real installs in a temporary prefix: a Local.env left in the version
    /// folder by an older binary, an update by that older binary (which does not move it), then the
    /// new version's first run, a second run, and one more update, which removes the old folder.
    /// Three real installs of the debug binary: 2-5 s.
    @Test func aLocalEnvInAnInstalledVersionSurvivesTheNextTwoUpdates() throws {
        let packages = try PackageFixture()
        let first = try run(try packages.folder("1.0.0", in: "v1") + "/bin/meli-qa", ["self", "install"])
        #expect(first.status == 0, "\(first.stderr)")
        // Where the older binaries kept it (Dev.env's `#include? "Local.env"`, beside the env files).
        let oldPlace = prefix + "/lib/meli-qa/1.0.0/share/meli-qa/Local.env"
        try "MELI_LOG_LEVEL = error\nMY_DEPLOY_TOKEN = s3cr3t-of-mine\n".write(toFile: oldPlace, atomically: true, encoding: .utf8)

        // An update run by a binary that does not move it: 1.0.0 is now the previous version.
        let update = try run(try packages.folder("2.0.0", in: "v2") + "/bin/meli-qa", ["self", "install"])
        #expect(update.status == 0, "\(update.stderr)")

        let installed = prefix + "/bin/meli-qa"
        let moved = try run(installed, ["env"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let shownOld = prefix + "/lib/meli-qa/1.0.0/share/meli-qa/Local.env"
        #expect(moved.stderr.contains("\(shownOld): warning: \(Message.Configuration.localEnvCopied(to: shownLocal))"), "\(moved.stderr)")
        #expect(moved.stdout.contains("settings.MELI_LOG_LEVEL\terror\t\(shownLocal):1\n"), "\(moved.stdout)")
        #expect(moved.stdout.contains("file\t\(shownLocal)\t\n"), "\(moved.stdout)")
        #expect(!moved.stdout.contains("s3cr3t-of-mine"), "a secret-named key stays masked")
        #expect(try String(contentsOfFile: configLocal, encoding: .utf8) == "MELI_LOG_LEVEL = error\nMY_DEPLOY_TOKEN = s3cr3t-of-mine\n")
        #expect(FileSystem.local.permissions(of: configLocal) == 0o600)
        #expect(FileSystem.local.isFile(oldPlace), "copied, not moved: a rollback to 1.0.0 still has it")

        let again = try run(installed, ["env", "--explain", "MELI_LOG_LEVEL"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("Local.env"), "said once: \(again.stderr)")
        #expect(again.stdout.hasSuffix("\(shownLocal):1\terror\n"), "\(again.stdout)")

        // The old place is never read again, even when it changes.
        try "MELI_LOG_LEVEL = critical\n".write(toFile: oldPlace, atomically: true, encoding: .utf8)
        let third = try run(installed, ["self", "install", try packages.tarball("3.0.0")])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(FileSystem.local.kind(of: prefix + "/lib/meli-qa/1.0.0") == .missing, "the update after next removes the old folder")
        let after = try run(installed, ["env"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("settings.MELI_LOG_LEVEL\terror\t\(shownLocal):1\n"), "\(after.stdout)")
        #expect(!after.stderr.contains("warning"), "\(after.stderr)")
    }

    /// An installed binary's layout, without installing: `<prefix>/lib/meli-qa/<version>/`.
    func layout(versions: [String], current: String, previous: String?) throws -> String {
        for version in versions {
            try home.write(".local/lib/meli-qa/\(version)/bin/meli-qa", "")
            try home.write(".local/lib/meli-qa/\(version)/share/meli-qa/QA.env", "MELI_LOG_LEVEL = info\n")
        }
        if let previous { symlink(previous, prefix + "/lib/meli-qa/previous") }
        return prefix + "/lib/meli-qa/\(current)/bin/meli-qa"
    }

    func local(_ executable: String?, config: String? = nil) -> LocalEnvFile {
        LocalEnvFile(binary: "meli-qa", configDirectory: config ?? home.path + "/.config/meli-qa", executablePath: executable)
    }

    @Test func theVersionInUseIsLookedAtBeforeThePreviousOne() throws {
        let executable = try layout(versions: ["1.0.0", "2.0.0"], current: "2.0.0", previous: "1.0.0")
        #expect(local(executable).oldPlaces == [
            prefix + "/lib/meli-qa/2.0.0/share/meli-qa/Local.env", prefix + "/lib/meli-qa/1.0.0/share/meli-qa/Local.env",
        ])
        try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/Local.env", "A = previous\n")
        try home.write(".local/lib/meli-qa/2.0.0/share/meli-qa/Local.env", "A = in use\n")
        #expect(local(executable).migrate() == .copied(from: prefix + "/lib/meli-qa/2.0.0/share/meli-qa/Local.env", to: configLocal))
        #expect(try String(contentsOfFile: configLocal, encoding: .utf8) == "A = in use\n")
        // Not an installed binary (a checkout's build, an unpacked package): no old place.
        #expect(local(home.path + "/pkg/meli-qa_1.0.0_linux_x86_64/bin/meli-qa").oldPlaces == [])
        #expect(local(nil).oldPlaces == [])
    }

    @Test func anExistingLocalEnvIsNeverReplaced() throws {
        let executable = try layout(versions: ["1.0.0"], current: "1.0.0", previous: nil)
        try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/Local.env", "A = old\n")
        try home.write(".config/meli-qa/Local.env", "A = mine\n")
        #expect(local(executable).migrate() == nil)
        #expect(try String(contentsOfFile: configLocal, encoding: .utf8) == "A = mine\n")
        // One made between the check and the link wins too.
        #expect(LocalEnvFile.create(configLocal, holding: Array("A = late\n".utf8), fileSystem: .local) == nil)
        #expect(try String(contentsOfFile: configLocal, encoding: .utf8) == "A = mine\n")
        #expect(home.contents().filter { $0.contains(".Local.env.") } == [], "no temporary file is left")
    }

    /// When it cannot be copied it is read where it is this time, and the run says why.
    @Test func aCopyThatFailsIsSaidAndTheOldPlaceIsReadThisTime() throws {
        let executable = try layout(versions: ["1.0.0"], current: "1.0.0", previous: nil)
        let old = prefix + "/lib/meli-qa/1.0.0/share/meli-qa/Local.env"
        try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/Local.env", "MELI_LOG_LEVEL = error\n")
        try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/QA.env", "#include \"\(repositoryFile("Config/Base.env"))\"\n")
        try home.write("xdg", "a file where the configuration folder would be\n")
        let resolver = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/xdg"], currentDirectory: home.path, executablePath: executable)
        let environment = try resolver.resolve(EnvironmentOverrides()).get()
        #expect(environment.logLevel == .error)
        #expect(environment.files.last == old)
        let warning = try #require(environment.warnings.first)
        #expect(warning.subject == .verbatim(old))
        #expect(warning.message.hasPrefix("could not copy this file to \(home.path)/xdg/meli-qa/Local.env"), "\(warning.message)")
        // The system's reason follows the language.
        #expect(warning.text.spanish.contains("(una parte de la ruta no es una carpeta)"), "\(warning.text.spanish)")
    }

    /// `XDG_CONFIG_HOME` is respected; a checkout's `Config/Local.env` (for `swift run`) is read
    /// after the configuration folder's, so it wins.
    @Test func theConfigFolderThenTheCheckout() throws {
        try home.write("repo/Package.swift", "")
        try home.write("repo/Config/QA.env", "#include \"\(repositoryFile("Config/Base.env"))\"\nA = file\nB = file\nC = file\n")
        try home.write("repo/Config/Local.env", "B = checkout\nC = checkout\n")
        try home.write("xdg/meli-qa/Local.env", "A = config\nB = config\n")
        let resolver = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/xdg"], currentDirectory: home.path,
            executablePath: home.path + "/repo/.build/debug/meli-qa")
        let environment = try resolver.resolve(EnvironmentOverrides()).get()
        #expect(environment.envFile.reason == .repository)
        let values = Dictionary(uniqueKeysWithValues: environment.settings.map { ($0.key, "\($0.value) \($0.origin)") })
        #expect(values["A"] == "config xdg/meli-qa/Local.env:1")
        #expect(values["B"] == "checkout repo/Config/Local.env:1")
        #expect(values["C"] == "checkout repo/Config/Local.env:2")
        #expect(environment.files.suffix(2) == [home.path + "/xdg/meli-qa/Local.env", home.path + "/repo/Config/Local.env"])
        // A file chosen another way reads the configuration folder's only.
        let chosen = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/xdg", "MELI_ENV_FILE": home.path + "/repo/Config/QA.env"],
            currentDirectory: home.path, executablePath: nil)
        let other = try chosen.resolve(EnvironmentOverrides()).get()
        #expect(other.settings.first { $0.key == "C" }?.value == "file")
        #expect(other.settings.first { $0.key == "A" }?.value == "config")
    }
}
