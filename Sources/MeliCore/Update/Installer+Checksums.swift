#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a tarball's expected sha256 and signature come from when they are not given: the
/// checksums.txt and the `<tarball>.sig` beside it.
extension Installer {
    /// The detached signature `<tarball>.sig` (64 raw bytes, as `openssl pkeyutl -sign -rawin` writes it), if there is one.
    /// Read only as a regular file of at most 1 KiB, its size checked before it is read (a 3 GB
    /// .sig was read whole: 4.3 GB of memory; attack report).
    static func signatureBeside(_ path: String, fileSystem: FileSystem) -> [UInt8]? {
        guard fileSystem.kind(of: path + ".sig") == .file else { return nil }
        return try? BoundedFile.read(path + ".sig", limit: 1024)
    }

    /// The sha256 the checksums.txt beside `tarball` gives for it (`<sha256>  <file>` lines).
    /// Read only as a regular file of at most `maxChecksumsBytes`, opened without waiting: a
    /// checksums.txt linked to /dev/zero filled the memory, and a fifo hung the install.
    static func publishedSHA256(of tarball: String, fileSystem: FileSystem = .local) throws(InstallError) -> String {
        let file = PathName.lastComponent(of: tarball)
        let sums = PathName.directory(of: tarball) + "/checksums.txt"
        guard fileSystem.kind(of: sums) != .missing else { throw .refused(package: file, .noChecksums(sums)) }
        let text: [UInt8]
        do { text = try BoundedFile.read(sums, limit: maxChecksumsBytes) } catch {
            switch error {
            case .notRegular: throw .unreadable(path: sums, reason: "not a regular file")
            case .tooLarge: throw .unreadable(path: sums, reason: "larger than 1 MiB")
            case .untrusted: throw .unreadable(path: sums, reason: "not trusted")
            case .unreadable(let reason): throw .unreadable(path: sums, reason: reason)
            }
        }
        return try publishedSHA256(of: file, in: text, listing: sums)
    }

    static let maxChecksumsBytes = 1 << 20

    /// The sha256 the checksums.txt `text` (read from `listing`, a path or URL) gives for `file`.
    static func publishedSHA256(of file: String, in text: [UInt8], listing: String) throws(InstallError) -> String {
        for line in String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ", maxSplits: 1).map { String($0.drop { $0 == " " }) }
            if fields.count == 2, fields[1] == file || fields[1] == "*" + file { return fields[0].lowercased() }
        }
        throw .refused(package: file, .noChecksumLine(listing))
    }
}
