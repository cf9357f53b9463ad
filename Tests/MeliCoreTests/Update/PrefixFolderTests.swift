import Foundation
import Testing
@testable import MeliCore

/// The prefix's folders: made 0755 whatever the umask (root with umask 027 made a binary other
/// users could not run), and never used when another user could change them (owned by someone
/// else than the installing user or root, or writable by others without the sticky bit).
@Suite("The prefix's folders", .serialized)
struct PrefixFolderTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    static func mode(of path: String) -> mode_t? { FileSystem.local.permissions(of: path) }

    /// The built meli-qa, run with umask 027 as root's often is, installs into a new prefix: every
    /// folder the installer makes there is 0755, so that other users can run the binary. (The
    /// folders inside the version folder are the unpacker's.)
    @Test func foldersAreMade0755WhateverTheUmask() throws {
        let target = prefix.path + "/new/prefix"
        let tarball = try packages.tarball("1.0.0")
        let run = try BinaryRunner.run("/bin/sh", ["-c", "umask 027 && exec \"$0\" \"$@\"", try BinaryRunner.path(of: "meli-qa"),
                                                   "self", "install", tarball, "--prefix", target],
                                       environment: ["HOME": prefix.path, "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let made = ["new", "new/prefix", "new/prefix/bin", "new/prefix/lib", "new/prefix/lib/meli-qa", "new/prefix/lib/meli-qa/1.0.0",
                    "new/prefix/share", "new/prefix/share/man", "new/prefix/share/man/man1", "new/prefix/share/bash-completion",
                    "new/prefix/share/bash-completion/completions"]
        for folder in made {
            #expect(Self.mode(of: prefix.path + "/" + folder) == 0o755, "\(folder): \(String(Self.mode(of: prefix.path + "/" + folder) ?? 0, radix: 8))")
        }
    }

    /// The prefix or a folder in it that group or others may write: refused before anything
    /// changes, naming it and what to do; with the sticky bit (as /tmp) it is used.
    @Test(arguments: [("", 0o777), ("", 0o770), ("bin", 0o757), ("share", 0o775), ("lib", 0o777)])
    func aFolderOthersCanWriteIsRefused(_ folder: String, _ mode: Int) throws {
        let path = folder.isEmpty ? prefix.path : prefix.path + "/" + folder
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(chmod(path, mode_t(mode)) == 0)
        let refused = InstallError.unsafeFolder(path: path, .writableByOthers(mode: mode))
        #expect(throws: refused) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.kind(of: home) == .missing, "nothing was made")
        #expect(refused.failure.text.english == "\(path) can be written by users other than its owner (mode 0\(String(mode, radix: 8))), who could replace what is installed through it; nothing was changed")
        #expect(refused.failure.hint?.english.contains("chmod go-w \(path)") == true)

        #expect(chmod(path, mode_t(mode) | 0o1000) == 0)
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(try BinaryRunner.run(prefix.path + "/bin/meli-qa", [], environment: [:]).stdout == "meli-qa 1.0.0\n")
    }

    /// After an install, a folder made writable by others stops rollback and uninstall too.
    @Test func rollbackAndUninstallRefuseItToo() throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        _ = try installer.install(tarball: try packages.tarball("2.0.0"))
        #expect(chmod(home, 0o777) == 0)
        let refused = InstallError.unsafeFolder(path: home, .writableByOthers(mode: 0o777))
        #expect(throws: refused) { try installer.rollback() }
        #expect(throws: refused) { try installer.uninstall() }
        #expect(FileSystem.local.linkTarget(home + "/current") == "2.0.0")
        #expect(FileSystem.local.kind(of: prefix.path + "/bin/meli-qa") == .symlink)
    }

    /// A folder of another user (not this one, not root) is refused: that user could swap what
    /// the installer writes or links to. Made real with chown to an unused uid: root only.
    @Test(.enabled(if: geteuid() == 0), arguments: ["", "lib", "share/man", "lib/meli-qa"])
    func aFolderOfAnotherUserIsRefused(_ folder: String) throws {
        let path = folder.isEmpty ? prefix.path : prefix.path + "/" + folder
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let stranger: UInt32 = 4242
        #expect(chown(path, stranger, stranger) == 0)
        let refused = InstallError.unsafeFolder(path: path, .otherOwner(uid: stranger))
        #expect(throws: refused) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.kind(of: prefix.path + "/bin") == .missing, "nothing was made")
        #expect(refused.failure.text.english == "\(path) belongs to another user (uid \(stranger)), who could change what is installed through it; nothing was changed")
        #expect(refused.failure.text.spanish.hasPrefix("\(path) pertenece a otro usuario (uid \(stranger))"))
    }

    /// Root's folders are trusted (the system's prefix, /usr/local), as are this user's own: here
    /// the installer acts for another user (4242), and the prefix is root's.
    @Test func aFolderOfRootIsUsed() throws {
        #expect(FileSystem.local.inspect(prefix.path)?.owner == 0 || geteuid() != 0)
        var installer = installer
        installer.fileSystem.currentUser = { 4242 }
        let outcome = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(outcome.version == "1.0.0")
    }

    /// A folder above the prefix that others can write is refused too, naming it: whoever writes it
    /// can put another folder in the prefix's place. (Before, only the prefix and its own folders
    /// were checked.)
    @Test func aFolderAboveThePrefixOthersCanWriteIsRefused() throws {
        let above = prefix.path + "/shared"
        try FileManager.default.createDirectory(atPath: above + "/mine", withIntermediateDirectories: true)
        #expect(chmod(above, 0o777) == 0)
        var installer = installer
        installer.prefix = above + "/mine"
        let refused = InstallError.unsafeFolder(path: above, .writableByOthers(mode: 0o777))
        #expect(throws: refused) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.kind(of: above + "/mine/lib") == .missing, "nothing was made")
        #expect(chmod(above, 0o1777) == 0)
        #expect(try installer.install(tarball: try packages.tarball("1.0.0")).version == "1.0.0")
    }

    /// A user's own folder writable by the user's private group (Fedora's umask 002 makes
    /// `~/.local/bin` 0775, group alice, whose only member is alice) is used: no one else can
    /// write it. Writable by another group, by others, or without a private group, it is refused;
    /// so it is when another account has that group as its primary group (`useradd -g alice eve`:
    /// eve is in no group's member list), or when it carries a POSIX ACL (`setfacl -m u:eve:rwx`,
    /// whose mask shows as the group's write bit). The installer acts as alice (4242), who owns
    /// `bin` (chown): root only.
    @Test(.enabled(if: geteuid() == 0), arguments: [
        (0o775, true, "", true), (0o775, false, "", false), (0o777, true, "", false),
        (0o775, true, "primary", false), (0o775, true, "acl", false),
    ])
    func aFolderOfTheUsersPrivateGroupIsUsed(_ mode: Int, _ privateGroup: Bool, _ shared: String, _ used: Bool) throws {
        let bin = prefix.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        #expect(chmod(bin, mode_t(mode)) == 0)
        if shared == "acl" {
            #if os(Linux)
            try Self.addAccessACL(bin, user: 4243)
            #else
            return // ACLs are not looked at on macOS (README, Security).
            #endif
        }
        #expect(FileSystem.local.permissions(of: bin) == mode_t(mode))
        let alice: UInt32 = 4242
        #expect(chown(bin, alice, 4242) == 0)
        let group: UInt32 = 4242
        var fileSystem = FileSystem.local
        // This process acts as alice, who owns bin; bin's group is alice's own.
        fileSystem.currentUser = { alice }
        fileSystem.privateGroup = { privateGroup ? group : nil }
        fileSystem.isPrimaryGroupOfAnother = { candidate, user in shared == "primary" && candidate == group && user == alice }
        var installer = installer
        installer.fileSystem = fileSystem
        if used {
            #expect(try installer.install(tarball: try packages.tarball("1.0.0")).version == "1.0.0")
        } else {
            #expect(throws: InstallError.unsafeFolder(path: bin, .writableByOthers(mode: mode))) {
                try installer.install(tarball: try packages.tarball("1.0.0"))
            }
        }
    }

    /// The real password database: group 0 is root's primary group, so another user's for any
    /// user but root, and for root only when another account has it too (as /etc/passwd says).
    @Test func thePasswordDatabaseIsScanned() throws {
        let lines = try String(contentsOfFile: "/etc/passwd", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ":", omittingEmptySubsequences: false) }
        let othersInGroup0 = lines.contains { $0.count > 3 && $0[3] == "0" && $0[2] != "0" }
        #expect(AccessControl.isPrimaryGroupOfAnother(0, besides: 0) == othersInGroup0)
        #expect(AccessControl.isPrimaryGroupOfAnother(0, besides: 4242))
    }

    /// Gives `path` a POSIX access ACL letting `user` read, write and search (what
    /// `setfacl -m u:USER:rwx` does; setfacl is not installed here): the xattr Linux keeps it in,
    /// set through the C library (Swift's Glibc leaves sys/xattr.h out).
    static func addAccessACL(_ path: String, user: UInt32) throws {
        typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
        let program = try #require(dlopen(nil, RTLD_NOW))
        let setxattr = unsafeBitCast(try #require(dlsym(program, "setxattr")), to: Set.self)
        // Version 2, then (tag, permissions, id): the owner, the named user, the group, the mask, others.
        var blob: [UInt8] = [2, 0, 0, 0]
        for (tag, permissions, id) in [(1, 7, UInt32.max), (2, 7, user), (4, 5, UInt32.max), (0x10, 7, UInt32.max), (0x20, 5, UInt32.max)] {
            blob += [UInt8(tag), 0, UInt8(permissions), 0]
            blob += withUnsafeBytes(of: id.littleEndian, Array.init)
        }
        let result = blob.withUnsafeBytes { setxattr(path, "system.posix_acl_access", $0.baseAddress!, $0.count, 0) }
        try #require(result == 0, "the file system refused the ACL: \(String(cString: strerror(errno)))")
    }
}
