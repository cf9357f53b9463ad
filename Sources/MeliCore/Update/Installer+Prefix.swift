#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the installer checks of the prefix before it changes anything: that the places of its links
/// are free or its own, that no folder on the way is a link, that no folder of the prefix or above
/// it can be changed by another user, and, after a switch, that the command resolves to the version.
extension Installer {
    /// Fails before anything changes when a link's place holds something the installer did not
    /// make, or when a folder that holds links is itself a link.
    ///
    /// The links are relative (`../lib/<binary>/current/bin/<binary>`), so they resolve from the
    /// real folder they sit in: in a `bin` that is a link to another folder they would dangle, while
    /// the install reported success. Computing them from real paths instead would make the prefix's
    /// links depend on where those folders point today; refusing is simpler and says what to change.
    func checkLinksAreOurs() throws(InstallError) {
        var folders: [String] = []
        for link in links {
            let parts = PathName.components(link).dropLast()
            for depth in parts.indices { folders.append(prefix + "/" + parts[...depth].joined(separator: "/")) }
        }
        for folder in folders where fileSystem.kind(of: folder) == .symlink { throw .linkedFolder(path: folder, home: home) }
        for link in links where !isOurs(link) { throw .notOurs(path: prefix + "/" + link) }
    }

    /// The folders of the prefix an install writes in or through: the prefix, `lib`,
    /// `lib/<binary>` and the folders the links go in (`bin`, `share/man/man1`...).
    var prefixFolders: [String] {
        var folders = [prefix, prefix + "/lib", home]
        for link in links {
            let parts = PathName.components(link).dropLast()
            for depth in parts.indices {
                let folder = prefix + "/" + parts[...depth].joined(separator: "/")
                if !folders.contains(folder) { folders.append(folder) }
            }
        }
        return folders
    }

    /// Fails before anything changes when a folder of the prefix (`prefixFolders`), or a folder
    /// or link on the way to it, could be changed under the installer by another user: a folder
    /// owned by someone else than this user or root, or writable by its group or others without
    /// the sticky bit, or a link another user owns. Root installing into a prefix another user can
    /// write would otherwise run, or link other users to, whatever that user puts there; and
    /// whoever can write a folder above it can put another folder in the prefix's place (as
    /// OpenSSH's StrictModes checks a home folder's parents). Group write is allowed only for this
    /// user's own folder when the group is the user's private group (`Ownership`).
    ///
    /// Each path is walked from `/` one name at a time (`TrustedPath`), links followed only when
    /// the user or root owns them, so the folders above a prefix still to be made are checked too
    /// (before, a missing prefix skipped them), and a link is judged where it sits, not only where
    /// it leads. A folder still to be made is made by the installer, 0755 (`make`).
    func checkPrefixFolders() throws(InstallError) {
        let walk = TrustedPath(ownership: Ownership(fileSystem: fileSystem))
        for folder in prefixFolders {
            do { _ = try walk.check(folder) } catch { throw Self.refusal(error) }
        }
    }

    /// The walk's failure as the installer's error.
    static func refusal(_ failure: TrustedPath.Failure) -> InstallError {
        switch failure.reason {
        case .owner(let problem): .unsafeFolder(path: failure.path, problem)
        case .linkOwner(let uid): .untrustedLink(path: failure.path, owner: uid)
        case .tooManyLinks: .tooManyLinks(path: failure.path)
        case .notFolder: .cannotWrite(path: failure.path, reason: FileSystem.reason(ENOTDIR))
        case .system(let reason): .cannotWrite(path: failure.path, reason: reason)
        }
    }

    /// Whether the place of `link` is free or holds a link the installer made: exactly the text it
    /// writes (through `current`), or the one an earlier scripts/install wrote, resolved into a
    /// version folder (`../lib/<binary>/<version>/<link>`). Any other link is the user's own.
    func isOurs(_ link: String) -> Bool {
        let path = prefix + "/" + link
        switch fileSystem.kind(of: path) {
        case .missing: return true
        case .symlink:
            guard let target = fileSystem.linkTarget(path) else { return false }
            if target == linkTarget(link) { return true }
            let up = String(repeating: "../", count: PathName.components(link).count - 1) + "lib/\(binary)/"
            let tail = "/" + link
            guard target.utf8.starts(with: up.utf8), target.utf8.count > up.utf8.count + tail.utf8.count,
                  Array(target.utf8).suffix(tail.utf8.count).elementsEqual(tail.utf8) else { return false }
            let version = String(decoding: Array(target.utf8).dropFirst(up.utf8.count).dropLast(tail.utf8.count), as: UTF8.self)
            return Feed.isVersion(version)
        default: return false
        }
    }

    /// The system's resolution of `<prefix>/bin/<binary>` must be the binary in `version`'s folder.
    func checkCommandResolves(to version: String) throws(InstallError) {
        let command = "\(prefix)/bin/\(binary)"
        let expected = "\(home)/\(version)/bin/\(binary)"
        guard let real = fileSystem.realPath(command), let wanted = fileSystem.realPath(expected), real.utf8.elementsEqual(wanted.utf8) else {
            throw .linkDoesNotResolve(path: command, expected: expected)
        }
    }
}
