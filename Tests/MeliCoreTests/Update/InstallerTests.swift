import Foundation
import Testing
@testable import MeliCore

/// Real installs into temporary prefixes, from real tarballs made with tar and gzip; what an
/// install did is checked by running `<prefix>/bin/meli-qa` and by the folder it resolves into.
@Suite("Installer", .serialized)
struct InstallerTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        // Most tests check which version runs: a stand-in binary that prints it is enough, and quick.
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    /// The version folder `bin/meli-qa` reaches, by the system's own resolution.
    func resolvedVersion() -> String? {
        guard let real = FileSystem.local.realPath(prefix.path + "/bin/meli-qa") else { return nil }
        return PathName.lastComponent(of: PathName.directory(of: PathName.directory(of: real)))
    }

    /// Runs the installed binary: its `--version` must work, through the links, with no toolchain env.
    func runInstalled(_ arguments: [String] = ["--version"]) throws -> RunResult {
        try BinaryRunner.run(prefix.path + "/bin/meli-qa", arguments, environment: ["HOME": prefix.path + "/home", "PATH": "/usr/bin:/bin"])
    }

    func leftovers() -> [String] {
        let places = [home, prefix.path + "/bin", prefix.path + "/share", prefix.path + "/share/man/man1"]
        return places.flatMap { place in FileSystem.local.names(in: place).filter { $0.hasPrefix(".") && $0 != ".lock" && $0 != Installer.madeFoldersRecord }.map { place + "/" + $0 } }
    }

    @Test func upgradeRollbackAndUninstallChangeWhatRuns() throws {
        // The built binary: it must find its env files through the links.
        let packages = try PackageFixture()
        let first = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(first == Installer.Outcome(version: "1.0.0", previous: nil, unchanged: false))
        #expect(resolvedVersion() == "1.0.0")
        #expect(try runInstalled().stdout.hasPrefix("meli-qa "))
        // Links are text through current, never resolved into a version folder.
        #expect(FileSystem.local.linkTarget(prefix.path + "/bin/meli-qa") == "../lib/meli-qa/current/bin/meli-qa")
        #expect(FileSystem.local.linkTarget(prefix.path + "/share/man/man1/meli-qa.1") == "../../../lib/meli-qa/current/share/man/man1/meli-qa.1")
        #expect(FileSystem.local.linkTarget(prefix.path + "/share/meli-qa") == "../lib/meli-qa/current/share/meli-qa")

        let second = try installer.install(tarball: try packages.tarball("2.0.0"))
        #expect(second.previous == "1.0.0")
        #expect(resolvedVersion() == "2.0.0")
        #expect(FileSystem.local.realPath(prefix.path + "/share/meli-qa/QA.env") == FileSystem.local.realPath(home + "/2.0.0/share/meli-qa/QA.env"))
        // The env file is found beside the executable's real path, in the version in use.
        let env = try runInstalled(["env", "--json"])
        #expect(env.status == 0, "\(env.stderr)")
        #expect(env.stdout.contains("lib/meli-qa/2.0.0/share/meli-qa/QA.env"))

        _ = try installer.install(tarball: try packages.tarball("3.0.0"))
        #expect(FileSystem.local.names(in: home).filter { !$0.hasPrefix(".") } == ["2.0.0", "3.0.0", "current", "previous"])

        let back = try installer.rollback()
        #expect(back.from == "3.0.0" && back.to == "2.0.0")
        #expect(resolvedVersion() == "2.0.0")
        #expect(try runInstalled().status == 0)
        _ = try installer.rollback()
        #expect(resolvedVersion() == "3.0.0")

        let mine = try prefix.write("bin/other-tool", "#!/bin/sh\n")
        #expect(try installer.uninstall())
        #expect(FileSystem.local.kind(of: prefix.path + "/bin/meli-qa") == .missing)
        #expect(FileSystem.local.kind(of: prefix.path + "/share/meli-qa") == .missing)
        #expect(FileSystem.local.kind(of: home) == .missing)
        #expect(FileSystem.local.isFile(mine))
        #expect(throws: InstallError.notInstalled(binary: "meli-qa", prefix: prefix.path)) { try installer.rollback() }
    }

    @Test func anUnpackedFolderInstallsTheSameWay() throws {
        let folder = try packages.folder("1.5.0")
        _ = try installer.install(folder: folder)
        #expect(resolvedVersion() == "1.5.0")
        #expect(try runInstalled().status == 0)
        #expect(FileSystem.local.kind(of: folder + "/bin/meli-qa") == .file, "the source folder is copied, not moved")
        #expect(throws: InstallError.notAPackageFolder(path: prefix.path, binary: "meli-qa")) { try installer.install(folder: prefix.path) }
    }

    /// The installer hashes a tarball as it reads it: pieces of any size give the digest of the whole.
    @Test func aDigestTakenInPiecesIsTheDigestOfTheWhole() {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        var hasher = SHA256.Hasher()
        var start = 0
        for size in [0, 1, 63, 64, 65, 127, 4096, 65_536] {
            let end = min(start + size, bytes.count)
            hasher.update(bytes[start..<end])
            start = end
        }
        hasher.update(bytes[start...])
        #expect(hasher.hex() == SHA256.hex(bytes))
    }

    @Test func reinstallingTheVersionInUseChangesNothing() throws {
        let tarball = try packages.tarball("1.0.0")
        _ = try installer.install(tarball: tarball)
        let again = try installer.install(tarball: tarball)
        #expect(again.unchanged && again.previous == nil)
        #expect(FileSystem.local.kind(of: home + "/previous") == .missing)
    }

    @Test func aFileTheInstallerDidNotMakeIsNeverOverwritten() throws {
        let mine = try prefix.write("bin/meli-qa", "my own script\n")
        #expect(throws: InstallError.notOurs(path: mine)) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "my own script\n")
        #expect(FileSystem.local.kind(of: home) == .missing)
    }

    @Test func checksumsDecideWhetherAnythingIsInstalled() throws {
        let tarball = try packages.tarball("1.0.0")
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: tarball)))
        bytes[bytes.count / 2] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: tarball))
        #expect(throws: InstallError.self) { try installer.install(tarball: tarball) }
        do { _ = try installer.install(tarball: tarball) } catch {
            guard case .refused(_, .checksumMismatch) = error else { Issue.record("\(error)"); return }
        }
        try FileManager.default.removeItem(atPath: PathName.directory(of: tarball) + "/checksums.txt")
        let file = PathName.lastComponent(of: tarball)
        #expect(throws: InstallError.refused(package: file, .noChecksums(PathName.directory(of: tarball) + "/checksums.txt"))) {
            try installer.install(tarball: tarball)
        }
        try packages.directory.write("dist/checksums.txt", "\(String(repeating: "0", count: 64))  other.tar.gz\n")
        #expect(throws: InstallError.refused(package: file, .noChecksumLine(PathName.directory(of: tarball) + "/checksums.txt"))) {
            try installer.install(tarball: tarball)
        }
        #expect(FileSystem.local.kind(of: prefix.path + "/bin") == .missing)
    }

    @Test func namesOfOtherBinariesAndSystemsAreRefused() throws {
        let meli = try packages.hostile("meli_1.0.0_\(packages.platform).tar.gz", [])
        #expect(throws: InstallError.refused(package: PathName.lastComponent(of: meli), .otherBinary("meli"))) { try installer.install(tarball: meli) }
        let other = try packages.hostile("meli-qa_1.0.0_plan9_mips.tar.gz", [])
        #expect(throws: InstallError.refused(package: "meli-qa_1.0.0_plan9_mips.tar.gz", .otherPlatform("plan9/mips"))) { try installer.install(tarball: other) }
        let odd = try packages.hostile("meli-qa-latest.tar.gz", [])
        #expect(throws: InstallError.refused(package: "meli-qa-latest.tar.gz", .badName)) { try installer.install(tarball: odd) }
    }

    /// Each hostile archive, named and checksummed as a real package, is refused with its reason.
    @Test(arguments: HostileCase.all)
    func hostileArchivesInstallNothing(_ hostile: HostileCase) throws {
        let top = packages.top("6.6.6")
        // A small stand-in binary: these archives are refused before anything would run it.
        let binary = Array("#!/bin/sh\necho meli-qa 6.6.6\n".utf8)
        let entries = hostile.entries(top, binary)
        let tarball = try packages.hostile("\(top).tar.gz", entries, end: hostile.end, compress: hostile.compress)
        var installer = installer
        installer.limits = PackageLimits(maxBytes: hostile.maxBytes ?? binary.count + 4096, maxEntries: 20)
        do {
            _ = try installer.install(tarball: tarball)
            Issue.record("\(hostile.name) was installed")
        } catch {
            var expected = hostile.expected(top)
            if expected == .tooLarge(limit: -1) { expected = .tooLarge(limit: installer.limits.maxBytes) }
            #expect(error == .refused(package: top, expected), "\(hostile.name)")
        }
        #expect(FileSystem.local.kind(of: prefix.path + "/bin") == .missing)
        #expect(FileSystem.local.names(in: home) == [".lock"], "\(hostile.name) left \(FileSystem.local.names(in: home))")
        #expect(FileSystem.local.kind(of: packages.directory.path + "/evil/owned") == .missing)
    }

    /// An install stopped after any step, as a kill would stop it, leaves the previous version
    /// running; the next install succeeds and removes what the stopped one left.
    @Test(arguments: InstallStep.allCases)
    func anInstallStoppedAtAnyStepLeavesThePreviousVersionWorking(_ step: InstallStep) throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        let newer = try packages.tarball("2.0.0")
        var stopping = installer
        stopping.interrupt = { $0 == step }
        #expect(throws: InstallError.interrupted(step)) { try stopping.install(tarball: newer) }
        let switched = InstallStep.allCases.firstIndex(of: step)! >= InstallStep.allCases.firstIndex(of: .switched)!
        #expect(resolvedVersion() == (switched ? "2.0.0" : "1.0.0"))
        #expect(try runInstalled().stdout == "meli-qa \(switched ? "2.0.0" : "1.0.0")\n")

        let outcome = try installer.install(tarball: newer)
        #expect(resolvedVersion() == "2.0.0")
        #expect(outcome.previous == (switched ? nil : "1.0.0"))
        #expect(FileSystem.local.linkTarget(home + "/previous") == "1.0.0")
        #expect(leftovers() == [])
        #expect(try runInstalled().stdout == "meli-qa 2.0.0\n")
    }

    @Test func aFirstInstallStoppedAtAnyStepIsFinishedByTheNext() throws {
        let tarball = try packages.tarball("1.0.0")
        for step in InstallStep.allCases {
            var stopping = installer
            stopping.interrupt = { $0 == step }
            #expect(throws: InstallError.interrupted(step)) { try stopping.install(tarball: tarball) }
        }
        _ = try installer.install(tarball: tarball)
        #expect(resolvedVersion() == "1.0.0")
        #expect(leftovers() == [])
    }

    @Test func oneInstallAtATime() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let fd = open(home + "/.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        #expect(throws: InstallError.busy(path: home + "/.lock")) { try installer.install(tarball: try packages.tarball("1.0.0")) }
    }

    @Test func rollbackNeedsAPreviousVersion() throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        #expect(throws: InstallError.noPrevious(binary: "meli-qa", prefix: prefix.path)) { try installer.rollback() }
    }

    /// Not a semantic version: `current` or `previous` would take the place of the installer's own
    /// checksums.txt and the tarball are read as regular files, bounded, without waiting: a
    /// checksums.txt linked to /dev/zero filled the memory, and a fifo hung (attack report).
    @Test func aChecksumsFileOrTarballThatIsNotARegularFileIsRefusedAtOnce() throws {
        let tarball = try packages.tarball("1.0.0", in: "special")
        let sums = PathName.directory(of: tarball) + "/checksums.txt"
        for make in ["ln -sf /dev/zero '\(sums)'", "rm -f '\(sums)' && mkfifo '\(sums)'"] {
            try PackageFixture.shell(make)
            #expect(throws: InstallError.unreadable(path: sums, reason: "not a regular file")) { try installer.install(tarball: tarball) }
        }
        try PackageFixture.shell("rm -f '\(sums)' && head -c 2000000 /dev/zero | tr '\\0' 'a' > '\(sums)'")
        #expect(throws: InstallError.unreadable(path: sums, reason: "larger than 1 MiB")) { try installer.install(tarball: tarball) }
        let fifo = PathName.directory(of: tarball) + "/meli-qa_2.0.0_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
        try PackageFixture.shell("mkfifo '\(fifo)'")
        #expect(throws: InstallError.unreadable(path: fifo, reason: "not a regular file")) { try installer.install(tarball: fifo) }
        #expect(FileSystem.local.kind(of: home + "/current") == .missing)
    }

    /// links in lib/meli-qa (attack report M4).
    @Test(arguments: ["current", "previous", "latest", "1.0", "v1.0.0"])
    func aVersionThatIsNotSemanticIsRefused(_ version: String) throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        let top = packages.top(version)
        let tarball = try packages.hostile("\(top).tar.gz", HostileCase.complete(top, Array("#!/bin/sh\necho x\n".utf8)))
        #expect(throws: InstallError.refused(package: "\(top).tar.gz", .notSemanticVersion(version))) { try installer.install(tarball: tarball) }
        #expect(FileSystem.local.linkTarget(home + "/current") == "1.0.0")
        #expect(FileSystem.local.names(in: home) == [".lock", Installer.madeFoldersRecord, "1.0.0", "current"])
        #expect(resolvedVersion() == "1.0.0")
    }

    /// A folder of the prefix that holds links is itself a link: the relative links would dangle
    /// (attack report M7), so nothing is installed.
    @Test(arguments: ["bin", "share"])
    func aLinkedFolderInThePrefixIsRefused(_ folder: String) throws {
        let elsewhere = packages.directory.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix.path + "/" + folder, withDestinationPath: elsewhere)
        #expect(throws: InstallError.linkedFolder(path: prefix.path + "/" + folder, home: home)) {
            try installer.install(tarball: try packages.tarball("1.0.0"))
        }
        #expect(FileSystem.local.names(in: elsewhere) == [])
        #expect(FileSystem.local.kind(of: home) == .missing)
    }

    /// A user's own link whose target merely mentions lib/meli-qa/ is not the installer's (attack report L3).
    @Test(arguments: ["/home/user/tools/lib/meli-qa/my-wrapper", "../lib/meli-qa/current/bin/meli-qa-wrapper",
                      "../lib/meli-qa/mine/bin/meli-qa", "../../lib/meli-qa/1.0.0/bin/meli-qa", "x/../lib/meli-qa/1.0.0/bin/meli-qa"])
    func aUsersOwnLinkIsNeverReplaced(_ target: String) throws {
        try FileManager.default.createDirectory(atPath: prefix.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix.path + "/bin/meli-qa", withDestinationPath: target)
        #expect(throws: InstallError.notOurs(path: prefix.path + "/bin/meli-qa")) { try installer.install(tarball: try packages.tarball("1.0.0")) }
        #expect(FileSystem.local.linkTarget(prefix.path + "/bin/meli-qa") == target)
    }

    /// Entries are created relative to the staging folder, each parent opened without following
    /// links: a link already in a parent's place (as a case-insensitive file system can make from
    /// another name) is refused, never written through.
    @Test func nothingIsCreatedThroughALinkInTheStagingFolder() throws {
        let staging = packages.directory.path + "/staging"
        let outside = packages.directory.path + "/outside"
        let top = packages.top("1.0.0")
        try FileManager.default.createDirectory(atPath: staging + "/" + top, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(staging)/\(top)/sub", withDestinationPath: outside)
        var unpacker = PackageUnpacker(root: staging, top: top, limits: .standard)
        #expect(throws: InstallError.refused(package: top, .entryUnderLink("\(top)/sub"))) {
            try unpacker.file("\(top)/sub/x", size: 0, executable: false) { (_: Int32) throws(InstallError) in }
        }
        #expect(throws: InstallError.refused(package: top, .entryUnderLink("\(top)/sub"))) { try unpacker.directory("\(top)/sub/d/e") }
        try unpacker.symlink("\(top)/sub/l", target: "../x")
        #expect(throws: InstallError.refused(package: top, .entryUnderLink("\(top)/sub"))) { _ = try unpacker.finish(binary: "meli-qa") }
        #expect(FileSystem.local.names(in: outside) == [])
    }

    @Test func linksAnOlderInstallerResolvedIntoAVersionAreReplacedByLinksThroughCurrent() throws {
        _ = try installer.install(tarball: try packages.tarball("1.0.0"))
        _ = try installer.install(tarball: try packages.tarball("2.0.0"))
        // What scripts/install's realpath made: a link straight into a version folder.
        try FileSystem.local.replaceSymlink(prefix.path + "/bin/meli-qa", target: "../lib/meli-qa/1.0.0/bin/meli-qa")
        _ = try installer.rollback()
        _ = try installer.rollback()
        #expect(FileSystem.local.linkTarget(prefix.path + "/bin/meli-qa") == "../lib/meli-qa/current/bin/meli-qa")
        #expect(resolvedVersion() == "2.0.0")
    }
}

