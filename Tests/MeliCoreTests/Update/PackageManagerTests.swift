import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// A binary that dpkg or Homebrew installed knows it from the marker its package put beside its env
/// files, and `update` and `self` then write nothing and give the manager's command. Run in process
/// from real folders laid out as each manager installs: `/usr/bin` beside `/usr/share/<binary>`,
/// and a Homebrew Cellar's `<formula>/<version>/{bin,share}`.
@Suite("Package-managed binaries")
struct PackageManagerTests {
    let root: TemporaryDirectory
    let home: String
    /// Debian's name for this machine's architecture.
    let arch = PackageManager.debianArchitecture(Feed.platform.arch)

    init() throws {
        root = try TemporaryDirectory()
        home = root.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// `<prefix>/bin/meli-qa` with the env files and, when given, the marker in `<prefix>/share/meli-qa/`;
    /// returns the binary's path.
    func lay(_ prefix: String, marker: String?) throws -> String {
        for file in ["Base.env", "QA.env"] {
            try root.write("\(prefix)/share/meli-qa/\(file)", String(contentsOfFile: repositoryFile("Config/\(file)"), encoding: .utf8))
        }
        if let marker { try root.write("\(prefix)/share/meli-qa/installed-by", marker) }
        return try root.write("\(prefix)/bin/meli-qa", "not run: the tests run the command in process\n")
    }

    func run(_ arguments: [String], executable: String, environment extra: [String: String] = [:], terminal: Bool = false) async -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": home].merging(extra) { $1 }, currentDirectory: home, executablePath: executable,
            stdout: out.output(isTerminal: false), stderr: err.output(isTerminal: terminal), transport: NoNetwork(), clock: TestClock(Date()).source)
        let code = await Runner.run(.qa, arguments: arguments + ["--no-color", "--log-level", "error"], context: context)
        return (code, out.text, err.text)
    }

    @Test(arguments: [
        ("dpkg meli-qa\n", PackageManager(kind: .dpkg, package: "meli-qa")),
        ("dpkg\n", PackageManager(kind: .dpkg, package: "meli-qa")),
        ("brew owner/tap/meli-qa\n", PackageManager(kind: .brew, package: "owner/tap/meli-qa")),
        ("brew owner/tap/meli-qa\nanything after the first line\n", PackageManager(kind: .brew, package: "owner/tap/meli-qa")),
        ("rpm meli-qa\n", nil),
        ("", nil),
        ("dpkg meli-qa extra\n", nil),
        ("brew -rf\n", nil),
        ("dpkg meli;rm\n", nil),
    ])
    func aMarkerNamesAKnownManagerAndAPlainName(_ text: String, _ expected: PackageManager?) {
        #expect(PackageManager(marker: Array(text.utf8), binary: "meli-qa") == expected)
    }

    @Test(arguments: [
        ("0.2.0", "0.2.0"), ("0.2.0-rc.3", "0.2.0~rc.3"), ("0.2.0-dev.4+abc1234", "0.2.0~dev.4+abc1234"), ("1.0.0+build.1", "1.0.0+build.1"),
    ])
    func debianVersionsAsScriptsPackageNamesThem(_ semantic: String, _ debian: String) {
        #expect(PackageManager.debianVersion(semantic) == debian)
    }

    @Test func aBinaryUnderUsrBinWithTheDpkgMarkerIsDpkgs() throws {
        let binary = try lay("usr", marker: "dpkg meli-qa\n")
        #expect(PackageManager(executablePath: binary, binary: "meli-qa") == PackageManager(kind: .dpkg, package: "meli-qa"))
        // Another binary's name, or no marker: none.
        #expect(PackageManager(executablePath: binary, binary: "meli") == nil)
        let unmarked = try lay("opt/tar", marker: nil)
        #expect(PackageManager(executablePath: unmarked, binary: "meli-qa") == nil)
    }

    @Test func updateSaysToUseAptExitsSixAndWritesNothing() async throws {
        let binary = try lay("usr", marker: "dpkg meli-qa\n")
        let before = root.contents()
        let result = await run(["update"], executable: binary, environment: ["MELI_QA_UPDATE_FEED_URL": root.path + "/feed.json"])
        #expect(result.code == .packageManaged)
        let error = PackageManagedError(binary: "meli-qa", manager: PackageManager(kind: .dpkg, package: "meli-qa"), action: .update)
        #expect(result.err == Reported.stderr(error, binary: "meli-qa"))
        #expect(result.err.contains("sudo apt install ./meli-qa_VERSION_ARCH.deb"))
        #expect(result.out.isEmpty)
        #expect(root.contents() == before, "nothing written: no state, cache or download folder")
    }

    @Test func updateCheckStillTellsWhatIsNewAndEndsWithTheAptCommand() async throws {
        let binary = try lay("usr", marker: "dpkg meli-qa\n")
        let feed = try root.write("channel/feed.json", feedJSON([("9.1.0-rc.2", "2099-01-01T00:00:00Z", ["search: keep the sort"])]))
        let result = await run(["update", "--check"], executable: binary, environment: ["MELI_QA_UPDATE_FEED_URL": feed])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasSuffix("""
            Install it with apt (it keeps this copy's files): download the .deb (a release's is beside its tarballs; for QA and dev builds, ask whoever gave you this one), then
              sudo apt install ./meli-qa_9.1.0~rc.2_\(arch).deb

            """))
        #expect(!result.out.contains("meli-qa update'"))
    }

    @Test func aHomebrewCellarBinarySaysBrewUpgrade() async throws {
        let binary = try lay("opt/homebrew/Cellar/meli-qa/1.2.0", marker: "brew owner/tap/meli-qa\n")
        let result = await run(["update"], executable: binary, environment: ["MELI_QA_UPDATE_FEED_URL": root.path + "/feed.json"])
        #expect(result.code == .packageManaged)
        #expect(result.err.contains("meli-qa was installed with Homebrew"))
        #expect(result.err.contains("  brew upgrade owner/tap/meli-qa\n"))
    }

    /// Without --prefix the prefix would be the manager's; with one that holds the marker, it is.
    @Test(arguments: [
        (["self", "install"], "sudo apt install"), (["self", "uninstall"], "sudo apt remove meli-qa"),
        (["self", "rollback"], "--allow-downgrades"), (["self", "update"], "sudo apt install"),
        // Even into a prefix of the user's, the running copy is not a package to copy.
        (["self", "install", "--prefix", "/nonexistent/mine"], "sudo apt install"),
    ])
    func selfCommandsLeaveTheManagersFilesAlone(_ arguments: [String], _ hint: String) async throws {
        let binary = try lay("usr", marker: "dpkg meli-qa\n")
        let before = root.contents()
        let result = await run(arguments, executable: binary)
        #expect(result.code == .packageManaged, "\(result.err)")
        #expect(result.err.contains(hint))
        #expect(root.contents() == before)
    }

    @Test func aPrefixHoldingTheMarkerIsRefusedFromAnyBinary() async throws {
        _ = try lay("usr", marker: "dpkg meli-qa\n")
        let tarball = try lay("download/meli-qa_9.0.0_linux_x86_64", marker: nil)
        let before = root.contents()
        let result = await run(["self", "uninstall", "--prefix", root.path + "/usr"], executable: tarball)
        #expect(result.code == .packageManaged, "\(result.err)")
        #expect(root.contents() == before)
        // Another prefix is the binary's own business: there, the installer answers as usual.
        let elsewhere = await run(["self", "rollback", "--prefix", root.path + "/other"], executable: tarball)
        #expect(elsewhere.code == .failure)
        #expect(!elsewhere.err.contains("apt"))
    }

    @Test func theDailyNoticeGivesTheManagersCommand() async throws {
        let feed = try root.write("channel/feed.json", feedJSON([("0.3.0-rc.4", "2099-01-01T00:00:00Z", ["search: keep the sort"])]))
        let notifier = UpdateNotifier(
            binary: "meli-qa", environment: .qa, installed: "0.3.0-rc.2", feed: feed, stateDirectory: home + "/state",
            processEnvironment: [:], stderrIsTerminal: true, packageManager: PackageManager(kind: .brew, package: "owner/tap/meli-qa"))
        let notice = await notifier.notice(at: Date(), language: .english) { location, _ in
            try JSONBody.decode(Feed.self, from: try FileSystem.local.readFile(atPath: location))
        }
        #expect(notice.hasSuffix("Install it with Homebrew, which keeps this copy's files:\n  brew upgrade owner/tap/meli-qa\n"))
        #expect(!notice.contains("meli-qa update"))
    }

    /// As a run builds it: the manager found from the running binary's marker, and only when there
    /// is a notice to print (no other command reads the marker).
    @Test func theNoticeFindsTheManagerFromTheRunningBinary() async throws {
        let feed = try root.write("channel/feed.json", feedJSON([("0.3.0-rc.4", "2099-01-01T00:00:00Z", ["search: keep the sort"])]))
        let binary = try lay("usr", marker: "dpkg meli-qa\n")
        let notifier = UpdateNotifier(
            binary: "meli-qa", environment: .qa, installed: "0.3.0-rc.2", feed: feed, stateDirectory: home + "/state",
            processEnvironment: [:], stderrIsTerminal: true, executablePath: binary)
        let notice = await notifier.notice(at: Date(), language: .english) { location, _ in
            try JSONBody.decode(Feed.self, from: try FileSystem.local.readFile(atPath: location))
        }
        #expect(notice.contains("sudo apt install ./meli-qa_0.3.0~rc.4_"), "\(notice)")
        #expect(!notice.contains("meli-qa update"))
    }
}
