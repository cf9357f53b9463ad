import Foundation
import Testing
@testable import MeliCore

/// A package's binary is the version its name says (issue 24: a leftover 0.1.0 build packaged as
/// meli_0.1.1 installed as 0.1.1, and `meli --version` said 0.1.0).
@Suite("Build stamp", .serialized)
struct BuildStampTests {
    let packages: PackageFixture
    let prefix: TemporaryDirectory

    init() throws {
        packages = try PackageFixture(standIn: true)
        prefix = try TemporaryDirectory()
    }

    var installer: Installer { Installer(prefix: prefix.path, binary: "meli-qa", environment: ["PATH": "/usr/bin:/bin"]) }

    /// A stand-in binary stamped as a stamped build is (the marker, the version, a NUL), after
    /// `padding` bytes of the marker's first letter.
    static func standIn(stamp version: String?, padding: Int = 0) -> [UInt8] {
        var bytes = Array("#!/bin/sh\necho 'meli-qa \(version ?? "0.0.0-unstamped")'\nexit 0\n#".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "M"), count: padding)
        bytes += BuildStamp.marker + Array((version ?? "").utf8) + [0]
        return bytes
    }

    /// The versions `BuildStamp` finds in a file of `bytes`.
    func versions(_ bytes: [UInt8]) throws -> [String]? {
        let path = packages.directory.path + "/binary"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        return BuildStamp.versions(in: fd)
    }

    /// A package folder of `name`'s version whose binary is stamped `stamp` (nil: unstamped).
    func folder(_ name: String, stamp: String?) throws -> String {
        let root = try packages.folder(name)
        let binary = root + "/bin/meli-qa"
        try Data(Self.standIn(stamp: stamp)).write(to: URL(fileURLWithPath: binary))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        return root
    }

    @Test(arguments: [0, 1, 65_500, 65_536 - 30, 65_536 - 3, 200_000])
    func theStampIsFoundWhereverThePiecesSplitIt(padding: Int) throws {
        #expect(try versions(Self.standIn(stamp: "1.2.0-rc.3", padding: padding)) == ["1.2.0-rc.3"])
    }

    @Test func anUnstampedBuildAndAFileWithoutMarkerSayNothing() throws {
        #expect(try versions(Self.standIn(stamp: nil)) == [""])
        #expect(try versions(Array("#!/bin/sh\necho meli-qa 1.0.0\n".utf8)) == [])
        // A marker cut short is no stamp.
        #expect(try versions(Array(BuildStamp.marker.dropLast()) + Array("1.0.0".utf8) + [0]) == [])
    }

    /// An attack round: a version too long for a stamp swallowed the byte after it, hiding a
    /// marker that began there ('9.9.9' installed as 0.2.0); a file of markers alone kept one
    /// empty version each (1 GB of memory for a 2.4 MB download).
    @Test func anOverlongStampMatchesNothingAndHidesNoMarkerAndMarkersAloneCostNothing() throws {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: BuildStamp.maxVersionBytes)
        let found = try versions(BuildStamp.marker + long + BuildStamp.marker + Array("9.9.9".utf8) + [0])
        #expect(found == [String(decoding: long, as: UTF8.self) + "…", "9.9.9"])
        let mislabelled = try folder("0.2.0", stamp: nil)
        try Data(Array("#!/bin/sh\nexit 0\n#".utf8) + BuildStamp.marker + long + BuildStamp.marker + Array("0.2.0".utf8) + [0])
            .write(to: URL(fileURLWithPath: mislabelled + "/bin/meli-qa"))
        let name = PathName.lastComponent(of: mislabelled)
        #expect(throws: InstallError.refused(package: name, .stampMismatch(binary: String(decoding: long, as: UTF8.self) + "…", name: "0.2.0"))) {
            try installer.install(folder: mislabelled)
        }
        // 200,000 markers with empty versions: one stamp kept; four different ones stop the scan.
        #expect(try versions([UInt8]((0..<200_000).map { _ in BuildStamp.marker + [0] }.joined())) == [""])
        var many: [UInt8] = []
        for patch in 1...10 { many += BuildStamp.marker + Array("1.0.\(patch)".utf8) + [0] }
        #expect(try versions(many)?.count == BuildStamp.maxStamps)
    }

    @Test func aPackageWhoseBinaryIsAnotherVersionIsRefusedAndNothingIsInstalled() throws {
        let mislabelled = try folder("0.1.1", stamp: "0.1.0")
        let name = PathName.lastComponent(of: mislabelled)
        #expect(throws: InstallError.refused(package: name, .stampMismatch(binary: "0.1.0", name: "0.1.1"))) {
            try installer.install(folder: mislabelled)
        }
        #expect(FileSystem.local.kind(of: prefix.path + "/lib/meli-qa/0.1.1") == .missing)
        #expect(FileSystem.local.kind(of: prefix.path + "/bin/meli-qa") == .missing)
        // It says what to do, beside what is wrong.
        #expect(PackageRefusal.stampMismatch(binary: "0.1.0", name: "0.1.1").hint != nil)
    }

    @Test func aTarballWhoseBinaryIsAnotherVersionIsRefused() throws {
        _ = try folder("0.1.1", stamp: "0.1.0")
        let top = packages.top("0.1.1")
        let tarball = packages.directory.path + "/\(top).tar.gz"
        try PackageFixture.shell("tar --format=gnu -C '\(packages.directory.path)/src' -cf - '\(top)' | gzip -n > '\(tarball)'")
        try packages.addChecksum(tarball)
        #expect(throws: InstallError.refused(package: top, .stampMismatch(binary: "0.1.0", name: "0.1.1"))) {
            try installer.install(tarball: tarball)
        }
        #expect(FileSystem.local.kind(of: prefix.path + "/lib/meli-qa/0.1.1") == .missing)
    }

    @Test(arguments: ["0.1.1", nil] as [String?])
    func aBinaryOfTheNamedVersionOrUnstampedIsInstalled(stamp: String?) throws {
        let outcome = try installer.install(folder: try folder("0.1.1", stamp: stamp))
        #expect(outcome.version == "0.1.1")
    }
}
