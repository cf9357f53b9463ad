#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs, switches, rolls back and removes one binary's versions in one prefix:
///
///     <prefix>/lib/<binary>/<version>/      an unpacked package, one folder per version
///     <prefix>/lib/<binary>/<version>_<n>/  another copy of a version, installed beside the
///                                           one in use by a reinstall that found it differed
///     <prefix>/lib/<binary>/current, previous   relative links to a version folder's name
///     <prefix>/bin/<binary>, share/<binary>, the man page, the completions:
///                                           relative links through lib/<binary>/current
///
/// Every link is computed as text, never by resolving links. A version becomes the one in use by a
/// single rename(2) of a new `current` link over the old one, after it is unpacked, checked and in
/// place, so an install stopped at any point leaves the previous version working; the next one
/// removes what it left. Nothing in the prefix that the installer did not make is overwritten.
/// The folders it makes are 0755 whatever the umask, and it uses no folder of the prefix that
/// another user could change (`checkPrefixFolders`).
struct Installer: Sendable {
    var prefix: String
    var binary: String
    var limits = PackageLimits.standard
    /// For finding gzip (`PATH`).
    var environment: [String: String] = [:]
    /// Where the prefix is read and changed.
    var fileSystem: FileSystem = .local
    /// Whether a package older than the version in use may be installed (`--allow-downgrade`).
    var allowDowngrade = false
    /// The keys a package must be signed by; with none, its origin is not checked (said in `Outcome`).
    var trustedKeys = SigningKeys(keys: [])
    /// Fault injection for tests: returning true after a step stops the install there, as a kill
    /// would, leaving everything as it is (no clean-up runs).
    var interrupt: (@Sendable (InstallStep) -> Bool)?

    /// What an install did.
    struct Outcome: Sendable, Hashable {
        var version: String
        /// The version in use before, when it was another one.
        var previous: String?
        /// The version was the one in use already.
        var unchanged: Bool
        /// Whether a trusted key's signature was checked (false: this binary trusts no key).
        var signatureChecked = false
        /// Installed from an unpacked package folder: nothing was checked, as the sha256 and the
        /// signature are the tarball's.
        var fromFolder = false
        /// The version was the one in use, but the copy in use differed from the package (here
        /// first, relative to the version folder): the package's copy was installed beside it
        /// and switched to, as an upgrade is.
        var repaired: String?
    }

    var home: String { "\(prefix)/lib/\(binary)" }

    /// Each link in the prefix and the path it reaches inside the version folder (the same).
    var links: [String] {
        ["bin/\(binary)", "share/\(binary)", "share/man/man1/\(binary).1", "share/bash-completion/completions/\(binary)",
         "share/zsh/site-functions/_\(binary)", "share/fish/vendor_completions.d/\(binary).fish"]
    }

    /// `../lib/<binary>/current/<link>` with one `..` per folder of `link`: relative, through `current`.
    func linkTarget(_ link: String) -> String {
        let depth = PathName.components(link).count - 1
        return String(repeating: "../", count: depth) + "lib/\(binary)/current/\(link)"
    }

    /// Installs the tarball at `path`, verified against `expectedSHA256` or, without one, its line
    /// in the checksums.txt beside it, and signed by a trusted key: `signature` (a feed's) or the
    /// `<tarball>.sig` beside it. The file is read once, into a private copy under the install
    /// lock (`install(package:...)`): what is verified is what is unpacked.
    func install(tarball path: String, expectedSHA256: String? = nil, signature: [UInt8]? = nil) throws(InstallError) -> Outcome {
        let file = PathName.lastComponent(of: path)
        do { _ = try PackageName(file, binary: binary) } catch { throw .refused(package: file, error) }
        guard file.hasSuffix(".tar.gz") else { throw .refused(package: file, .badName) }
        // O_NONBLOCK: a fifo in the tarball's place is refused below instead of waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: path, reason: FileSystem.reason()) }
        defer { close(fd) }
        try checkPackageFile(fd, path: path, file: file)
        var expected = expectedSHA256?.lowercased() ?? ""
        if expectedSHA256 == nil { expected = try Self.publishedSHA256(of: path, fileSystem: fileSystem) }
        let signed = trustedKeys.isEmpty ? nil : signature ?? Self.signatureBeside(path, fileSystem: fileSystem)
        return try install(package: fd, file: file, path: path, expectedSHA256: expected, signature: signed)
    }

    /// Installs the unpacked package folder at `folder` (named `<binary>_<version>_<os>_<arch>`).
    func install(folder: String) throws(InstallError) -> Outcome {
        let name: PackageName
        do { name = try PackageName(PathName.lastComponent(of: folder), binary: binary) } catch {
            throw .notAPackageFolder(path: folder, binary: binary)
        }
        // Whoever can change the folder, a folder above it or a file in it could swap the package
        // while it is copied (an attack round swapped eve's ~/Downloads/<package> for her own after
        // root started its binary): the way to it is walked and checked as a prefix's is, and
        // every entry is checked as it is copied (`copyFolder`).
        if folder.hasPrefix("/") {
            do { _ = try TrustedPath(ownership: Ownership(fileSystem: fileSystem)).check(folder) } catch {
                if case .owner(let problem) = error.reason { throw .unsafePackage(path: error.path, problem) }
                throw Self.refusal(error)
            }
        }
        var outcome = try install(name) { (_: String, unpacker: inout PackageUnpacker) throws(InstallError) in
            try PackageSource.copyFolder(folder, into: &unpacker, fileSystem: fileSystem)
        }
        outcome.fromFolder = true
        return outcome
    }
}
