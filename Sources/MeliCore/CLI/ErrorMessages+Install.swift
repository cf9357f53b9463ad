/// What the user reads when install, rollback or uninstall fails, and the exit code.
extension InstallError {
    var failure: CommandFailure {
        switch self {
        case .refused(let package, let refusal):
            CommandFailure(.failure, .Refusal.installRefused(package: package, reason: refusal.message), hint: refusal.hint)
        case .unreadable(let path, let reason):
            CommandFailure(.failure, .Install.installUnreadable(path: path, reason: reason))
        case .cannotWrite(let path, let reason):
            CommandFailure(.failure, .Install.installCannotWrite(path: path, reason: reason), hint: .Install.installCannotWriteHint)
        case .notOurs(let path):
            CommandFailure(.failure, .Install.installNotOurs(path: path), hint: .Install.installNotOursHint(path: path))
        case .linkedFolder(let path, let home):
            CommandFailure(.failure, .Install.installLinkedFolder(path: path, home: home), hint: .Install.installLinkedFolderHint(path: path))
        case .linkDoesNotResolve(let path, let expected):
            CommandFailure(.failure, .Install.installLinkDoesNotResolve(path: path, expected: expected), hint: .Install.installLinkDoesNotResolveHint)
        case .busy(let path):
            CommandFailure(.failure, .Install.installBusy(path: path), hint: .Install.installBusyHint)
        case .notInstalled(let binary, let prefix):
            CommandFailure(.failure, .Install.installNotInstalled(binary: binary, prefix: prefix), hint: .Install.installPrefixHint)
        case .noPrevious(let binary, let prefix):
            CommandFailure(.failure, .Install.installNoPrevious(binary: binary, prefix: prefix))
        case .brokenVersion(let path):
            CommandFailure(.failure, .Install.installBrokenVersion(path: path))
        case .noGzip:
            CommandFailure(.failure, .Install.installNoGzip)
        case .notAPackageFolder(let path, let binary):
            CommandFailure(.usage, .Install.installNotAPackageFolder(path: path, binary: binary), hint: .Install.installNotAPackageFolderHint(binary: binary))
        case .stagingNotPrivate(let path):
            CommandFailure(.failure, .Install.installStagingNotPrivate(path: path), hint: .Install.installCannotWriteHint)
        case .interrupted(let step):
            CommandFailure(.failure, .Install.installInterrupted(step: step.rawValue))
        case .noHome:
            CommandFailure(.usage, .Install.installNoHome, hint: .Install.installNoHomeHint)
        case .noCrypto(let library):
            CommandFailure(.failure, .Install.installNoCrypto(library: library))
        case .downgrade(let binary, let installed, let package):
            CommandFailure(.failure, .Install.installDowngrade(binary: binary, installed: installed, package: package))
        case .noBuild(let feed, let binary, let platform):
            CommandFailure(.failure, .Install.installNoBuild(feed: feed, binary: binary, platform: platform))
        case .unsafeFolder(let path, .otherOwner(let uid)):
            CommandFailure(.failure, .Install.installFolderOtherOwner(path: path, owner: "uid \(uid)"), hint: .Install.installFolderOtherOwnerHint(path: path))
        case .unsafeFolder(let path, .writableByOthers(let mode)):
            CommandFailure(.failure, .Install.installFolderWritable(path: path, mode: "0" + String(mode, radix: 8)), hint: .Install.installFolderWritableHint(path: path))
        case .unsafePackage(let path, .otherOwner(let uid)):
            CommandFailure(.failure, .Install.installPackageOtherOwner(path: path, owner: "uid \(uid)"), hint: .Install.installUnsafePackageHint)
        case .unsafePackage(let path, .writableByOthers(let mode)):
            CommandFailure(.failure, .Install.installPackageWritable(path: path, mode: "0" + String(mode, radix: 8)), hint: .Install.installUnsafePackageHint)
        case .untrustedLink(let path, let owner):
            CommandFailure(.failure, .Install.installLinkOtherOwner(path: path, owner: "uid \(owner)"), hint: .Install.installLinkOtherOwnerHint(path: path))
        case .tooManyLinks(let path):
            CommandFailure(.failure, .Install.installTooManyLinks(path: path, most: TrustedPath.maxLinks), hint: .Trust.placeTooManyLinksRemedy)
        case .untrustedLock(let path, let owner):
            CommandFailure(.failure, owner.map { .Install.installLockOtherOwner(path: path, owner: "uid \($0)") } ?? .Install.installLockNotFile(path: path),
                           hint: .Install.installLockHint(path: path))
        }
    }
}

