import Foundation
import Testing
@testable import MeliCore

/// Trees deeper than any path can name, removed one name at a time relative to an open folder;
/// link checks whose work is linear; and unpacked folders whose modes the umask does not take.
/// (The caps on names, depth, entries and link targets are hostile archives of `InstallerTests`.)
@Suite("Bounded trees", .serialized)
struct BoundedTreeTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    /// Makes `folder/name`, a chain of `depth` folders below it (each made with mkdirat in the one
    /// above, as no path to the bottom fits in PATH_MAX: 101 bytes a level), a file at the bottom
    /// and a link there to `outside`. Returns the length in bytes of the deepest path.
    @discardableResult
    static func deepChain(_ name: String, in folder: String, depth: Int, linkTo outside: String) throws -> Int {
        var fd = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        var length = folder.utf8.count
        for part in [name] + Array(repeating: String(repeating: "d", count: 100), count: depth) {
            try #require(mkdirat(fd, part, 0o755) == 0, "mkdirat: \(String(cString: strerror(errno)))")
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY)
            close(fd)
            try #require(next >= 0)
            fd = next
            length += 1 + part.utf8.count
        }
        defer { close(fd) }
        let file = openat(fd, "bottom", O_WRONLY | O_CREAT, 0o644)
        try #require(file >= 0)
        close(file)
        try #require(symlinkat(outside, fd, "outside") == 0)
        return length + "/bottom".utf8.count
    }

    /// The descriptors this process has open.
    static func openDescriptors() -> Int { FileSystem.local.names(in: "/dev/fd").count }

    @Test func aTreeDeeperThanPathMaxIsRemovedWithoutFollowingALinkOrKeepingADescriptor() throws {
        let outside = try packages.directory.write("outside/keep", "mine\n")
        let length = try Self.deepChain("deep", in: prefix.path, depth: 60, linkTo: PathName.directory(of: outside))
        #expect(length > Int(PATH_MAX))
        let before = Self.openDescriptors()
        try FileSystem.local.removeTree(prefix.path + "/deep")
        #expect(FileSystem.local.kind(of: prefix.path + "/deep") == .missing)
        #expect(Self.openDescriptors() == before)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "mine\n")
        // A link given to it is removed as a link.
        try FileManager.default.createSymbolicLink(atPath: prefix.path + "/link", withDestinationPath: PathName.directory(of: outside))
        try FileSystem.local.removeTree(prefix.path + "/link/")
        #expect(FileSystem.local.kind(of: prefix.path + "/link") == .missing)
        #expect(FileSystem.local.isFile(outside))
        // Missing is not an error; the root never is removed.
        try FileSystem.local.removeTree(prefix.path + "/nothing/here")
        #expect(throws: FileSystem.WriteError.self) { try FileSystem.local.removeTree("/") }
    }

    /// A staging folder left by an earlier attempt, deeper than PATH_MAX (as a package of 30,000-deep
    /// names made one), is removed by the next install (attack report: it stayed for ever).
    @Test func aStagingFolderDeeperThanPathMaxIsRemovedByTheNextInstall() throws {
        let outside = try packages.directory.write("outside/keep", "mine\n")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Self.deepChain(".incoming.AbC123", in: home, depth: 60, linkTo: PathName.directory(of: outside))
        defer { try? FileSystem.local.removeTree(home + "/.incoming.AbC123") }
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(FileSystem.local.names(in: home) == [".lock", Installer.madeFoldersRecord, "1.0.0", "current"])
        #expect(FileSystem.local.isFile(outside))
    }

    /// The same through `self uninstall`, run as a user runs it, allowed 40 descriptors (the
    /// runtime holds about ten): the removal holds a bounded number open whatever the depth.
    @Test func aStagingFolderDeeperThanPathMaxIsRemovedBySelfUninstallWithFewDescriptors() throws {
        let meli = try BinaryRunner.path(of: "meli-qa")
        let environment = ["HOME": prefix.path, "PATH": "/usr/bin:/bin"]
        let installed = try BinaryRunner.run(meli, ["self", "install", try packages.tarball("1.0.0")], environment: environment)
        #expect(installed.status == 0, "\(installed.stderr)")
        let home = prefix.path + "/.local/lib/meli-qa"
        try Self.deepChain(".incoming.XyZ789", in: home, depth: 80, linkTo: packages.directory.path)
        defer { try? FileSystem.local.removeTree(home + "/.incoming.XyZ789") }
        let gone = try BinaryRunner.run("/bin/sh", ["-c", "ulimit -n 40 && exec \"$0\" self uninstall", meli], environment: environment)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(FileSystem.local.kind(of: home) == .missing, "left: \(FileSystem.local.names(in: home))")
        #expect(FileSystem.local.kind(of: packages.directory.path + "/dist") == .directory)
    }

    /// An unpacked package folder (a tester's `./meli-qa_X/bin/meli-qa self install`) is read
    /// relative to open folders: one whose own path fits in PATH_MAX and whose files' paths do not
    /// installs like any other.
    @Test func anUnpackedFolderWhoseFilesLiePastPathMaxIsCopied() throws {
        let source = try packages.folder("1.5.0")
        let top = PathName.lastComponent(of: source)
        var fd = open(packages.directory.path, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        defer { close(fd) }
        var path = packages.directory.path
        var room = Int(PATH_MAX) - 20 - path.utf8.count - 1 - top.utf8.count
        while room > 1 {
            let part = String(repeating: "e", count: min(250, room - 1))
            try #require(mkdirat(fd, part, 0o755) == 0)
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY)
            try #require(next >= 0)
            close(fd)
            fd = next
            path += "/" + part
            room -= part.utf8.count + 1
        }
        try #require(renameat(AT_FDCWD, source, fd, top) == 0)
        path += "/" + top
        #expect(path.utf8.count < Int(PATH_MAX) - 1)
        #expect((path + "/share/bash-completion/completions/meli-qa").utf8.count > Int(PATH_MAX))
        _ = try installer.install(folder: path)
        #expect(FileSystem.local.isFile(home + "/1.5.0/share/bash-completion/completions/meli-qa"))
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.5.0")
        try FileSystem.local.removeTree(packages.directory.path + "/" + PathName.components(path)[PathName.components(packages.directory.path).count])
    }

    /// Links whose targets go through other links are each resolved once: the work is the total
    /// of the targets' components, not that times the length of the chain (a 60 KB target was
    /// 95 s of work, re-joining the whole path at each component).
    @Test func aChainOfLinksIsCheckedInWorkLinearInTheTargets() throws {
        let top = packages.top("1.0.0")
        let staging = packages.directory.path + "/staging"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var unpacker = PackageUnpacker(root: staging, top: top, limits: .standard)
        try unpacker.file("\(top)/bin/meli-qa", size: 0, executable: true) { (_: Int32) throws(InstallError) in }
        try unpacker.directory("\(top)/d")
        // l0 -> d; each next link goes through the one before, by a target of 401 components.
        let padding = String(repeating: "./", count: 400)
        var components = 1
        try unpacker.symlink("\(top)/l0", target: "d")
        for index in 1..<30 {
            let target = "l\(index - 1)/" + padding
            components += PathName.components(target).count
            #expect(target.utf8.count <= PackageLimits.standard.maxLinkBytes)
            try unpacker.symlink("\(top)/l\(index)", target: target)
        }
        _ = try unpacker.finish(binary: "meli-qa")
        #expect(unpacker.linkSteps <= components, "\(unpacker.linkSteps) steps for \(components) components")
        #expect(FileSystem.local.realPath("\(staging)/\(top)/l29") == FileSystem.local.realPath("\(staging)/\(top)/d"))
    }

    /// Folders and files unpack 0755 and 0644 (0755 for executables) under a umask of 027: root
    /// installing with it made a binary no other user could run (attack report).
    @Test func unpackedFoldersAndFilesKeepTheirModesWhateverTheUmask() throws {
        let meli = try BinaryRunner.path(of: "meli-qa")
        let environment = ["HOME": prefix.path, "PATH": "/usr/bin:/bin"]
        let tarball = try packages.tarball("1.0.0")
        let installed = try BinaryRunner.run("/bin/sh", ["-c", "umask 027 && exec \"$0\" self install \"$1\"", meli, tarball], environment: environment)
        #expect(installed.status == 0, "\(installed.stderr)")
        let version = prefix.path + "/.local/lib/meli-qa/1.0.0"
        var modes: [String: Int] = ["": try #require(FileManager.default.attributesOfItem(atPath: version)[.posixPermissions] as? Int)]
        for case let name as String in try #require(FileManager.default.enumerator(atPath: version)) {
            modes[name] = try #require(FileManager.default.attributesOfItem(atPath: version + "/" + name)[.posixPermissions] as? Int)
        }
        #expect(modes.count > 8)
        for (name, mode) in modes {
            let isFolder = FileSystem.local.kind(of: version + "/" + name) == .directory
            let expected = isFolder || name == "bin/meli-qa" ? 0o755 : 0o644
            #expect(mode == expected, "\(name.isEmpty ? "the version folder" : name) is \(String(mode, radix: 8))")
        }
    }
}
