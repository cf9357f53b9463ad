/// Why a package is refused. Each case is one message (`InstallError.failure`); nothing is
/// installed when one is thrown.
enum PackageRefusal: Error, Sendable, Hashable {
    /// Not named `<binary>_<version>_<os>_<arch>.tar.gz`.
    case badName
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
    /// A name with a NUL or control character, or not UTF-8 (shown escaped).
    case controlCharacters(String)
    case hardLink(String)
    /// A device, fifo or socket.
    case specialFile(String)
    /// An entry type this reader does not unpack (the tar type flag second).
    case unsupportedEntry(String, type: String)
    case linkLeadsOut(String)
    /// An entry inside a folder the package declares as a symbolic link.
    case entryUnderLink(String)
    case duplicate(String)
    /// More than this many bytes once unpacked.
    case tooLarge(limit: Int)
    case tooManyEntries(limit: Int)
    /// No `bin/<binary>` executable inside (the path is given).
    case noBinary(String)
    /// A version that is not semantic (`current`, `previous`, `.lock`...): it would take the
    /// place of the installer's own names in `lib/<binary>`.
    case notSemanticVersion(String)
    /// The feed's version of a build, then the version its file name gives.
    case versionMismatch(feed: String, file: String)
}

/// A step of an install, after which tests may stop it as a kill would (`Installer.interrupt`).
enum InstallStep: String, Sendable, CaseIterable {
    case locked, unpacked, placed, linked, keptPrevious, switched, cleaned
}

/// Everything install, rollback and uninstall can fail with, as data; `failure` words it.
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
    /// Stopped by a test's fault-injection hook, as a kill would stop it.
    case interrupted(InstallStep)

    /// The message, hint and exit code the user sees.
    var failure: CommandFailure {
        switch self {
        case .refused(let package, let refusal):
            return CommandFailure(.failure, Message(.installRefused, [package], nested: [refusal.message]), hint: refusal.hint)
        case .unreadable(let path, let reason):
            return CommandFailure(.failure, Message(.installUnreadable, [path, reason]))
        case .cannotWrite(let path, let reason):
            return CommandFailure(.failure, Message(.installCannotWrite, [path, reason]), hint: Message(.installCannotWriteHint))
        case .notOurs(let path):
            return CommandFailure(.failure, Message(.installNotOurs, [path]), hint: Message(.installNotOursHint, [path]))
        case .linkedFolder(let path, let home):
            return CommandFailure(.failure, Message(.installLinkedFolder, [path, home]), hint: Message(.installLinkedFolderHint, [path]))
        case .linkDoesNotResolve(let path, let expected):
            return CommandFailure(.failure, Message(.installLinkDoesNotResolve, [path, expected]), hint: Message(.installLinkDoesNotResolveHint))
        case .busy(let path):
            return CommandFailure(.failure, Message(.installBusy, [path]), hint: Message(.installBusyHint))
        case .notInstalled(let binary, let prefix):
            return CommandFailure(.failure, Message(.installNotInstalled, [binary, prefix]), hint: Message(.installPrefixHint))
        case .noPrevious(let binary, let prefix):
            return CommandFailure(.failure, Message(.installNoPrevious, [binary, prefix]))
        case .brokenVersion(let path):
            return CommandFailure(.failure, Message(.installBrokenVersion, [path]))
        case .noGzip:
            return CommandFailure(.failure, Message(.installNoGzip))
        case .notAPackageFolder(let path, let binary):
            return CommandFailure(.usage, Message(.installNotAPackageFolder, [path, binary]), hint: Message(.installNotAPackageFolderHint, [binary]))
        case .interrupted(let step):
            return CommandFailure(.failure, Message(.installInterrupted, [step.rawValue]))
        }
    }
}

extension PackageRefusal {
    var message: Message {
        switch self {
        case .badName: Message(.refusedBadName)
        case .otherBinary(let binary): Message(.refusedOtherBinary, [binary])
        case .otherPlatform(let platform): Message(.refusedOtherPlatform, [platform, "\(Feed.platform.os)/\(Feed.platform.arch)"])
        case .noChecksums(let path): Message(.refusedNoChecksums, [path])
        case .noChecksumLine(let path): Message(.refusedNoChecksumLine, [path])
        case .checksumMismatch(let actual, let expected): Message(.refusedChecksumMismatch, [actual, expected])
        case .notGzip: Message(.refusedNotGzip)
        case .truncated: Message(.refusedTruncated)
        case .damagedHeader(let offset): Message(.refusedDamagedHeader, [String(offset)])
        case .absolutePath(let entry): Message(.refusedAbsolutePath, [entry])
        case .climbsOut(let entry): Message(.refusedClimbsOut, [entry])
        case .outsideFolder(let entry, let top): Message(.refusedOutsideFolder, [entry, top])
        case .controlCharacters(let entry): Message(.refusedControlCharacters, [entry])
        case .hardLink(let entry): Message(.refusedHardLink, [entry])
        case .specialFile(let entry): Message(.refusedSpecialFile, [entry])
        case .unsupportedEntry(let entry, let type): Message(.refusedUnsupportedEntry, [entry, type])
        case .linkLeadsOut(let entry): Message(.refusedLinkLeadsOut, [entry])
        case .entryUnderLink(let entry): Message(.refusedEntryUnderLink, [entry])
        case .duplicate(let entry): Message(.refusedDuplicate, [entry])
        case .tooLarge(let limit): Message(.refusedTooLarge, [ByteCount.text(limit)])
        case .tooManyEntries(let limit): Message(.refusedTooManyEntries, [String(limit)])
        case .noBinary(let path): Message(.refusedNoBinary, [path])
        case .notSemanticVersion(let version): Message(.refusedNotSemanticVersion, [version])
        case .versionMismatch(let feed, let file): Message(.refusedVersionMismatch, [feed, file])
        }
    }

    var hint: Message? {
        switch self {
        case .noChecksums: Message(.refusedNoChecksumsHint)
        case .checksumMismatch, .truncated, .notGzip, .damagedHeader: Message(.refusedDownloadAgainHint)
        case .otherBinary(let binary): Message(.refusedOtherBinaryHint, [binary])
        default: nil
        }
    }
}