/// One hostile archive: its entries, and the refusal expected.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    var entries: @Sendable (_ top: String, _ binary: [UInt8]) -> [TarWriter.Entry]
    var expected: @Sendable (_ top: String) -> PackageRefusal
    var end = true
    var compress = true
    /// The cap on bytes, when not just above the binary's size (a long name's bytes count too).
    var maxBytes: Int?

    var testDescription: String { name }

    static func complete(_ top: String, _ binary: [UInt8]) -> [TarWriter.Entry] {
        [TarWriter.Entry(name: "\(top)/", type: "5", mode: 0o755), TarWriter.Entry(name: "\(top)/bin/meli-qa", body: binary, mode: 0o755)]
    }

    static func longClimb(_ top: String) -> String { "\(top)/" + String(repeating: "d/", count: 60) + String(repeating: "../", count: 61) + "x" }

    /// `top/d/d/.../d/file`, `depth` components in all.
    static func deep(_ top: String, _ depth: Int, in folder: String = "d") -> String {
        "\(top)/\(folder)/" + String(repeating: "d/", count: depth - 3) + "file"
    }

    /// What a refusal quotes of a long name: its first 100 bytes and `...`.
    static func start(_ name: String) -> String { String(decoding: name.utf8.prefix(100), as: UTF8.self) + "..." }

    static let all: [HostileCase] = [
        HostileCase(name: "dot-dot", entries: { complete($0, $1) + [.init(name: "\($0)/../owned", body: Array("x".utf8))] },
                    expected: { .climbsOut("\($0)/../owned") }),
        HostileCase(name: "absolute", entries: { complete($0, $1) + [.init(name: "/tmp/owned", body: [])] }, expected: { _ in .absolutePath("/tmp/owned") }),
        HostileCase(name: "outside the top folder", entries: { complete($0, $1) + [.init(name: "other/file", body: [])] },
                    expected: { .outsideFolder("other/file", top: $0) }),
        HostileCase(name: "hard link", entries: { complete($0, $1) + [.init(name: "\($0)/hard", type: "1", link: "\($0)/bin/meli-qa")] },
                    expected: { .hardLink("\($0)/hard") }),
        HostileCase(name: "fifo", entries: { complete($0, $1) + [.init(name: "\($0)/fifo", type: "6")] }, expected: { .specialFile("\($0)/fifo") }),
        HostileCase(name: "device", entries: { complete($0, $1) + [.init(name: "\($0)/dev", type: "3")] }, expected: { .specialFile("\($0)/dev") }),
        HostileCase(name: "link to an absolute path", entries: { complete($0, $1) + [.init(name: "\($0)/share", type: "2", link: "/etc")] },
                    expected: { .linkLeadsOut("\($0)/share") }),
        HostileCase(name: "link climbing out", entries: { complete($0, $1) + [.init(name: "\($0)/up", type: "2", link: "../..")] },
                    expected: { .linkLeadsOut("\($0)/up") }),
        HostileCase(name: "link out through another link", entries: {
            complete($0, $1) + [.init(name: "\($0)/bin/self", type: "2", link: ".."), .init(name: "\($0)/x", type: "2", link: "bin/self/../../evil/owned")]
        }, expected: { .linkLeadsOut("\($0)/x") }),
        HostileCase(name: "a file under a link", entries: {
            complete($0, $1) + [.init(name: "\($0)/share", type: "2", link: "bin"), .init(name: "\($0)/share/x", body: [])]
        }, expected: { .entryUnderLink("\($0)/share") }),
        HostileCase(name: "control character", entries: { complete($0, $1) + [.init(name: "\($0)/a\u{1b}[2Jb", body: [])] },
                    expected: { .controlCharacters("\($0)/a\\x1b[2Jb") }),
        HostileCase(name: "NUL inside a name", entries: {
            complete($0, $1) + [.init(name: "", body: [], rawName: Array("\($0)/a".utf8) + [0] + Array("b".utf8))]
        }, expected: { .controlCharacters("\($0)/a\\x00b") }),
        // A name that shows as another one (U+202E reverses what follows) or holds a C1 control,
        // and a link to nothing (attack report, issue 22 round 2: both installed or failed as a write).
        HostileCase(name: "a character that reorders text", entries: { complete($0, $1) + [.init(name: "\($0)/a\u{202E}gpj.sh", body: [])] },
                    expected: { .controlCharacters("\($0)/a\\u{202E}gpj.sh") }),
        HostileCase(name: "a C1 control", entries: { complete($0, $1) + [.init(name: "\($0)/a\u{9B}2Jb", body: [])] },
                    expected: { .controlCharacters("\($0)/a\\u{9B}2Jb") }),
        HostileCase(name: "a link with an empty target", entries: { complete($0, $1) + [.init(name: "\($0)/nowhere", type: "2", link: "")] },
                    expected: { .emptyLink("\($0)/nowhere") }),
        HostileCase(name: "long name climbing out", entries: { complete($0, $1) + [.init(name: longClimb($0), body: [], longName: true)] },
                    expected: { .climbsOut(longClimb($0)) }),
        HostileCase(name: "duplicate", entries: { complete($0, $1) + [.init(name: "\($0)/bin/meli-qa", body: [], mode: 0o755)] },
                    expected: { .duplicate("\($0)/bin/meli-qa") }),
        HostileCase(name: "no binary", entries: { top, _ in [.init(name: "\(top)/README.md", body: [])] }, expected: { _ in .noBinary("bin/meli-qa") }),
        HostileCase(name: "binary not executable", entries: { top, binary in [.init(name: "\(top)/bin/meli-qa", body: binary)] },
                    expected: { _ in .noBinary("bin/meli-qa") }),
        HostileCase(name: "too large", entries: { complete($0, $1) + [.init(name: "\($0)/big", body: [UInt8](repeating: 7, count: 8192))] },
                    expected: { _ in .tooLarge(limit: -1) }),
        HostileCase(name: "too many entries", entries: { top, binary in complete(top, binary) + (0..<30).map { .init(name: "\(top)/f\($0)", body: []) } },
                    expected: { _ in .tooManyEntries(limit: 20) }),
        HostileCase(name: "truncated", entries: { complete($0, $1) }, expected: { _ in .truncated }, end: false),
        HostileCase(name: "not gzip", entries: { complete($0, $1) }, expected: { _ in .notGzip }, compress: false),
        // Names and link targets are split at the byte '/', as the kernel does: U+0600 (a prepend
        // character) before a '/' or a combining mark after one makes one Swift Character of it,
        // hiding the '..' after it from a Character-level split (attack report H1).
        HostileCase(name: "'..' hidden behind a prepend character", entries: {
            complete($0, $1) + [.init(name: "\($0)/z\u{600}/../owned", body: Array("x".utf8))]
        }, expected: { .climbsOut("\($0)/z\u{600}/../owned") }),
        HostileCase(name: "'..' hidden before a combining mark", entries: {
            complete($0, $1) + [.init(name: "\($0)/../\u{301}owned", body: Array("x".utf8))]
        }, expected: { .climbsOut("\($0)/../\u{301}owned") }),
        HostileCase(name: "link out hidden behind a prepend character", entries: {
            complete($0, $1) + [.init(name: "\($0)/a\u{600}", type: "5", mode: 0o755),
                                .init(name: "\($0)/evil", type: "2", link: "a\u{600}/../a\u{600}/../../../evil/owned")]
        }, expected: { .linkLeadsOut("\($0)/evil") }),
        HostileCase(name: "link out hidden before a combining mark", entries: {
            complete($0, $1) + [.init(name: "\($0)/bin/up", type: "2", link: "../../\u{301}x")]
        }, expected: { .linkLeadsOut("\($0)/bin/up") }),
        HostileCase(name: "a link under a link, named through a hidden '..'", entries: {
            complete($0, $1) + [.init(name: "\($0)/z\u{600}", type: "5", mode: 0o755), .init(name: "\($0)/0", type: "2", link: "bin"),
                                .init(name: "\($0)/z\u{600}/../0/planted", type: "2", link: "x")]
        }, expected: { .climbsOut("\($0)/z\u{600}/../0/planted") }),
        // A pax 'size' that disagrees with the header: GNU tar would read other bodies (attack report L6).
        HostileCase(name: "pax size disagreeing with the header", entries: {
            complete($0, $1) + [.init(name: "\($0)/PaxHeaders/y", type: "x", body: Array("10 size=0\n".utf8)),
                                .init(name: "\($0)/y", body: [UInt8](repeating: 0x79, count: 600))]
        }, expected: { _ in .damagedHeader(offset: 2560) }),
        // Bounded trees (issue 22): 949 bytes of GNU long names 30,000 components deep made
        // 150,000 folders (586 MB) that no later run could remove, and one 60 KB link target kept
        // the link check busy for 95 s.
        HostileCase(name: "a long name of 30,000 components", entries: { complete($0, $1) + [.init(name: deep($0, 30_000), body: [], longName: true)] },
                    expected: { .pathTooLong(start(deep($0, 30_000)), limit: 1024) }, maxBytes: 1 << 20),
        HostileCase(name: "a name more than 32 levels deep", entries: { complete($0, $1) + [.init(name: deep($0, 33), body: [])] },
                    expected: { .tooDeep(deep($0, 33), limit: 32) }),
        HostileCase(name: "folders made on the way counted as entries", entries: { top, binary in
            complete(top, binary) + (0..<2).map { .init(name: deep(top, 12, in: "f\($0)"), body: []) }
        }, expected: { _ in .tooManyEntries(limit: 20) }),
        HostileCase(name: "a link target of 60 KB", entries: {
            complete($0, $1) + [.init(name: "\($0)/l", type: "2", link: String(repeating: "a/", count: 30_000) + "a", longLink: true)]
        }, expected: { .linkTooLong("\($0)/l", limit: 1024) }, maxBytes: 1 << 20),
        HostileCase(name: "unsupported type", entries: { complete($0, $1) + [.init(name: "\($0)/sparse", type: "S")] },
                    expected: { .unsupportedEntry("\($0)/sparse", type: "S") }),
    ]
}