extension PackageRefusal {
    /// Why the package was refused, after "PACKAGE is refused: ".
    var message: Message {
        switch self {
        case .badName: .Refusal.refusedBadName
        case .unsigned: .Refusal.refusedUnsigned
        case .badSignature: .Refusal.refusedBadSignature
        case .otherBinary(let binary): .Refusal.refusedOtherBinary(binary: binary)
        case .otherPlatform(let platform): .Refusal.refusedOtherPlatform(platform: platform, machine: "\(Feed.platform.os)/\(Feed.platform.arch)")
        case .noChecksums(let path): .Refusal.refusedNoChecksums(path: path)
        case .noChecksumLine(let path): .Refusal.refusedNoChecksumLine(path: path)
        case .checksumMismatch(let actual, let expected): .Refusal.refusedChecksumMismatch(actual: actual, expected: expected)
        case .notGzip: .Refusal.refusedNotGzip
        case .truncated: .Refusal.refusedTruncated
        case .damagedHeader(let offset): .Refusal.refusedDamagedHeader(offset: String(offset))
        case .absolutePath(let entry): .Refusal.refusedAbsolutePath(entry: entry)
        case .climbsOut(let entry): .Refusal.refusedClimbsOut(entry: entry)
        case .outsideFolder(let entry, let top): .Refusal.refusedOutsideFolder(entry: entry, top: top)
        case .controlCharacters(let entry): .Refusal.refusedControlCharacters(entry: entry)
        case .hardLink(let entry): .Refusal.refusedHardLink(entry: entry)
        case .specialFile(let entry): .Refusal.refusedSpecialFile(entry: entry)
        case .unsupportedEntry(let entry, let type): .Refusal.refusedUnsupportedEntry(entry: entry, type: type)
        case .linkLeadsOut(let entry): .Refusal.refusedLinkLeadsOut(entry: entry)
        case .emptyLink(let entry): .Refusal.refusedEmptyLink(entry: entry)
        case .entryUnderLink(let entry): .Refusal.refusedEntryUnderLink(entry: entry)
        case .duplicate(let entry): .Refusal.refusedDuplicate(entry: entry)
        case .tooLarge(let limit): .Refusal.refusedTooLarge(limit: ByteCount.text(limit))
        case .tooManyEntries(let limit): .Refusal.refusedTooManyEntries(limit: String(limit))
        case .pathTooLong(let entry, let limit): .Refusal.refusedPathTooLong(entry: entry, limit: String(limit))
        case .tooDeep(let entry, let limit): .Refusal.refusedTooDeep(entry: entry, limit: String(limit))
        case .linkTooLong(let entry, let limit): .Refusal.refusedLinkTooLong(entry: entry, limit: String(limit))
        case .noBinary(let path): .Refusal.refusedNoBinary(path: path)
        case .localEnv(let path): .Refusal.refusedLocalEnv(path: path)
        case .notSemanticVersion(let version): .Refusal.refusedNotSemanticVersion(version: version)
        case .stampMismatch(let binary, let name): .Refusal.refusedStampMismatch(binary: binary, name: name)
        case .versionMismatch(let feed, let file): .Refusal.refusedVersionMismatch(feed: feed, file: file)
        }
    }

    var hint: Message? {
        switch self {
        case .noChecksums: .Refusal.refusedNoChecksumsHint
        case .checksumMismatch, .truncated, .notGzip, .damagedHeader: .Refusal.refusedDownloadAgainHint
        case .otherBinary(let binary): .Refusal.refusedOtherBinaryHint(binary: binary)
        case .localEnv: .Refusal.refusedLocalEnvHint
        case .stampMismatch(_, let name): .Refusal.refusedStampMismatchHint(name: name)
        default: nil
        }
    }
}
