import Foundation
import Testing
@testable import MeliCore

/// The prefix's folders are made one name at a time, each checked as it is reached
/// (`TrustedPath`). The attack round, as root: the prefix `/tmp/p` did not exist yet, another user
/// made it (their own folder, or a link to any file) between the installer's check and its
/// `mkdir -p`; root installed into that user's folder, and its `chmod 0755` by path followed the
/// link. And a prefix still to be made skipped the check of the folders above it. Other users are
/// made real with chown to an unused uid (4242): root only.
@Suite("The prefix's folders, raced", .serialized, .enabled(if: geteuid() == 0))
struct PrefixRaceTests {
    let packages: PackageFixture
    let root: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        root = try TemporaryDirectory()
    }

    static let stranger: UInt32 = 4242
    /// A sticky folder anyone may write in, as /tmp.
    var sticky: String { root.path + "/sticky" }
    var prefix: String { sticky + "/p" }

    /// An installer into `prefix` that lets `plant` run once the prefix was checked, before its
    /// folders are made: the moment the attack used.
    func installer(planting plant: @escaping @Sendable () -> Void) -> Installer {
        var installer = Installer(prefix: prefix, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"])
        installer.interrupt = { step in
            if step == .checked { plant() }
            return false
        }
        return installer
    }

    func makeSticky() throws {
        #expect(mkdir(sticky, 0o777) == 0 && chmod(sticky, 0o1777) == 0)
    }

    /// Another user's folder planted as the prefix after the check: refused, naming it and its
    /// owner; nothing is written into it. (Before, root installed into it.)
    @Test func aFolderPlantedInThePrefixsPlaceIsRefused() throws {
        try makeSticky()
        let prefix = prefix
        let installer = installer { #expect(mkdir(prefix, 0o755) == 0 && chown(prefix, Self.stranger, Self.stranger) == 0) }
        #expect(throws: InstallError.unsafeFolder(path: prefix, .otherOwner(uid: Self.stranger))) {
            try installer.install(tarball: try packages.tarball("1.0.0"))
        }
        #expect(FileSystem.local.names(in: prefix) == [], "nothing written there")
    }

    /// A link another user owns planted as the prefix, to a file elsewhere: refused, naming the
    /// link; the file's mode is what it was. (Before, root's `chmod 0755` followed it.)
    @Test func aLinkPlantedInThePrefixsPlaceIsRefused() throws {
        try makeSticky()
        let victim = try root.write("victim", "secret\n")
        #expect(chmod(victim, 0o600) == 0)
        let prefix = prefix
        let installer = installer { #expect(symlink(victim, prefix) == 0 && lchown(prefix, Self.stranger, Self.stranger) == 0) }
        #expect(throws: InstallError.untrustedLink(path: prefix, owner: Self.stranger)) {
            try installer.install(tarball: try packages.tarball("1.0.0"))
        }
        #expect(FileSystem.local.permissions(of: victim) == 0o600)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "secret\n")
    }

    /// A link to a folder elsewhere planted by another user (root's /root/.ssh, say): refused
    /// too; nothing is made where it points, and its mode is what it was. (Before, root made the
    /// prefix's folders in it and chmodded it 0755 through the link.)
    @Test func aLinkToAFolderPlantedInThePrefixsPlaceIsRefused() throws {
        try makeSticky()
        let elsewhere = root.path + "/elsewhere"
        #expect(mkdir(elsewhere, 0o700) == 0)
        let prefix = prefix
        let installer = installer { #expect(symlink(elsewhere, prefix) == 0 && lchown(prefix, Self.stranger, Self.stranger) == 0) }
        #expect(throws: InstallError.untrustedLink(path: prefix, owner: Self.stranger)) {
            try installer.install(tarball: try packages.tarball("1.0.0"))
        }
        #expect(FileSystem.local.names(in: elsewhere) == [])
        #expect(FileSystem.local.permissions(of: elsewhere) == 0o700)
    }

    /// Nothing planted: the prefix is made in the sticky folder, 0755, and works.
    @Test func nothingPlantedInstalls() throws {
        try makeSticky()
        #expect(try installer {}.install(tarball: try packages.tarball("1.0.0")).version == "1.0.0")
        #expect(FileSystem.local.permissions(of: prefix) == 0o755)
        #expect(try BinaryRunner.run(prefix + "/bin/meli-qa", [], environment: [:]).stdout == "meli-qa 1.0.0\n")
    }

    /// A prefix still to be made under a folder another user owns, or may write, is refused
    /// before anything is made, naming that folder. (Before, a missing prefix skipped the check
    /// of the folders above it, and `mkdir -p` made it there.)
    @Test(arguments: [false, true])
    func aMissingPrefixUnderAnUnsafeFolderIsRefused(writable: Bool) throws {
        let above = root.path + "/above"
        #expect(mkdir(above, 0o755) == 0)
        if writable { #expect(chmod(above, 0o777) == 0) } else { #expect(chown(above, Self.stranger, Self.stranger) == 0) }
        let installer = Installer(prefix: above + "/missing/prefix", binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"])
        let refused = InstallError.unsafeFolder(path: above, writable ? .writableByOthers(mode: 0o777) : .otherOwner(uid: Self.stranger))
        #expect(throws: refused) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.names(in: above) == [], "nothing was made")
    }

    /// A link on the way to the prefix that another user owns (in a sticky folder) is refused,
    /// though it leads to root's own folder. (Before, the path was resolved first, and only the
    /// folders it reached were checked.)
    @Test func aLinkOfAnotherUserOnTheWayIsRefused() throws {
        try makeSticky()
        let target = root.path + "/roots"
        #expect(mkdir(target, 0o755) == 0)
        #expect(symlink(target, prefix) == 0 && lchown(prefix, Self.stranger, Self.stranger) == 0)
        let installer = Installer(prefix: prefix + "/inner", binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"])
        #expect(throws: InstallError.untrustedLink(path: prefix, owner: Self.stranger)) {
            try installer.install(tarball: try packages.tarball("1.0.0"))
        }
        #expect(FileSystem.local.names(in: target) == [])
        let refused = InstallError.untrustedLink(path: prefix, owner: Self.stranger)
        #expect(refused.failure.text.english.hasPrefix("\(prefix) is a symbolic link that belongs to another user (uid 4242)"))
        #expect(refused.failure.text.spanish.hasPrefix("\(prefix) es un enlace simbólico que pertenece a otro usuario (uid 4242)"))
    }
}
