import Foundation
import Testing
@testable import MeliCore

/// What an install must not let another user do: hand every user settings through a
/// `share/<binary>/Local.env` in a package (the Local.env migration copied it into each user's
/// configuration folder, root's too).
@Suite("Installer: what other users cannot do", .serialized)
struct InstallerOwnershipTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    // MARK: a Local.env in a package (M1)

    /// A package holding `share/meli-qa/Local.env` (whatever it is: a file, a link, a folder) is
    /// refused, from a tarball and from an unpacked folder alike, and nothing is installed.
    /// scripts/package never puts one in. (Before, it was installed, and the Local.env migration
    /// copied it into the configuration folder of every user who ran the binary.)
    @Test(arguments: ["file", "link", "folder"]) func aPackageHoldingALocalEnvIsRefused(_ kind: String) throws {
        let folder = try packages.folder("1.0.0", in: "local-\(kind)")
        let local = folder + "/share/meli-qa/Local.env"
        switch kind {
        case "file": try Data("MELI_UPDATE_KEYS = theirs\n".utf8).write(to: URL(fileURLWithPath: local))
        case "link": #expect(symlink("QA.env", local) == 0)
        default: try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: false)
        }
        let top = packages.top("1.0.0")
        let tarball = "\(packages.directory.path)/local-\(kind)/\(top).tar.gz"
        try PackageFixture.shell("tar --format=gnu -C '\(packages.directory.path)/local-\(kind)' -cf - '\(top)' | gzip -n > '\(tarball)'")
        try packages.addChecksum(tarball)
        let refused = InstallError.refused(package: top, .localEnv("share/meli-qa/Local.env"))
        #expect(throws: refused) { try installer.install(tarball: tarball) }
        #expect(throws: refused) { try installer.install(folder: folder) }
        #expect(FileSystem.local.kind(of: home + "/1.0.0") == .missing)
        #expect(FileSystem.local.kind(of: prefix.path + "/bin/meli-qa") == .missing)
        #expect(FileSystem.local.names(in: home).filter { $0.hasPrefix(".incoming.") } == [], "the staging folder is removed")
        #expect(refused.failure.text.english == "\(top) is refused: it holds share/meli-qa/Local.env: a user's own settings never come in a package, where they would be copied into every user's configuration folder and choose their settings; nothing was installed")
        #expect(refused.failure.text.spanish.contains("contiene share/meli-qa/Local.env"))
        #expect(refused.failure.hint?.english.contains("scripts/package") == true)
    }
}
