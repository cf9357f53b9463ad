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

    // MARK: install

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

    // MARK: pieces

    /// The prefix's links, for what `version` (the folder about to be current) holds; a link
    /// already right is left alone. Returns the folders it made.
    func makeLinks(for version: String) throws(InstallError) -> [String] {
        var made: [String] = []
        for link in links {
            let path = prefix + "/" + link
            let target = linkTarget(link)
            guard fileSystem.kind(of: "\(version)/\(link)") != .missing || fileSystem.kind(of: path) == .symlink else { continue }
            if fileSystem.linkTarget(path) == target { continue }
            made += try make(PathName.directory(of: path))
            try replaceLink(path, target: target)
        }
        return made
    }

    /// Keeps current and previous; removes the other version folders.
    private func removeOldVersions() {
        let keep = [fileSystem.linkTarget(home + "/current"), fileSystem.linkTarget(home + "/previous")]
        for name in fileSystem.names(in: home) where isVersionFolder(name) && !keep.contains(name) {
            try? fileSystem.removeTree(home + "/" + name)
        }
    }

    /// A folder the installer made for a version: not hidden, not a link, holding `bin/<binary>`.
    func isVersionFolder(_ name: String) -> Bool {
        name.utf8.first != UInt8(ascii: ".") && fileSystem.kind(of: home + "/" + name) == .directory
            && fileSystem.kind(of: "\(home)/\(name)/bin/\(binary)") == .file
    }

    /// What a stopped install left: staging folders and half-made links.
    func removeLeftovers() {
        for name in fileSystem.names(in: home) where name.utf8.starts(with: ".incoming.".utf8) {
            try? fileSystem.removeTree(home + "/" + name)
        }
        let places = [home + "/current", home + "/previous"] + links.map { prefix + "/" + $0 }
        for place in places {
            let folder = PathName.directory(of: place)
            let stem = ".\(PathName.lastComponent(of: place)).new-"
            for name in fileSystem.names(in: folder) where name.utf8.starts(with: stem.utf8) && fileSystem.kind(of: folder + "/" + name) == .symlink {
                _ = unlink(folder + "/" + name)
            }
        }
    }

    /// Holds `lib/<binary>/.lock` for the rest of the operation: one install per binary at a time.
    ///
    /// flock needs only a descriptor, and a read-only one will do: a lock file others can read
    /// (0644 before) let any user hold it and stop root's every install, update, rollback and
    /// uninstall. So it is made 0600, and one this user owns that is open to others is made 0600
    /// (fchmod, on the file opened). One it does not own, or that is not a regular file (never
    /// followed, never waited on), is refused, naming it: it is never changed or replaced. Only
    /// this user or root could have put it there (`checkPrefixFolders` made sure of the folder),
    /// so removing it is theirs to decide; replacing it here would let two installs that each
    /// replaced the other's lock run at once.
    func lock() throws(InstallError) -> Int32 {
        let path = home + "/.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .untrustedLock(path: path, owner: nil) }
            throw .cannotWrite(path: path, reason: FileSystem.reason())
        }
        var info = stat()
        let problem: InstallError? = if fstat(fd, &info) != 0 {
            .cannotWrite(path: path, reason: FileSystem.reason())
        } else if (info.st_mode & S_IFMT) != S_IFREG {
            .untrustedLock(path: path, owner: nil)
        } else if info.st_uid != geteuid() {
            .untrustedLock(path: path, owner: UInt32(info.st_uid))
        } else if info.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
            .cannotWrite(path: path, reason: FileSystem.reason())
        } else if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            .busy(path: path)
        } else {
            nil
        }
        if let problem {
            close(fd)
            throw problem
        }
        return fd
    }

    func stop(_ step: InstallStep) throws(InstallError) {
        if interrupt?(step) == true { throw .interrupted(step) }
    }

    /// Makes `folder` and the folders above it that are missing, each 0755 whatever the umask
    /// (mkdir's mode is masked by it: root's 027 made folders other users could not enter, so a
    /// binary they could not run); returns those inside the prefix (not the prefix itself), for
    /// `record`. Made one name at a time relative to the folder above, every folder and link on
    /// the way checked as it is reached (`TrustedPath`): made by path (`mkdir -p`, then `chmod`),
    /// a folder another user planted in a sticky folder after the check was installed into, and a
    /// link planted there was followed by the chmod, on any file.
    @discardableResult
    func make(_ folder: String) throws(InstallError) -> [String] {
        let made: [String]
        do { made = try TrustedPath(ownership: Ownership(fileSystem: fileSystem)).make(folder, mode: 0o755).made } catch {
            throw Self.refusal(error)
        }
        let top = PathName.components(prefix)
        return made.compactMap { path in
            let parts = PathName.components(path)
            return parts.count > top.count && parts.starts(with: top) ? parts.dropFirst(top.count).joined(separator: "/") : nil
        }
    }

    /// Writes down, in `madeFoldersRecord`, the folders of the prefix an install made, so that
    /// `uninstall` removes them again when they are empty, and no folder it did not make.
    func record(_ made: [String]) {
        let known = madeFolders()
        let added = made.filter { !known.contains($0) && !PathName.components($0).starts(with: ["lib", binary]) }
        guard !added.isEmpty else { return }
        let text = (known + added).map { $0 + "\n" }.joined()
        try? fileSystem.writeAtomically(Array(text.utf8), to: home + "/" + Self.madeFoldersRecord, mode: 0o644)
    }

    /// The file in `lib/<binary>` listing the folders of the prefix an install made, one a line.
    static let madeFoldersRecord = ".made-folders"

    /// The folders `madeFoldersRecord` lists: relative, inside the prefix, no `..`.
    func madeFolders() -> [String] {
        guard let bytes = try? BoundedFile.read(home + "/" + Self.madeFoldersRecord, limit: 65_536, followLinks: false) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
            !line.isEmpty && !line.hasPrefix("/") && !PathName.components(line).contains("..")
        }
    }

    func replaceLink(_ path: String, target: String) throws(InstallError) {
        do { try fileSystem.replaceSymlink(path, target: target) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }

    func remove(_ path: String) throws(InstallError) {
        do { try fileSystem.removeTree(path) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }

    private func rename(_ from: String, to: String) throws(InstallError) {
        guard systemRename(from, to) == 0 else { throw .cannotWrite(path: to, reason: FileSystem.reason()) }
    }
}

/// The C library's rename(2), named apart from the installer's own `rename`.
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
