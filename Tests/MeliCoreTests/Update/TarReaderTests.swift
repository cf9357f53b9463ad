import Foundation
import Testing
@testable import MeliCore

/// The tar reader against archives GNU tar writes.
@Suite("Tar reader")
struct TarReaderTests {
    /// GNU tar writes a link's long target ('K') before its long name ('L'): both hold for the
    /// entry after them. The reader forgot the target at the 'L' and took the header's first 100
    /// bytes of it instead.
    @Test func aLinkWithALongNameAndALongTargetIsReadWhole() throws {
        let folder = try TemporaryDirectory()
        let target = String(repeating: "t", count: 150)
        let name = String(repeating: "n", count: 120)
        try PackageFixture.shell("cd '\(folder.path)' && mkdir top && ln -s \(target) top/\(name) && tar --format=gnu -cf x.tar top")
        let fd = open(folder.path + "/x.tar", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var reader = TarReader(stream: ByteStream(descriptor: fd), limits: .standard)
        #expect(try reader.next() == TarEntry(name: "top/", kind: .directory, size: 0))
        #expect(try reader.next() == TarEntry(name: "top/\(name)", kind: .symlink(target: target), size: 0))
        #expect(try reader.next() == nil)
    }
}
