import Foundation
import Testing
@testable import MeliCore

/// `meli-qa self ...` run as a tester runs it: the built binary, from an unpacked package folder,
/// then from its installed place; every check is by what runs.
@Suite("self commands")
struct SelfCommandBinaryTests {
    let packages: PackageFixture
    let home: TemporaryDirectory

    init() throws {
        packages = try PackageFixture()
        home = try TemporaryDirectory()
    }

    var prefix: String { home.path + "/.local" }

    func run(_ executable: String, _ arguments: [String], path: String = "/usr/bin:/bin", language: String = "en") throws -> RunResult {
        try BinaryRunner.run(executable, arguments, environment: ["HOME": home.path, "PATH": path, "MELI_LANG": language], directory: home.path)
    }

    func resolvedVersion() -> String? {
        FileSystem.local.realPath(prefix + "/bin/meli-qa").map { PathName.lastComponent(of: PathName.directory(of: PathName.directory(of: $0))) }
    }

    @Test func aTesterInstallsFromTheUnpackedFolderThenUpgradesRollsBackAndUninstalls() throws {
        let folder = try packages.folder("1.0.0")
        let first = try run(folder + "/bin/meli-qa", ["self", "install"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("meli-qa 1.0.0 installed in \(prefix) (bin/meli-qa)."))
        #expect(first.stdout.contains("  export PATH=\"$HOME/.local/bin:$PATH\""))
        #expect(first.stdout.contains("  export MANPATH=\"$HOME/.local/share/man:$MANPATH\""))
        #expect(resolvedVersion() == "1.0.0")
        // From the folder nothing could be checked, and the note says so (not "only the sha256").
        #expect(first.stderr.contains("installed from an unpacked folder, so nothing was checked here"), "\(first.stderr)")
        #expect(!first.stderr.contains("sha256 was checked"))

        // The installed binary installs into its own prefix; on PATH, no advice.
        let second = try run(prefix + "/bin/meli-qa", ["self", "install", try packages.tarball("2.0.0")], path: "\(prefix)/bin:/usr/bin:/bin")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("The previous version, 1.0.0, is kept. To go back to it: meli-qa self rollback"))
        #expect(!second.stdout.contains("PATH"))
        #expect(resolvedVersion() == "2.0.0")
        #expect(try run(prefix + "/bin/meli-qa", ["--version"]).status == 0)

        let back = try run(prefix + "/bin/meli-qa", ["self", "rollback"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(resolvedVersion() == "1.0.0")
        #expect(try run(prefix + "/bin/meli-qa", ["--version"]).status == 0)

        // A folder the user made in the prefix stays, even empty; those the install made go.
        try FileSystem.local.makeDirectories(prefix + "/share/man/man5")
        let gone = try run(prefix + "/bin/meli-qa", ["self", "uninstall"])
        #expect(gone.status == 0, "\(gone.stderr)")
        // Only the folders that exist are named as kept (this binary never made a config folder).
        #expect(FileSystem.local.kind(of: home.path + "/.config/meli-qa") == .missing)
        #expect(!gone.stdout.contains(home.path + "/.config/meli-qa"), "\(gone.stdout)")
        #expect(FileSystem.local.kind(of: prefix + "/bin/meli-qa") == .missing)
        #expect(FileSystem.local.kind(of: prefix + "/lib/meli-qa") == .missing)
        for folder in ["bin", "lib", "share/bash-completion", "share/zsh", "share/fish", "share/meli-qa"] {
            #expect(FileSystem.local.kind(of: prefix + "/" + folder) == .missing, "\(folder) is left")
        }
        #expect(FileSystem.local.kind(of: prefix + "/share/man/man5") == .directory)
        #expect(FileSystem.local.kind(of: prefix + "/share/man/man1") == .missing)
    }

    @Test func aFeedInstallsItsNewestBuildCheckedAgainstItsSha256() throws {
        let older = try packages.tarball("1.0.0-rc.1", in: "channel")
        let newer = try packages.tarball("1.0.0-rc.2", in: "channel")
        func entry(_ version: String, _ tarball: String, sha: String? = nil) throws -> String {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: tarball)))
            return """
                {"version": "\(version)", "date": "2026-11-01T00:00:00Z", "os": "\(Feed.platform.os)", "arch": "\(Feed.platform.arch)", \
                "file": "\(PathName.lastComponent(of: tarball))", "sha256": "\(sha ?? SHA256.hex(bytes))"}
                """
        }
        let feed = try packages.directory.write("channel/feed.json", """
            {"channel": "qa", "binary": "meli-qa", "builds": [\(try entry("1.0.0-rc.2", newer)), \(try entry("1.0.0-rc.1", older))]}
            """)
        let folder = try packages.folder("0.9.0")
        let result = try run(folder + "/bin/meli-qa", ["self", "install", feed, "--prefix", prefix])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(resolvedVersion() == "1.0.0-rc.2")

