/// Why a package is refused, as data (`ErrorReporter` words it); nothing is installed when one is
/// thrown.
enum PackageRefusal: Error, Sendable, Hashable {
    /// Not named `<binary>_<version>_<os>_<arch>.tar.gz`.
    case badName
    /// No signature came with it (feed entry or `.sig` file), and this binary trusts signing keys.
    case unsigned
    /// Its signature is not a trusted key's signature of these bytes (another key, another file).
    case badSignature
    /// A package of another binary (meli-qa never installs meli).
    case otherBinary(String)
    /// Built for another system, as `os/arch`.
    case otherPlatform(String)
    /// No checksums.txt at this path, beside the tarball.
    case noChecksums(String)
    /// checksums.txt at this path has no line for the tarball.
    case noChecksumLine(String)
    case checksumMismatch(actual: String, expected: String)
    /// gzip could not decompress it.
    case notGzip
    /// The archive ends before its end-of-archive block.
    case truncated
    /// A header whose checksum does not add up, at this byte offset of the tar stream.
    case damagedHeader(offset: Int)
    case absolutePath(String)
    case climbsOut(String)
    /// An entry outside the package's one top folder (named second).
    case outsideFolder(String, top: String)
    /// A name with a NUL or control character (C0, DEL, C1), a character that reorders text
    /// (the bidirectional controls), or not UTF-8 (shown escaped).
    case controlCharacters(String)
    case hardLink(String)
    /// A device, fifo or socket.
    case specialFile(String)
    /// An entry type this reader does not unpack (the tar type flag second).
    case unsupportedEntry(String, type: String)
    case linkLeadsOut(String)
    /// A link (named) with an empty target, which resolves nowhere.
    case emptyLink(String)
    /// An entry inside a folder the package declares as a symbolic link.
    case entryUnderLink(String)
    case duplicate(String)
    /// More than this many bytes once unpacked.
    case tooLarge(limit: Int)
    case tooManyEntries(limit: Int)
    /// An entry's path longer than `limit` bytes (its start is given).
    case pathTooLong(String, limit: Int)
    /// An entry's path of more than `limit` components.
    case tooDeep(String, limit: Int)
    /// A link (named) whose target is longer than `limit` bytes.
    case linkTooLong(String, limit: Int)
    /// No `bin/<binary>` executable inside (the path is given).
    case noBinary(String)
    /// A `Local.env` at this path (`share/<binary>/Local.env`): a user's own settings, which
    /// the Local.env migration would copy into every user's configuration folder.
    case localEnv(String)
    /// A version that is not semantic (`current`, `previous`, `.lock`...): it would take the
    /// place of the installer's own names in `lib/<binary>`.
    case notSemanticVersion(String)
    /// Its binary is stamped with version `binary` (what its `--version` reports), and its name
    /// says `name`: it was packaged from another build.
    case stampMismatch(binary: String, name: String)
    /// The feed's version of a build, then the version its file name gives.
    case versionMismatch(feed: String, file: String)
}

/// A step of an install, after which tests may stop it as a kill would (`Installer.interrupt`).
/// `verified`: a tarball's private copy is made and checked, and not yet unpacked.
enum InstallStep: String, Sendable, CaseIterable {
    case checked, locked, verified, unpacked, placed, linked, keptPrevious, switched, cleaned
}

/// Everything install, rollback and uninstall can fail with, as data; `ErrorReporter` words it.
enum InstallError: Error, Sendable, Hashable {
    /// The package (its file or folder name) and why it was refused.
    case refused(package: String, PackageRefusal)
    case unreadable(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// A file in the prefix that is not a link the installer made.
    case notOurs(path: String)
    /// A folder of the prefix that holds links (first) is itself a link, so the links would not
    /// reach the version folder (second).
    case linkedFolder(path: String, home: String)
    /// After the install, the link (first) does not reach the version's binary (second).
    case linkDoesNotResolve(path: String, expected: String)
    /// Another install of this binary holds the lock file at this path.
    case busy(path: String)
    case notInstalled(binary: String, prefix: String)
    case noPrevious(binary: String, prefix: String)
    /// The version folder a rollback would switch to has no binary.
    case brokenVersion(path: String)
    /// No gzip program to decompress with.
    case noGzip
    /// `self install` without a package: the folder this binary runs from is not an unpacked package.
    case notAPackageFolder(path: String, binary: String)
    /// The staging folder at this path, where a package's private copy is made, is not a folder
    /// of this user's alone (another user's, or open to others): nothing is copied into it.
    case stagingNotPrivate(path: String)
    /// Stopped by a test's fault-injection hook, as a kill would stop it.
    case interrupted(InstallStep)
    /// HOME is not set and no `--prefix` was given.
    case noHome
    /// The platform's crypto (this library) could not be loaded to check a signature.
    case noCrypto(library: String)
    /// The package's version is older than the one in use, and `--allow-downgrade` was not given.
    case downgrade(binary: String, installed: String, package: String)
    /// The feed at `feed` has no current build of `binary` for `platform` (`os/arch`).
    case noBuild(feed: String, binary: String, platform: String)
    /// A folder of the prefix (`path`) that another user could change under the installer.
    case unsafeFolder(path: String, UnsafeFolder)
    /// A symbolic link on the way to the prefix's folders (`path`) belongs to this other user,
    /// who could point it elsewhere.
    case untrustedLink(path: String, owner: UInt32)
    /// The way to `path` goes through more than `TrustedPath.maxLinks` symbolic links.
    case tooManyLinks(path: String)
    /// An unpacked package folder being installed (`path`: it, a folder above it, or a file or
    /// folder in it) that another user could change while it is copied.
    case unsafePackage(path: String, UnsafeFolder)
    /// The lock file at `path` is not one this user owns (`owner`), or not a regular file (nil):
    /// whoever can open it could hold it and stop every install, update, rollback and uninstall.
    case untrustedLock(path: String, owner: UInt32?)
}

/// Why a folder of the prefix is not used: someone other than the installing user (or root)
/// could change what is installed through it (`Ownership`).
typealias UnsafeFolder = OwnershipProblem
