import Foundation
import Testing
@testable import MeliCore

/// Installing the version in use repairs it (attack report: it neither replaced nor repaired it,
/// a damaged install stayed damaged and a republished build of the same version was not
/// installed, while saying it was installed). Real tarballs, real prefixes; what runs is checked.
@Suite("Reinstall repairs", .serialized)
struct ReinstallTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    func runInstalled() throws -> String {
        try BinaryRunner.run(prefix.path + "/bin/meli-qa", [], environment: ["HOME": prefix.path + "/home", "PATH": "/usr/bin:/bin"]).stdout
    }

    /// Writes a script to `path`, executable.
    func writeScript(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o755) == 0)
    }

    /// What lib/meli-qa holds, hidden names aside.
    func versionFolders() -> [String] { FileSystem.local.names(in: home).filter { !$0.hasPrefix(".") } }

    /// A package of `version` whose binary says `words` instead: another build of the same version.
    func republished(_ version: String, saying words: String) throws -> String {
        let folder = try packages.folder(version, in: "src-republished")
        try writeScript("#!/bin/sh\necho '\(words)'\n", to: folder + "/bin/meli-qa")
        let out = packages.directory.path + "/republished"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let tarball = "\(out)/\(packages.top(version)).tar.gz"
        try PackageFixture.shell("tar --format=gnu -C '\(packages.directory.path)/src-republished' -cf - '\(packages.top(version))' | gzip -n > '\(tarball)'")
        try packages.addChecksum(tarball)
        return tarball
    }

    @Test func aChangedBinaryIsRepaired() throws {
        let tarball = try packages.tarball("1.0.0")
        _ = try installer.install(tarball: tarball)
        try writeScript("#!/bin/sh\necho tampered\n", to: home + "/1.0.0/bin/meli-qa")
        #expect(try runInstalled() == "tampered\n")

        let again = try installer.install(tarball: tarball)
        #expect(again.repaired == "bin/meli-qa" && !again.unchanged && again.previous == nil, "\(again)")
        #expect(try runInstalled() == "meli-qa 1.0.0\n")
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.0.0_2")
        #expect(versionFolders() == ["1.0.0_2", "current"], "the damaged copy is gone, no previous link made")
        // Another repair takes the first free name again.
        try writeScript("#!/bin/sh\necho tampered\n", to: home + "/1.0.0_2/bin/meli-qa")
        #expect(try installer.install(tarball: tarball).repaired == "bin/meli-qa")
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.0.0")
        #expect(try runInstalled() == "meli-qa 1.0.0\n")
    }

    /// A removed file (here the binary itself: the copy no longer even looks like a version) is
    /// put back; the previous version stays previous, and rollback goes to it and back.
    @Test(arguments: ["bin/meli-qa", "share/man/man1/meli-qa.1", "share/meli-qa/QA.env"])
    func aRemovedFileIsRepaired(_ removed: String) throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        let tarball = try packages.tarball("2.0.0")
        _ = try installer.install(tarball: tarball)
        #expect(unlink(home + "/2.0.0/" + removed) == 0)

        let again = try installer.install(tarball: tarball)
        #expect(again.repaired == removed && again.previous == nil, "\(again)")
        #expect(FileSystem.local.isFile(home + "/2.0.0_2/" + removed))
        #expect(FileSystem.local.isFile(prefix.path + "/" + removed), "reached through the prefix's links")
        #expect(FileSystem.local.linkTarget(home + "/previous") == "1.0.0")
        #expect(versionFolders() == ["1.0.0", "2.0.0_2", "current", "previous"])
        #expect(try runInstalled() == "meli-qa 2.0.0\n")

        let back = try installer.rollback()
        #expect(back.from == "2.0.0" && back.to == "1.0.0")
        #expect(try runInstalled() == "meli-qa 1.0.0\n")
        let forth = try installer.rollback()
        #expect(forth.from == "1.0.0" && forth.to == "2.0.0")
        #expect(try runInstalled() == "meli-qa 2.0.0\n")
        // The repaired copy is the version in use: an older package is still a downgrade.
        #expect(throws: InstallError.downgrade(binary: "meli-qa", installed: "2.0.0", package: "1.0.0")) {
            try installer.install(tarball: try packages.tarball("1.0.0", in: "older"))
        }
    }

    /// The version folder in use removed altogether (current dangles): installed again under its
    /// own name, which is free.
    @Test func aRemovedVersionFolderIsRepaired() throws {
        let tarball = try packages.tarball("1.0.0")
        _ = try installer.install(tarball: tarball)
        try FileSystem.local.removeTree(home + "/1.0.0")
        let again = try installer.install(tarball: tarball)
        #expect(again.repaired == "." && !again.unchanged, "\(again)")
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.0.0")
        #expect(try runInstalled() == "meli-qa 1.0.0\n")
        #expect(try installer.install(tarball: tarball).unchanged)
    }

    @Test func aRepublishedBuildOfTheSameVersionIsInstalled() throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        let outcome = try installer.install(tarball: try republished("1.0.0", saying: "meli-qa 1.0.0 (rebuilt)"))
        #expect(outcome.repaired == "bin/meli-qa", "\(outcome)")
        #expect(try runInstalled() == "meli-qa 1.0.0 (rebuilt)\n")
        #expect(versionFolders() == ["1.0.0_2", "current"])
    }

    /// The same files: nothing is replaced, not even the folder, and it says so.
    @Test func anIntactReinstallChangesNothing() throws {
        let tarball = try packages.tarball("1.0.0")
        _ = try installer.install(tarball: try packages.tarball("0.9.0", in: "before"))
        _ = try installer.install(tarball: tarball)
        var before = stat()
        #expect(stat(home + "/1.0.0/bin/meli-qa", &before) == 0)
        let again = try installer.install(tarball: tarball)
        #expect(again == Installer.Outcome(version: "1.0.0", previous: nil, unchanged: true))
        var after = stat()
        #expect(stat(home + "/1.0.0/bin/meli-qa", &after) == 0)
        #expect(after.st_ino == before.st_ino, "the same file, not a new copy")
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.0.0")
        #expect(FileSystem.local.linkTarget(home + "/previous") == "0.9.0")
        #expect(versionFolders() == ["0.9.0", "1.0.0", "current", "previous"])
    }

    /// A repair stopped after any step leaves a working install; the next reinstall finishes it.
    @Test(arguments: InstallStep.allCases)
    func aRepairStoppedAtAnyStepLeavesAWorkingInstall(_ step: InstallStep) throws {
        let tarball = try packages.tarball("1.0.0")
        _ = try installer.install(tarball: tarball)
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: home + "/1.0.0/VERSION-MARK"))
        var stopping = installer
        stopping.interrupt = { $0 == step }
        #expect(throws: InstallError.interrupted(step)) { try stopping.install(tarball: tarball) }
        #expect(try runInstalled() == "meli-qa 1.0.0\n")

        _ = try installer.install(tarball: tarball)
        #expect(try String(contentsOfFile: prefix.path + "/lib/meli-qa/current/VERSION-MARK", encoding: .utf8) == "1.0.0")
        #expect(try installer.install(tarball: tarball).unchanged)
        #expect(versionFolders().count == 2, "\(versionFolders())")
        #expect(FileSystem.local.names(in: home).filter { $0.hasPrefix(".incoming.") } == [])
    }

    @Test(arguments: [("1.0.0", "1.0.0"), ("1.0.0_2", "1.0.0"), ("1.3.0-rc.1+abc_12", "1.3.0-rc.1+abc"), ("1.0.0_0", nil), ("1.0.0_", nil),
                      ("1.0.0_x", nil), ("current", nil), ("current_2", nil), (".incoming.x", nil)] as [(String, String?)])
    func folderNamesAndTheirVersions(_ name: String, _ version: String?) {
        #expect(Installer.version(ofFolder: name) == version)
    }

    /// The binary says what it did: installed again (and where it first differed), or intact.
    @Test func selfInstallSaysWhetherItRepaired() throws {
        let tarball = try packages.tarball("1.0.0")
        let environment = ["HOME": prefix.path + "/home", "PATH": "/usr/bin:/bin"]
        let first = try BinaryRunner.run("meli-qa", ["self", "install", tarball, "--prefix", prefix.path], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let intact = try BinaryRunner.run("meli-qa", ["self", "install", tarball, "--prefix", prefix.path], environment: environment)
        #expect(intact.stdout.contains("meli-qa 1.0.0 was already installed in \(prefix.path), and its files are this package's, byte for byte"), "\(intact.stdout)")
        #expect(unlink(home + "/1.0.0/share/man/man1/meli-qa.1") == 0)
        let repaired = try BinaryRunner.run("meli-qa", ["self", "install", tarball, "--prefix", prefix.path], environment: environment)
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stdout.contains("meli-qa 1.0.0 installed again in \(prefix.path) (bin/meli-qa): the copy in use differed from this package (first at share/man/man1/meli-qa.1)"), "\(repaired.stdout)")
        #expect(FileSystem.local.isFile(prefix.path + "/share/man/man1/meli-qa.1"))
    }
}