        try packages.directory.write("channel/feed.json", """
            {"channel": "qa", "binary": "meli-qa", "builds": [\(try entry("1.0.0-rc.1", older, sha: String(repeating: "0", count: 64)))]}
            """)
        // An older build: allowed here, so that it is downloaded and its checksum checked.
        let refused = try run(prefix + "/bin/meli-qa", ["self", "install", feed, "--allow-downgrade"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(Reported.words(FeedError.checksumMismatch(file: PathName.lastComponent(of: older)).failure(binary: "meli-qa"))), "\(refused.stderr)")
        #expect(resolvedVersion() == "1.0.0-rc.2")

        // The feed's version must be its file's: 7.7.7 offered, 1.0.0-rc.1 installed would be a silent downgrade.
        try packages.directory.write("channel/feed.json", """
            {"channel": "qa", "binary": "meli-qa", "builds": [\(try entry("7.7.7", older))]}
            """)
        let mismatched = try run(prefix + "/bin/meli-qa", ["self", "install", feed])
        #expect(mismatched.status == 1)
        #expect(mismatched.stderr.contains(PackageRefusal.versionMismatch(feed: "7.7.7", file: "1.0.0-rc.1").message.english), "\(mismatched.stderr)")
        #expect(resolvedVersion() == "1.0.0-rc.2")
    }

    /// A tarball URL is checked against the checksums.txt beside it, read as fetched: a listing
    /// without its line is named by its URL, and the tarball is not downloaded.
    @Test func aTarballURLMissingFromItsChecksumsIsRefusedBeforeItIsDownloaded() throws {
        let folder = try packages.folder("1.0.0")
        let listing = Array("\(String(repeating: "0", count: 64))  other.tar.gz\n".utf8)
        let server = try LoopbackServer(routes: { _ in .respond(status: 200, body: listing) })
        defer { server.stop() }
        let tarball = "\(server.baseURL)/dist/\(packages.top("2.0.0")).tar.gz"
        let result = try run(folder + "/bin/meli-qa", ["self", "install", tarball, "--prefix", prefix])
        #expect(result.status == 1)
        #expect(result.stderr.contains(PackageRefusal.noChecksumLine("\(server.baseURL)/dist/checksums.txt").message.english), "\(result.stderr)")
        #expect(server.requests.map(\.line) == ["GET /dist/checksums.txt HTTP/1.1"])
        #expect(FileSystem.local.kind(of: prefix + "/lib/meli-qa") == .missing)
    }

    @Test func errorsSayWhatToDoInEitherLanguage() throws {
        let folder = try packages.folder("1.0.0")
        let meli = try packages.hostile("meli_1.0.0_\(packages.platform).tar.gz", [])
        let english = try run(folder + "/bin/meli-qa", ["self", "install", meli])
        #expect(english.status == 1)
        #expect(english.stderr.contains(PackageRefusal.otherBinary("meli").message.english))
        let spanish = try run(folder + "/bin/meli-qa", ["self", "install", meli], language: "es")
        #expect(spanish.stderr.contains(PackageRefusal.otherBinary("meli").message.spanish))

        // Run from a build folder, with nothing to install from.
        let built = try BinaryRunner.path(of: "meli-qa")
        let bare = try run(built, ["self", "install", "--prefix", prefix])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains(Reported.words(InstallError.notAPackageFolder(path: built, binary: "meli-qa").failure)), "\(bare.stderr)")

        let rollback = try run(try BinaryRunner.path(of: "meli-qa"), ["self", "rollback", "--prefix", prefix])
        #expect(rollback.status == 1)
        #expect(rollback.stderr.contains(Reported.words(InstallError.notInstalled(binary: "meli-qa", prefix: prefix).failure)))
        #expect(FileSystem.local.kind(of: prefix) == .missing, "rollback never creates the prefix")
    }
}
