#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The binary's state folder (`AppDirectories.state`, `~/.local/state/<binary>`) and the files
/// in it that decide for the user: `feed-published.json` (the newest signed feed accepted from
/// each location, which stops an old feed served again), `update-check.json` (the update
/// notice's last answer) and `site` (the saved site).
///
/// They are worth only as much as the folder: one that is a symbolic link, or that another user
/// owns or may write (`Ownership`), is neither read nor written for them. Root run with another
/// user's HOME (sudo keeps it on macOS and on some Linux systems) followed
/// `~/.local/state/meli-qa -> /tmp/mal/stt` and kept its replay protection where that user could
/// change it. A file in the folder is read only when it is a regular file (never through a
/// link) that the user or root owns and no one else may write. The cost is the fstat the read
/// makes anyway and one lstat of the folder once a file in it was opened; what guards updates
/// (`problemWithParents`) looks at every folder above it too.
struct StateFolder: Sendable {
    var path: String
    var fileSystem: FileSystem = .local

    /// Why the folder, a folder above it or a file in it (`path`) is not trusted.
    struct Problem: Error, Sendable, Hashable {
        enum Reason: Sendable, Hashable {
            case link
            case notFolder
            case owner(OwnershipProblem)
            /// A link on the way belongs to this user id (neither the user's nor root's).
            case linkOwner(uid: UInt32)
            /// More than `TrustedPath.maxLinks` links on the way.
            case tooManyLinks
            /// A folder on the way could not be looked at (the system's reason).
            case unreadable(String)
        }

        var path: String
        var reason: Reason
    }

    /// Why the folder itself is not to be trusted; nil when it is, or when it is missing (it is
    /// made, 0700, when first written).
    func problem() -> Problem? {
        guard let status = fileSystem.inspect(path) else { return nil }
        switch status.kind {
        case .symlink: return Problem(path: path, reason: .link)
        case .directory: break
        default: return Problem(path: path, reason: .notFolder)
        }
        return Ownership(fileSystem: fileSystem).problem(of: status, at: path).map { Problem(path: path, reason: .owner($0)) }
    }

    /// `problem()`, then every folder and link on the way to it from `/`, one by one as the
    /// system reaches them (`TrustedPath`): whoever can write a folder above it can put another
    /// folder in its place, or take it away with the history it keeps (as OpenSSH's StrictModes
    /// checks a home folder's parents), and a link on the way counts as much as a folder (before,
    /// the path was resolved first, so `~/.local/state -> /root-owned/dir` passed wherever the
    /// link sat, whoever owned it). For what guards updates: root run with another user's HOME is
    /// refused here. A missing folder is fine (it is made when first written).
    func problemWithParents() -> Problem? {
        if let problem = problem() { return problem }
        do { _ = try TrustedPath(ownership: Ownership(fileSystem: fileSystem)).check(path) } catch {
            return Problem(path: error.path, reason: Self.reason(error.reason))
        }
        return nil
    }

    /// The walk's reason as the state folder's.
    private static func reason(_ reason: TrustedPath.Failure.Reason) -> Problem.Reason {
        switch reason {
        case .owner(let problem): .owner(problem)
        case .linkOwner(let uid): .linkOwner(uid: uid)
        case .tooManyLinks: .tooManyLinks
        case .notFolder: .notFolder
        case .system(let reason): .unreadable(reason)
        }
    }

    /// The bytes of the file `name` in the folder, at most `limit`; nil when there is none, or
    /// none usable (not a regular file, a link, too large, unreadable: written again when next
    /// saved). Throws when the file or the folder is not trusted.
    func read(_ name: String, limit: Int) throws(Problem) -> [UInt8]? {
        let file = path + "/" + name
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(file, limit: limit, followLinks: false, ownership: Ownership(fileSystem: fileSystem))
        } catch .untrusted(let owner) {
            throw problem() ?? Problem(path: file, reason: .owner(owner))
        } catch {
            return nil
        }
        if let problem = problem() { throw problem }
        return bytes
    }

    /// Writes the file `name` whole (temporary file and rename), with `mode`, when the folder is
    /// trusted; the folder is made (0700) when missing. Synced to the disk unless not `durable`
    /// (`FileSystem.writeAtomically`).
    func write(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o600, durable: Bool = true) throws(WriteFailure) {
        if let problem = problem() { throw .untrusted(problem) }
        do { try fileSystem.writeAtomically(bytes, to: path + "/" + name, mode: mode, durable: durable) } catch { throw .cannotWrite(error) }
    }

    /// Removes the file `name`, when the folder is trusted; whether there was one (a missing one is
    /// not an error: `site --clear` says nothing was saved).
    @discardableResult
    func remove(_ name: String) throws(WriteFailure) -> Bool {
        if let problem = problem() { throw .untrusted(problem) }
        let file = path + "/" + name
        guard fileSystem.inspect(file) != nil else { return false }
        do { try fileSystem.removeFile(file) } catch { throw .cannotWrite(error) }
        return true
    }

    /// Why a file was not written or removed.
    enum WriteFailure: Error, Sendable, Hashable {
        case untrusted(Problem)
        case cannotWrite(FileSystem.WriteError)
    }
}

extension StateFolder.Problem {
    /// What is wrong, naming the place: `... belongs to another user (uid 1001)`.
    var message: Message {
        switch reason {
        case .link: .Trust.placeIsLink(path: path)
        case .notFolder: .Trust.placeIsNotFolder(path: path)
        case .owner(.otherOwner(let uid)): .Trust.placeOtherOwner(path: path, owner: "uid \(uid)")
        case .owner(.writableByOthers(let mode)): .Trust.placeWritable(path: path, mode: OwnershipProblem.octal(mode))
        case .linkOwner(let uid): .Trust.placeLinkOtherOwner(path: path, owner: "uid \(uid)")
        case .tooManyLinks: .Trust.placeTooManyLinks(path: path, most: TrustedPath.maxLinks)
        case .unreadable(let reason): .Trust.placeUnreadable(path: path, reason: reason)
        }
    }

    /// What to do about it.
    var remedy: Message {
        switch reason {
        case .link: .Trust.stateLinkRemedy(path: path)
        case .notFolder: .Trust.stateNotFolderRemedy(path: path)
        case .owner(.otherOwner): .Trust.stateOtherOwnerRemedy
        case .owner(.writableByOthers): .Trust.placeWritableRemedy(path: path)
        case .linkOwner: .Trust.placeLinkOtherOwnerRemedy(path: path)
        case .tooManyLinks: .Trust.placeTooManyLinksRemedy
        case .unreadable: .Trust.stateOtherOwnerRemedy
        }
    }
}
