import Foundation
import Testing
@testable import MeliCore

/// What an install must not let another user do: hold its lock (flock works on a read-only open,
/// and the lock file was 0644, so any user could stop root's every install, update, rollback and
/// uninstall), or hand every user settings through a `share/<binary>/Local.env` in a package
/// (the Local.env migration copied it into each user's configuration folder, root's too).
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
    var lock: String { home + "/.lock" }

    // MARK: the lock (L1)

    /// The lock file is 0600 whatever the umask, so no other user can open it, even to read, and
    /// so cannot hold it. (Before: 0644.)
    @Test func theLockFileIsTheUsersAlone() throws {
        let old = umask(0)
        defer { umask(old) }
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(FileSystem.local.permissions(of: lock) == 0o600)
    }

    /// One an older installer made 0644 (or any mode open to others) is made 0600 by the next
    /// install, rollback or uninstall, before it is locked; the mode is set on the file opened.
    @Test(arguments: ["install", "rollback", "uninstall"])
    func anOldLockOpenToOthersIsMadePrivate(_ operation: String) throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        _ = try installer.install(tarball: try packages.tarball("2.0.0"))
        #expect(chmod(lock, 0o644) == 0)
        switch operation {
        case "install": _ = try installer.install(tarball: try packages.tarball("3.0.0"))
        case "rollback": _ = try installer.rollback()
        default:
            // Uninstall removes the lock with the rest: it is made private before anything is removed.
            let seen = Collected<mode_t>()
            var watching = installer
            watching.fileSystem.deleteTree = { [lock] path throws(FileSystem.WriteError) in
                if path == lock, let mode = FileSystem.local.permissions(of: path) { seen.append(mode) }
                try FileSystem.local.removeTree(path)
            }
            _ = try watching.uninstall()
            #expect(seen.items == [0o600])
            return
        }
        #expect(FileSystem.local.permissions(of: lock) == 0o600)
    }

    /// A lock file another user owns is refused, naming it and its owner, and left as it is: only
    /// this user or root could have put it there, and replacing it could let two installs run at
    /// once. Removing it is the owner's to decide, as the hint says.
    @Test(.enabled(if: geteuid() == 0)) func anotherUsersLockIsRefused() throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(chmod(lock, 0o644) == 0 && chown(lock, 4242, 4242) == 0)
        let refused = InstallError.untrustedLock(path: lock, owner: 4242)
        #expect(throws: refused) { try installer.install(tarball: try packages.tarball("2.0.0")) }
        #expect(throws: refused) { try installer.uninstall() }
        #expect(FileSystem.local.inspect(lock)?.owner == 4242 && FileSystem.local.permissions(of: lock) == 0o644, "left as it was")
        #expect(refused.failure.text.english == "the lock file \(lock) belongs to another user (uid 4242), who could hold it and so stop every install, update, rollback and uninstall of this program; nothing was changed")
        #expect(refused.failure.hint?.english.contains("rm \(lock)") == true)
        #expect(refused.failure.text.spanish.hasPrefix("el archivo de bloqueo \(lock) pertenece a otro usuario (uid 4242)"))
    }

    /// A lock that is a link is never followed (it could make the installer create or lock a file
    /// elsewhere), nor one that is a FIFO waited on.
    @Test(arguments: ["link", "fifo"]) func aLockThatIsNotAFileIsRefused(_ kind: String) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        if kind == "link" {
            #expect(symlink(prefix.path + "/elsewhere", lock) == 0)
        } else {
            #expect(mkfifo(lock, 0o600) == 0)
        }
        #expect(throws: InstallError.untrustedLock(path: lock, owner: nil)) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.kind(of: prefix.path + "/elsewhere") == .missing)
        #expect(InstallError.untrustedLock(path: lock, owner: nil).failure.text.english.hasPrefix("the lock file \(lock) is not a regular file"))
    }

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
    // MARK: an unpacked package folder another user can change (attack round 3)

    /// `self install` from an unpacked folder copies the folder: whoever can change it, a folder
    /// above it or a file in it could swap the package while root copies it (an attack round
    /// swapped eve's `~/Downloads/<package>` for her own, with her binary and her
    /// `MELI_UPDATE_KEYS`, after root started the genuine binary). Each is refused, naming it and
    /// what to do, and nothing is installed. Root's own folders pass (the other tests).
    @Test(arguments: ["parent", "top", "file", "writable folder", "link", "sticky folder"])
    func aPackageFolderAnotherUserCanChangeIsRefused(_ place: String) throws {
        try #require(geteuid() == 0, "chown needs root")
        let folder = try packages.folder("1.0.0", in: "downloads-\(place.replacingOccurrences(of: " ", with: "-"))")
        let parent = PathName.directory(of: folder)
        let expected: InstallError
        switch place {
        case "parent":
            #expect(chown(parent, 4242, 4242) == 0)
            expected = .unsafePackage(path: parent, .otherOwner(uid: 4242))
        case "top":
            #expect(chown(folder, 4242, 4242) == 0)
            expected = .unsafePackage(path: folder, .otherOwner(uid: 4242))
        case "file":
            #expect(chown(folder + "/bin/meli-qa", 4242, 4242) == 0)
            expected = .unsafePackage(path: folder + "/bin/meli-qa", .otherOwner(uid: 4242))
        case "writable folder":
            #expect(chmod(folder + "/share", 0o777) == 0)
            expected = .unsafePackage(path: folder + "/share", .writableByOthers(mode: 0o777))
        case "link":
            // A link another user made (round 4: planted before root's tar made the folders root's),
            // though it leads inside the package.
            #expect(symlink("meli-qa", folder + "/bin/meli") == 0)
            #expect(lchown(folder + "/bin/meli", 4242, 4242) == 0)
            expected = .unsafePackage(path: folder + "/bin/meli", .otherOwner(uid: 4242))
        default:
            // Sticky or not, a folder of a package anyone may add to is refused.
            #expect(chmod(folder + "/share", 0o1777) == 0)
            expected = .unsafePackage(path: folder + "/share", .writableByOthers(mode: 0o1777))
        }
        #expect(throws: expected) { try installer.install(folder: folder) }
        #expect(FileSystem.local.kind(of: home + "/current") == .missing)
        #expect(FileSystem.local.kind(of: prefix.path + "/bin/meli-qa") == .missing)
        let failure = expected.failure
        #expect(failure.text.english.contains("who could change the package while it is installed from this folder; nothing was changed"))
        #expect(failure.text.spanish.contains("mientras se instala desde esta carpeta"))
        #expect(failure.hint?.english.contains("self install TARBALL") == true)
    }
}
