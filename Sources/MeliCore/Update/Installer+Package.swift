#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Verify once, install what was verified: a package is read once, into a private copy that only
/// the installing user can reach, hashed as it is copied; the sha256 and the signature are checked
/// against that copy, and only that copy is unpacked. The file the package came from may change
/// at any moment after the copy (its owner rewrote it between the checks and the unpack, and root
/// installed the rewritten binary as "signed": issue 22), and it makes no difference.
extension Installer {
    /// The name the private copy has in the staging folder, for the moment between its creation
    /// and its removal (it is unlinked at once and kept open).
    static let privateCopyName = "package.tar.gz"

    /// Installs the package open at `source` (a regular file; `file` its name, `path` where it was
    /// read, for errors): under the install lock, copies it into the staging folder, checks the
    /// copy's sha256 against `expectedSHA256` and, when this binary trusts keys, `signature` against
    /// the statement of the copy's name and sha256 (`SignedStatement.package`), then unpacks the copy.
    func install(package source: Int32, file: String, path: String, expectedSHA256: String, signature: [UInt8]?) throws(InstallError) -> Outcome {
        let name: PackageName
        do { name = try PackageName(file, binary: binary) } catch { throw .refused(package: file, error) }
        guard file.hasSuffix(".tar.gz") else { throw .refused(package: file, .badName) }
        try checkPackageFile(source, path: path, file: file)
        // No signature at all is refused before anything is read or written.
        if !trustedKeys.isEmpty, signature == nil { throw .refused(package: file, .unsigned) }
        let expected = expectedSHA256.lowercased()
        var outcome = try install(name) { (staging: String, unpacker: inout PackageUnpacker) throws(InstallError) in
            let copy = try privateCopy(of: source, path: path, file: file, in: staging)
            defer { close(copy.descriptor) }
            guard copy.sha256 == expected else { throw .refused(package: file, .checksumMismatch(actual: copy.sha256, expected: expected)) }
            if !trustedKeys.isEmpty { try checkSignature(signature, file: file, sha256: copy.sha256) }
            try stop(.verified)
            guard lseek(copy.descriptor, 0, SEEK_SET) == 0 else { throw .cannotWrite(path: staging, reason: FileSystem.reason()) }
            try PackageSource.unpackTarball(descriptor: copy.descriptor, into: &unpacker, environment: environment)
        }
        outcome.signatureChecked = !trustedKeys.isEmpty
        return outcome
    }

    /// Refuses what is open at `fd` unless it is a regular file of at most the package limit:
    /// compressed, a package is smaller than unpacked, so a larger file is refused unread.
    func checkPackageFile(_ fd: Int32, path: String, file: String) throws(InstallError) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= limits.maxBytes else { throw .refused(package: file, .tooLarge(limit: limits.maxBytes)) }
    }

    /// Copies `source`, from its start, into a new file of `staging` (which must be a folder of
    /// this user's alone, as mkdtemp makes it), hashing what it copies and never more than
    /// `limits.maxBytes`. The copy is made with O_EXCL, 0600, and unlinked at once: nothing but
    /// the descriptor returned (rewound) reaches it.
    private func privateCopy(of source: Int32, path: String, file: String, in staging: String) throws(InstallError) -> (descriptor: Int32, sha256: String) {
        let folder = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw .cannotWrite(path: staging, reason: FileSystem.reason()) }
        defer { close(folder) }
        var info = stat()
        guard fstat(folder, &info) == 0 else { throw .cannotWrite(path: staging, reason: FileSystem.reason()) }
        guard UInt32(info.st_uid) == UInt32(geteuid()), info.st_mode & 0o077 == 0 else { throw .stagingNotPrivate(path: staging) }
        let copy = openat(folder, Self.privateCopyName, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard copy >= 0 else { throw .cannotWrite(path: staging + "/" + Self.privateCopyName, reason: FileSystem.reason()) }
        _ = unlinkat(folder, Self.privateCopyName, 0)
        do throws(InstallError) {
            guard lseek(source, 0, SEEK_SET) == 0 else { throw InstallError.unreadable(path: path, reason: FileSystem.reason()) }
            var hasher = SHA256.Hasher()
            var copied = 0
            let limit = limits.maxBytes
            let complete = try FileSystem.readPieces(source) { (piece: ArraySlice<UInt8>) throws(InstallError) in
                // A file that grew since it was checked is still held to the limit.
                copied += piece.count
                guard copied <= limit else { throw .refused(package: file, .tooLarge(limit: limit)) }
                hasher.update(piece)
                guard FileSystem.writeAll(piece, to: copy) else { throw .cannotWrite(path: staging, reason: FileSystem.reason()) }
            }
            guard complete else { throw InstallError.unreadable(path: path, reason: FileSystem.reason()) }
            return (copy, hasher.hex())
        } catch {
            close(copy)
            throw error
        }
    }

    /// Refuses the package unless `signature` is a trusted key's signature of the statement
    /// naming `file` and the sha256 of the copy that will be unpacked.
    private func checkSignature(_ signature: [UInt8]?, file: String, sha256: String) throws(InstallError) {
        guard let signature else { throw .refused(package: file, .unsigned) }
        let valid: Bool
        do { valid = try trustedKeys.verify(signature: signature, of: SignedStatement.package(file: file, sha256: sha256)) } catch {
            throw .noCrypto(library: error.library)
        }
        guard valid else { throw .refused(package: file, .badSignature) }
    }
}
