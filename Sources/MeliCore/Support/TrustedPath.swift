#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path walked as the kernel walks it, one name at a time from an open `/`, where every folder
/// reached and every link followed is checked before the next name is looked up: for the prefix
/// the installer writes into (`Installer.checkPrefixFolders`, `Installer.make`) and the state
/// folder that guards updates (`StateFolder.problemWithParents`).
///
/// Resolving the path first (realpath) and checking the real folders afterwards let
/// `~/.local/state -> /root-owned/dir` pass while the link sat where someone else could change
/// it, and made folders by path (`mkdir -p`, then `chmod`), so a folder or link another user
/// planted in a sticky folder between the check and the mkdir was installed into, or chmodded.
/// Here each folder is opened relative to the one above (`openat`, never following a link),
/// checked with `fstat` by the one rule (`Ownership`), and a link is followed only when the user
/// or root owns it (what Linux's fs.protected_symlinks asks in sticky folders), at most
/// `maxLinks` of them, `..` going back up the folders actually reached. A folder it makes is made
/// with `mkdirat`, opened without following links, must be the user's, and gets its mode with
/// `fchmod`; one that appeared meanwhile (EEXIST) is checked as any other.
struct TrustedPath: Sendable {
    var ownership: Ownership

    /// As the kernel's limit (Linux's MAXSYMLINKS).
    static let maxLinks = 40

    /// Why the walk stopped: `path` (as reached, links resolved) and what is wrong with it.
    struct Failure: Error, Sendable, Hashable {
        enum Reason: Sendable, Hashable {
            /// A folder another user could change (`Ownership`).
            case owner(OwnershipProblem)
            /// A symbolic link that belongs to this user id (neither the running user's nor root's).
            case linkOwner(uid: UInt32)
            /// More than `maxLinks` links on the way.
            case tooManyLinks
            /// Something that is not a folder where a folder must be.
            case notFolder
            /// It could not be looked at or made (the system's reason).
            case system(String)
        }

        var path: String
        var reason: Reason
    }

    /// Where a walk ended.
    struct Reached: Sendable, Hashable {
        /// The deepest folder that exists, links resolved.
        var folder: String
        /// The names still to walk below it that do not exist (check only; empty when all do).
        var missing: [String]
        /// The folders made, in order, each as the path given names it (links resolved when it
        /// was reached through one).
        var made: [String]
    }

    /// Checks every folder and link on the way to `path` (absolute); a missing tail is allowed
    /// and said in `Reached.missing`.
    func check(_ path: String) throws(Failure) -> Reached {
        try walk(path, making: nil)
    }

    /// `check`, making the folders that are missing, each with exactly `mode` (whatever the umask).
    func make(_ path: String, mode: mode_t) throws(Failure) -> Reached {
        try walk(path, making: mode)
    }

    /// One name to walk, with the path the caller gave up to it (nil for a link's text).
    private struct Step {
        var name: String
        var shown: String?
    }

    /// The folders reached, each open, `/` first: `..` closes the last one.
    private final class Folders {
        var open: [(fd: Int32, path: String)] = []
        deinit { for folder in open { close(folder.fd) } }
        var last: (fd: Int32, path: String) { open[open.count - 1] }
    }

    private func walk(_ path: String, making mode: mode_t?) throws(Failure) -> Reached {
        let folders = Folders()
        let root = open("/", Self.folderFlags)
        guard root >= 0 else { throw Failure(path: "/", reason: .system(FileSystem.reason())) }
        folders.open.append((root, "/"))
        try check(root, at: "/")
        let names = PathName.components(path)
        var steps = names.indices.reversed().map { Step(name: names[$0], shown: "/" + names[...$0].joined(separator: "/")) }
        var links = 0, made: [String] = [], races = 0
        while let step = steps.popLast() {
            if step.name == "." { continue }
            if step.name == ".." {
                if folders.open.count > 1 { close(folders.open.removeLast().fd) }
                continue
            }
            let (parent, above) = folders.last
            let here = above == "/" ? "/" + step.name : above + "/" + step.name
            let fd = openat(parent, step.name, Self.folderFlags)
            if fd >= 0 {
                folders.open.append((fd, here))
                try check(fd, at: here)
                continue
            }
            switch errno {
            case ENOENT:
                guard let mode else {
                    return Reached(folder: above, missing: [step.name] + steps.reversed().map(\.name), made: made)
                }
                if mkdirat(parent, step.name, mode) != 0 {
                    // Made meanwhile by someone else: looked at again, as any folder on the way.
                    guard errno == EEXIST, races < Self.maxLinks else { throw Failure(path: here, reason: .system(FileSystem.reason())) }
                    races += 1
                    steps.append(step)
                    continue
                }
                folders.open.append((try madeFolder(in: parent, step.name, at: here, mode: mode), here))
                made.append(step.shown ?? here)
            case ELOOP, ENOTDIR:
                let target = try link(in: parent, step.name, at: here)
                links += 1
                guard links <= Self.maxLinks else { throw Failure(path: here, reason: .tooManyLinks) }
                if PathName.isAbsolute(target) {
                    while folders.open.count > 1 { close(folders.open.removeLast().fd) }
                }
                steps += PathName.components(target).reversed().map { Step(name: $0, shown: nil) }
            default:
                throw Failure(path: here, reason: .system(FileSystem.reason()))
            }
        }
        return Reached(folder: folders.last.path, missing: [], made: made)
    }

    /// Read-only (a folder one may search but not read is refused), never a link, never waited on.
    private static let folderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK

    /// Refuses the folder open as `fd` unless `Ownership` trusts it.
    private func check(_ fd: Int32, at path: String) throws(Failure) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: path, reason: .system(FileSystem.reason())) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(path: path, reason: .notFolder) }
        if let problem = ownership.problem(of: info, fd: fd) { throw Failure(path: path, reason: .owner(problem)) }
    }

    /// The folder `name` just made in `parent`, open: it must be a folder of this process's user
    /// (another user could have swapped it only through a folder `check` refused); given `mode`.
    private func madeFolder(in parent: Int32, _ name: String, at path: String, mode: mode_t) throws(Failure) -> Int32 {
        let fd = openat(parent, name, Self.folderFlags)
        guard fd >= 0 else { throw Failure(path: path, reason: errno == ELOOP || errno == ENOTDIR ? .notFolder : .system(FileSystem.reason())) }
        var info = stat()
        let problem: Failure.Reason? = if fstat(fd, &info) != 0 {
            .system(FileSystem.reason())
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            .notFolder
        } else if info.st_uid != geteuid() {
            .owner(.otherOwner(uid: UInt32(info.st_uid)))
        } else if fchmod(fd, mode) != 0 {
            .system(FileSystem.reason())
        } else {
            nil
        }
        if let problem {
            close(fd)
            throw Failure(path: path, reason: problem)
        }
        return fd
    }

    /// The text of the link `name` in `parent`, when the user or root owns it; refuses anything
    /// else that is not a folder.
    private func link(in parent: Int32, _ name: String, at path: String) throws(Failure) -> String {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw Failure(path: path, reason: .system(FileSystem.reason())) }
        guard (info.st_mode & S_IFMT) == S_IFLNK else { throw Failure(path: path, reason: .notFolder) }
        let owner = UInt32(info.st_uid)
        guard owner == ownership.user || owner == 0 else { throw Failure(path: path, reason: .linkOwner(uid: owner)) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(parent, name, &buffer, buffer.count - 1)
        guard count > 0 else { throw Failure(path: path, reason: .system(FileSystem.reason(count == 0 ? ENOENT : errno))) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
