#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The version a meli binary was stamped with, read from its bytes without running it: the stamp
/// (`Sources/CBuildStamp`) keeps it right after a marker. One check for every install: a package
/// whose binary reports another version than its name says (a leftover 0.1.0 build packaged as
/// 0.1.1) is refused; `scripts/package --binary` makes the same comparison with `--version`.
enum BuildStamp {
    /// The bytes right before the version: "MELI_BUILD_VERSION" and 0x1F. Built here at run time,
    /// so this code's own constants never hold the marker the way a stamp does.
    static let marker: [UInt8] = Array("MELI_BUILD_VERSION".utf8) + [0x1F]
    /// A version longer than this is no stamp (the package names' limit keeps them far shorter).
    static let maxVersionBytes = 128

    /// The different versions stamped in the file open at `fd`, in the order found, read from its
    /// start in pieces (a binary is never held whole): an empty one for an unstamped build; a
    /// version longer than `maxVersionBytes` as its first bytes and "…" (no stamp is that long, so
    /// it never matches). At most `maxStamps` of them, the scan stopping there: a file of markers
    /// alone once kept a billion empty versions (1 GB of memory for a 2.4 MB download). Empty when
    /// there is no marker at all (a stand-in script); nil when the file could not be read.
    static func versions(in fd: Int32) -> [String]? {
        var scanner = Scanner()
        let complete = FileSystem.readPieces(fd) { (piece: ArraySlice<UInt8>) in scanner.scan(piece) }
        return complete ? scanner.found : nil
    }

    /// The most different stamps kept: a build has one.
    static let maxStamps = 4

    /// Refuses the package `package` unless the binary at `path` is unstamped or stamped with
    /// `version`, the version its name says. An unstamped build (a plain `swift build`) says
    /// nothing it could contradict.
    static func check(binaryAt path: String, version: String, package: String) throws(InstallError) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: FileSystem.reason()) }
        defer { close(fd) }
        guard let stamps = versions(in: fd) else { throw .unreadable(path: path, reason: FileSystem.reason()) }
        if let other = stamps.first(where: { !$0.isEmpty && $0 != version }) {
            throw .refused(package: package, .stampMismatch(binary: other, name: version))
        }
    }

    /// Finds the marker and the NUL-ended version after it, across the pieces of a file.
    private struct Scanner {
        var found: [String] = []
        /// How many bytes of the marker the bytes just read end with.
        var matched = 0
        /// The version being read, after a whole marker.
        var version: [UInt8]?

        /// Where `byte` next occurs in `piece` from `index` on: memchr, which a debug build's
        /// `firstIndex(of:)` took 0.45 s to match over a 17.9 MB debug binary.
        private static func firstIndex(of byte: UInt8, in piece: ArraySlice<UInt8>, from index: Int) -> Int? {
            piece.withUnsafeBufferPointer { buffer -> Int? in
                let offset = index - piece.startIndex
                guard let base = buffer.baseAddress, offset < buffer.count,
                    let found = memchr(base + offset, Int32(byte), buffer.count - offset)
                else { return nil }
                return index + UnsafeRawPointer(base + offset).distance(to: UnsafeRawPointer(found))
            }
        }

        mutating func keep(_ stamp: String) {
            if !found.contains(stamp) { found.append(stamp) }
        }

        mutating func scan(_ piece: ArraySlice<UInt8>) {
            let marker = BuildStamp.marker
            var index = piece.startIndex
            while index < piece.endIndex, found.count < BuildStamp.maxStamps {
                let byte = piece[index]
                if var text = version {
                    if byte == 0 {
                        keep(String(decoding: text, as: UTF8.self))
                        version = nil
                    } else if text.count >= BuildStamp.maxVersionBytes {
                        // Too long for a stamp: kept as one that matches nothing, and this byte
                        // looked at again, as it may begin the next marker.
                        keep(String(decoding: text, as: UTF8.self) + "…")
                        version = nil
                        continue
                    } else {
                        text.append(byte)
                        version = text
                    }
                } else if matched == 0 {
                    // The marker's first byte occurs once in it: skip to its next occurrence.
                    guard let next = Self.firstIndex(of: marker[0], in: piece, from: index) else { return }
                    index = next
                    matched = 1
                } else if byte == marker[matched] {
                    matched += 1
                    if matched == marker.count {
                        matched = 0
                        version = []
                    }
                } else {
                    matched = byte == marker[0] ? 1 : 0
                }
                index += 1
            }
        }
    }
}
