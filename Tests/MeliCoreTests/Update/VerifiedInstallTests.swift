import Foundation
import Testing
@testable import MeliCore

/// Verify once, install what was verified (issue 22, items 1 and 11): a tarball is read once into
/// a private copy under the install lock; its sha256 and its signature (of the statement naming the
/// package and the copy's sha256) are checked on that copy, and only that copy is unpacked.
@Suite("Verified install", .serialized)
struct VerifiedInstallTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }
    var home: String { prefix.path + "/lib/meli-qa" }

    func runInstalled() throws -> RunResult {
        try BinaryRunner.run(prefix.path + "/bin/meli-qa", ["--version"], environment: ["HOME": prefix.path + "/home", "PATH": "/usr/bin:/bin"])
    }

    func resolvedVersion() -> String? {
        FileSystem.local.realPath(prefix.path + "/bin/meli-qa").map { PathName.lastComponent(of: PathName.directory(of: PathName.directory(of: $0))) }
    }

    /// Rewrites the file at `path` in place (same inode, as its owner holding it open would): a
    /// rename would leave the installer's open descriptor on the old bytes.
    static func rewrite(_ path: String, with bytes: Data) {
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        handle.truncateFile(atOffset: 0)
        handle.write(bytes)
        handle.closeFile()
    }

    /// The tarball's owner rewrites it after it was checked and before it is unpacked (the attack:
    /// a two-member gzip widened that window to a second, and root installed the attacker's
    /// `bin/meli-qa` as "signed"). The fault point `.verified` comes after the checks: what runs
    /// afterwards is the package that was checked, signed or not.
    @Test(arguments: [false, true])
    func aTarballRewrittenAfterItsChecksInstallsTheBytesThatWereChecked(signed: Bool) throws {
        let tarball = try packages.tarball("1.0.0")
        let top = packages.top("1.0.0")
        let evil = try packages.hostile("\(top).tar.gz", HostileCase.complete(top, Array("#!/bin/sh\necho owned\n".utf8)), in: "attacker")
        let evilBytes = try Data(contentsOf: URL(fileURLWithPath: evil))
        var installer = installer
        if signed {
            let key = try SigningKey()
            try key.signPackage(at: tarball)
            installer.trustedKeys = key.trusted
        }
        let rewritten = Collected<InstallStep>()
        installer.interrupt = { step in
            if step == .verified {
                Self.rewrite(tarball, with: evilBytes)
                rewritten.append(step)
            }
            return false
        }
        let outcome = try installer.install(tarball: tarball)
        #expect(rewritten.items == [.verified])
        #expect(try Data(contentsOf: URL(fileURLWithPath: tarball)) == evilBytes, "the file was rewritten")
        #expect(outcome.signatureChecked == signed)
        #expect(try runInstalled().stdout == "meli-qa 1.0.0\n")
        #expect(FileSystem.local.names(in: home).filter { $0.hasPrefix(".incoming.") }.isEmpty)
    }

    /// The signature is of the statement `meli-package-v1 <file> <sha256>\n`: of this name and the
    /// sha256 of the copy that is unpacked. A signature of the whole file (the format before), of
    /// another name for the same bytes, of other bytes, or by another key is refused, and nothing
    /// is unpacked; a package with no signature is refused before anything is written.
    @Test func onlyATrustedKeysStatementOfThisNameAndSha256Installs() throws {
        let key = try SigningKey()
        var installer = installer
        installer.trustedKeys = key.trusted
        let tarball = try packages.tarball("1.0.0")
        let file = PathName.lastComponent(of: tarball)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: tarball)))
        let sha256 = SHA256.hex(bytes)

        #expect(throws: InstallError.refused(package: file, .unsigned)) { try installer.install(tarball: tarball) }
        #expect(FileSystem.local.kind(of: prefix.path + "/lib") == .missing, "refused before anything is written")

        let other = try SigningKey()
        let wrong: [(String, [UInt8])] = [
            ("the whole file", try key.sign(bytes)),
            ("another name", try key.signPackage(file: packages.top("9.9.9") + ".tar.gz", sha256: sha256)),
            ("another sha256", try key.signPackage(file: file, sha256: String(repeating: "0", count: 64))),
            ("upper-case hex", try key.signPackage(file: file, sha256: sha256.uppercased())),
            ("another key", try other.signPackage(file: file, sha256: sha256)),
        ]
        for (name, signature) in wrong {
            try Data(signature).write(to: URL(fileURLWithPath: tarball + ".sig"))
            #expect(throws: InstallError.refused(package: file, .badSignature), "\(name)") { try installer.install(tarball: tarball) }
            // A feed's signature is held to the same statement.
            #expect(throws: InstallError.refused(package: file, .badSignature), "\(name)") { try installer.install(tarball: tarball, signature: signature) }
        }
        #expect(FileSystem.local.kind(of: prefix.path + "/bin") == .missing)
        #expect(FileSystem.local.names(in: home) == [".lock"])

        try key.signPackage(at: tarball)
        let outcome = try installer.install(tarball: tarball)
        #expect(outcome.signatureChecked)
        #expect(try runInstalled().stdout == "meli-qa 1.0.0\n")
        // The feed's copy of the signature (its "ed25519" field) installs the same way.
        let newer = try packages.tarball("2.0.0")
        let signature = try key.signPackage(file: PathName.lastComponent(of: newer), sha256: SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: newer)))))
        #expect(try installer.install(tarball: newer, signature: signature).signatureChecked)
        #expect(resolvedVersion() == "2.0.0")
    }

    /// `refuseDowngrade` runs under the install lock too (issue 22, item 11): an install that read
    /// the version in use before another install switched it must not then take it back. The other
    /// install runs, for real, right after the first one read `current` the first time.
    @Test func aDowngradeIsRefusedUnderTheLockWhenAnotherInstallSwitchedFirst() throws {
        let older = try packages.tarball("1.0.0")
        let newer = try packages.tarball("2.0.0")
        let other = installer
        let current = home + "/current"
        let raced = Collected<String>()
        var racing = installer
        racing.fileSystem.linkText = { path in
            let text = FileSystem.local.linkTarget(path)
            if path == current, raced.items.isEmpty {
                raced.append(path)
                _ = try? other.install(tarball: newer)
            }
            return text
        }
        #expect(throws: InstallError.downgrade(binary: "meli-qa", installed: "2.0.0", package: "1.0.0")) { try racing.install(tarball: older) }
        #expect(raced.items.count == 1)
        #expect(resolvedVersion() == "2.0.0")
        #expect(try runInstalled().stdout == "meli-qa 2.0.0\n")
    }

    /// The copy is private to the install: made in the staging folder and unlinked at once, so an
    /// install stopped right after its checks leaves nothing of it but the staging folder, which
    /// the next install removes.
    @Test func theCopyLeavesNothingBehind() throws {
        let tarball = try packages.tarball("1.0.0")
        var stopping = installer
        stopping.interrupt = { $0 == .verified }
        #expect(throws: InstallError.interrupted(.verified)) { try stopping.install(tarball: tarball) }
        let staging = FileSystem.local.names(in: home).filter { $0.hasPrefix(".incoming.") }
        #expect(staging.count == 1)
        #expect(staging.allSatisfy { FileSystem.local.names(in: home + "/" + $0).isEmpty }, "the copy was unlinked")
        #expect(FileSystem.local.permissions(of: home + "/" + (staging.first ?? "")) == 0o700)
        _ = try installer.install(tarball: tarball)
        #expect(FileSystem.local.names(in: home).filter { $0.hasPrefix(".incoming.") }.isEmpty)
        #expect(resolvedVersion() == "1.0.0")
    }
}
