#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Installing one package: checked, unpacked under the lock into a private staging folder, placed
/// beside the version in use (or repairing it), linked, and switched to by one rename.
extension Installer {
    /// Installs the package `unpack` writes into the unpacker, given the staging folder (made by
    /// mkdtemp, 0700, under the lock) where it may keep a private copy of what it unpacks.
    func install(_ name: PackageName, unpack: (_ staging: String, inout PackageUnpacker) throws(InstallError) -> Void) throws(InstallError) -> Outcome {
        try checkLinksAreOurs()
        try checkPrefixFolders()
        // An older build is refused before anything is written into the prefix: a stale feed or
        // an old download must not take a tester back without saying so.
        try refuseDowngrade(to: name.version)
        try stop(.checked)
        let madeHome = try make(home)
        let lock = try self.lock()
        defer { close(lock) }
        // Again, now that the folders are made and the lock held: whatever was raced in since the
        // first check is refused before anything is written.
        try checkPrefixFolders()
        // Again under the lock: another install may have switched versions since.
        try refuseDowngrade(to: name.version)
        removeLeftovers()
        try stop(.locked)

        var template = Array("\(home)/.incoming.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw .cannotWrite(path: home, reason: FileSystem.reason()) }
        let staging = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder: String
        do {
            var unpacker = PackageUnpacker(root: staging, top: name.text, limits: limits, fileSystem: fileSystem)
            try unpack(staging, &unpacker)
            folder = try unpacker.finish(binary: binary)
            // The binary must be the version the package's name says (BuildStamp).
            try BuildStamp.check(binaryAt: "\(folder)/bin/\(binary)", version: name.version, package: name.text)
        } catch {
            // A test's stop inside `unpack` is a kill: nothing is cleaned up.
            if case .interrupted = error { throw error }
            try? fileSystem.removeTree(staging)
            throw error
        }
        // The version folder other users run the binary through: 0755 whatever the umask (root's
        // 027 made a binary that other users could not run).
        guard chmod(folder, 0o755) == 0 else { throw .cannotWrite(path: folder, reason: FileSystem.reason()) }
        try stop(.unpacked)

        let version = name.version
        let old = fileSystem.linkTarget(home + "/current")
        let oldVersion = old.flatMap(Self.version(ofFolder:))
        // Reinstalling the version in use repairs it: the package's files are compared with the
        // copy in use (said nothing was installed while a damaged copy stayed damaged and a
        // republished build was not installed). The same files change nothing; any difference
        // installs the package's copy beside it, under a free name, switched to as an upgrade is.
        var difference: String?
        if let old, oldVersion == version { difference = TreeComparison.firstDifference(folder, "\(home)/\(old)") }
        let unchanged = oldVersion == version && difference == nil
        // A copy in use that is gone altogether frees its own name.
        let place = unchanged ? old ?? version : difference == nil ? version : freeFolderName(for: version)
        if unchanged {
            try? fileSystem.removeTree(staging)
        } else {
            // A folder of this version that is not in use (a rolled-back or earlier copy) is replaced.
            if fileSystem.kind(of: "\(home)/\(place)") != .missing {
                try rename("\(home)/\(place)", to: "\(staging)/replaced")
            }
            try rename(folder, to: "\(home)/\(place)")
        }
        try stop(.placed)

        record(madeHome + (try makeLinks(for: "\(home)/\(place)")))
        try stop(.linked)

        // previous first: a stop between the two renames leaves previous == current, never a
        // switched install whose older version the next clean-up would take for a stray. A repair
        // keeps the previous version; a previous that was the copy replaced follows the repair.
        if let old, oldVersion != version {
            try replaceLink(home + "/previous", target: old)
        } else if let old, !unchanged, fileSystem.linkTarget(home + "/previous") == old {
            try replaceLink(home + "/previous", target: place)
        }
        try stop(.keptPrevious)

        if !unchanged { try replaceLink(home + "/current", target: place) }
        try stop(.switched)
        try checkCommandResolves(to: place)

        // The copy a repair replaced goes with the staging folder, even when too damaged to look
        // like a version folder (its binary removed) for the clean-up below.
        if let old, old != place, difference != nil, fileSystem.linkTarget(home + "/previous") != old {
            _ = systemRename("\(home)/\(old)", "\(staging)/repaired")
        }
        try? fileSystem.removeTree(staging)
        removeOldVersions()
        try stop(.cleaned)
        return Outcome(version: version, previous: oldVersion == version ? nil : oldVersion ?? old, unchanged: unchanged, repaired: difference)
    }

    /// The version a folder of `lib/<binary>` holds: its name, or `<version>_<n>` for another copy
    /// of that version installed beside it by a repair (`_` is never part of a version). Nil for
    /// any other name.
    static func version(ofFolder name: String) -> String? {
        let bytes = Array(name.utf8)
        var stem = name
        if let underscore = bytes.lastIndex(of: UInt8(ascii: "_")) {
            let number = bytes[(underscore + 1)...]
            guard let first = number.first, first != UInt8(ascii: "0"),
                  number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            stem = String(decoding: bytes[..<underscore], as: UTF8.self)
        }
        return Feed.isVersion(stem) ? stem : nil
    }

    /// The first of `<version>`, `<version>_2`, `<version>_3`... that nothing in `lib/<binary>` is named.
    private func freeFolderName(for version: String) -> String {
        var name = version
        var number = 1
        while fileSystem.kind(of: "\(home)/\(name)") != .missing {
            number += 1
            name = "\(version)_\(number)"
        }
        return name
    }

    /// Refuses `version` when it is older than the one in use, unless `allowDowngrade`: called
    /// again before a download, so that nothing is fetched to be refused.
    func refuseDowngrade(to version: String) throws(InstallError) {
        if !allowDowngrade, let old = fileSystem.linkTarget(home + "/current").flatMap(Self.version(ofFolder:)),
           let installed = SemanticVersion(old), let offered = SemanticVersion(version), offered < installed {
            throw .downgrade(binary: binary, installed: old, package: version)
        }
    }

    /// rename(2) of `from` to `to`, failing as an install error that names `to`.
    private func rename(_ from: String, to: String) throws(InstallError) {
        guard systemRename(from, to) == 0 else { throw .cannotWrite(path: to, reason: FileSystem.reason()) }
    }
}

/// The C library's rename(2), named apart from the installer's own `rename`.
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
