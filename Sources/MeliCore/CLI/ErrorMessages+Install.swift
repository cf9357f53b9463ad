/// What the user reads when install, rollback or uninstall fails, and the exit code.
extension InstallError {
    var failure: CommandFailure {
        switch self {
        case .refused(let package, let refusal):
            CommandFailure(.failure, .installRefused(package: package, reason: refusal.message), hint: refusal.hint)
        case .unreadable(let path, let reason):
            CommandFailure(.failure, .installUnreadable(path: path, reason: reason))
        case .cannotWrite(let path, let reason):
            CommandFailure(.failure, .installCannotWrite(path: path, reason: reason), hint: .installCannotWriteHint)
        case .notOurs(let path):
            CommandFailure(.failure, .installNotOurs(path: path), hint: .installNotOursHint(path: path))
        case .linkedFolder(let path, let home):
            CommandFailure(.failure, .installLinkedFolder(path: path, home: home), hint: .installLinkedFolderHint(path: path))
        case .linkDoesNotResolve(let path, let expected):
            CommandFailure(.failure, .installLinkDoesNotResolve(path: path, expected: expected), hint: .installLinkDoesNotResolveHint)
        case .busy(let path):
            CommandFailure(.failure, .installBusy(path: path), hint: .installBusyHint)
        case .notInstalled(let binary, let prefix):
            CommandFailure(.failure, .installNotInstalled(binary: binary, prefix: prefix), hint: .installPrefixHint)
        case .noPrevious(let binary, let prefix):
            CommandFailure(.failure, .installNoPrevious(binary: binary, prefix: prefix))
        case .brokenVersion(let path):
            CommandFailure(.failure, .installBrokenVersion(path: path))
        case .noGzip:
            CommandFailure(.failure, .installNoGzip)
        case .notAPackageFolder(let path, let binary):
            CommandFailure(.usage, .installNotAPackageFolder(path: path, binary: binary), hint: .installNotAPackageFolderHint(binary: binary))
        case .stagingNotPrivate(let path):
            CommandFailure(.failure, .installStagingNotPrivate(path: path), hint: .installCannotWriteHint)
        case .interrupted(let step):
            CommandFailure(.failure, .installInterrupted(step: step.rawValue))
        case .noHome:
            CommandFailure(.usage, .installNoHome, hint: .installNoHomeHint)
        case .noCrypto(let library):
            CommandFailure(.failure, .installNoCrypto(library: library))
        case .downgrade(let binary, let installed, let package):
            CommandFailure(.failure, .installDowngrade(binary: binary, installed: installed, package: package))
        case .noBuild(let feed, let binary, let platform):
            CommandFailure(.failure, .installNoBuild(feed: feed, binary: binary, platform: platform))
        case .unsafeFolder(let path, .otherOwner(let uid)):
            CommandFailure(.failure, .installFolderOtherOwner(path: path, owner: "uid \(uid)"), hint: .installFolderOtherOwnerHint(path: path))
        case .unsafeFolder(let path, .writableByOthers(let mode)):
            CommandFailure(.failure, .installFolderWritable(path: path, mode: "0" + String(mode, radix: 8)), hint: .installFolderWritableHint(path: path))
        case .unsafePackage(let path, .otherOwner(let uid)):
            CommandFailure(.failure, .installPackageOtherOwner(path: path, owner: "uid \(uid)"), hint: .installUnsafePackageHint)
        case .unsafePackage(let path, .writableByOthers(let mode)):
            CommandFailure(.failure, .installPackageWritable(path: path, mode: "0" + String(mode, radix: 8)), hint: .installUnsafePackageHint)
        case .untrustedLink(let path, let owner):
            CommandFailure(.failure, .installLinkOtherOwner(path: path, owner: "uid \(owner)"), hint: .installLinkOtherOwnerHint(path: path))
        case .tooManyLinks(let path):
            CommandFailure(.failure, .installTooManyLinks(path: path, most: TrustedPath.maxLinks), hint: .placeTooManyLinksRemedy)
        case .untrustedLock(let path, let owner):
            CommandFailure(.failure, owner.map { .installLockOtherOwner(path: path, owner: "uid \($0)") } ?? .installLockNotFile(path: path),
                           hint: .installLockHint(path: path))
        }
    }
}

extension PackageRefusal {
    /// Why the package was refused, after "PACKAGE is refused: ".
    var message: Message {
        switch self {
        case .badName: .refusedBadName
        case .unsigned: .refusedUnsigned
        case .badSignature: .refusedBadSignature
        case .otherBinary(let binary): .refusedOtherBinary(binary: binary)
        case .otherPlatform(let platform): .refusedOtherPlatform(platform: platform, machine: "\(Feed.platform.os)/\(Feed.platform.arch)")
        case .noChecksums(let path): .refusedNoChecksums(path: path)
        case .noChecksumLine(let path): .refusedNoChecksumLine(path: path)
        case .checksumMismatch(let actual, let expected): .refusedChecksumMismatch(actual: actual, expected: expected)
        case .notGzip: .refusedNotGzip
        case .truncated: .refusedTruncated
        case .damagedHeader(let offset): .refusedDamagedHeader(offset: String(offset))
        case .absolutePath(let entry): .refusedAbsolutePath(entry: entry)
        case .climbsOut(let entry): .refusedClimbsOut(entry: entry)
        case .outsideFolder(let entry, let top): .refusedOutsideFolder(entry: entry, top: top)
        case .controlCharacters(let entry): .refusedControlCharacters(entry: entry)
        case .hardLink(let entry): .refusedHardLink(entry: entry)
        case .specialFile(let entry): .refusedSpecialFile(entry: entry)
        case .unsupportedEntry(let entry, let type): .refusedUnsupportedEntry(entry: entry, type: type)
        case .linkLeadsOut(let entry): .refusedLinkLeadsOut(entry: entry)
        case .emptyLink(let entry): .refusedEmptyLink(entry: entry)
        case .entryUnderLink(let entry): .refusedEntryUnderLink(entry: entry)
        case .duplicate(let entry): .refusedDuplicate(entry: entry)
        case .tooLarge(let limit): .refusedTooLarge(limit: ByteCount.text(limit))
        case .tooManyEntries(let limit): .refusedTooManyEntries(limit: String(limit))
        case .pathTooLong(let entry, let limit): .refusedPathTooLong(entry: entry, limit: String(limit))
        case .tooDeep(let entry, let limit): .refusedTooDeep(entry: entry, limit: String(limit))
        case .linkTooLong(let entry, let limit): .refusedLinkTooLong(entry: entry, limit: String(limit))
        case .noBinary(let path): .refusedNoBinary(path: path)
        case .localEnv(let path): .refusedLocalEnv(path: path)
        case .notSemanticVersion(let version): .refusedNotSemanticVersion(version: version)
        case .stampMismatch(let binary, let name): .refusedStampMismatch(binary: binary, name: name)
        case .versionMismatch(let feed, let file): .refusedVersionMismatch(feed: feed, file: file)
        }
    }

    var hint: Message? {
        switch self {
        case .noChecksums: .refusedNoChecksumsHint
        case .checksumMismatch, .truncated, .notGzip, .damagedHeader: .refusedDownloadAgainHint
        case .otherBinary(let binary): .refusedOtherBinaryHint(binary: binary)
        case .localEnv: .refusedLocalEnvHint
        case .stampMismatch(_, let name): .refusedStampMismatchHint(name: name)
        default: nil
        }
    }
}
