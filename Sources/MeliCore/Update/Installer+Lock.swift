#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One operation per binary at a time (`lib/<binary>/.lock`), and the stops tests inject.
extension Installer {
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

    /// Stops here, as a kill would, when a test asked to (`interrupt`).
    func stop(_ step: InstallStep) throws(InstallError) {
        if interrupt?(step) == true { throw .interrupted(step) }
    }
}
