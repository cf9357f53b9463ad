#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file or folder meli trusts could be changed by someone other than the user it runs as.
package enum OwnershipProblem: Sendable, Hashable {
    /// It belongs to this user id (neither the running user's nor root's).
    case otherOwner(uid: UInt32)
    /// Its group or other users may write it (these permission bits).
    case writableByOthers(mode: Int)

    /// The mode as written in the messages, `0777`.
    static func octal(_ mode: Int) -> String { "0" + String(mode, radix: 8) }
}

/// The one rule for what meli trusts to decide for the user it runs as: the prefix it installs
/// into (`Installer.checkPrefixFolders`), the `Local.env` files that choose its settings, and the
/// state that guards its updates (`StateFolder`). A file or folder is trusted when it belongs to
/// that user or to root, and neither its group nor other users may write it; except that a folder
/// with the sticky bit (as /tmp) may be writable, since no one may then rename or remove what
/// another owns in it, and that the user's own file or folder may be writable by the user's
/// private group (Fedora's umask 002 makes `~/.local/bin` 0775, group `alice`, whose only member
/// is alice). Never for root: a group writing root's files is never a private one. Nor when
/// another account has that group as its primary group (`useradd -g alice eve`: eve is listed in
/// no group, yet writes as one of alice's group), nor, on Linux, when the file or folder carries
/// a POSIX access ACL (`setfacl -m u:eve:rwx`: its group bits are then the ACL's mask, which lets
/// named users write). ACLs are not looked at on macOS.
package struct Ownership: Sendable {
    /// The user this process acts as.
    package let user: UInt32
    private let fileSystem: FileSystem

    package init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
        user = fileSystem.currentUser()
    }

    /// Why a file or folder with this owner, group and mode (`lstat` or `fstat`'s) is not trusted;
    /// nil when it is. The private group is looked up (the password and group databases, and
    /// `hasAccessACL`) only for the user's own group-writable file, so the common case costs
    /// nothing beyond the stat.
    package func problem(owner: UInt32, group: UInt32, mode: mode_t, isFolder: Bool, hasAccessACL: () -> Bool) -> OwnershipProblem? {
        if owner != user && owner != 0 { return .otherOwner(uid: owner) }
        if isFolder && mode & 0o1000 != 0 { return nil }
        let bits = Int(mode & 0o7777)
        if mode & 0o002 != 0 { return .writableByOthers(mode: bits) }
        if mode & 0o020 != 0 {
            // Not for root: a group writing root's files is never a private one.
            guard owner == user, user != 0, let privateGroup = fileSystem.privateGroup(), privateGroup == group,
                  !fileSystem.isPrimaryGroupOfAnother(group, user), !hasAccessACL() else {
                return .writableByOthers(mode: bits)
            }
        }
        return nil
    }

    /// `problem(owner:group:mode:...)` of what `lstat` says of `path` (`status`).
    package func problem(of status: FileSystem.Status, at path: String) -> OwnershipProblem? {
        problem(owner: status.owner, group: status.group, mode: status.mode, isFolder: status.kind == .directory) {
            AccessControl.hasAccessACL(path: path, followLinks: status.kind != .symlink)
        }
    }

    /// `problem(owner:group:mode:...)` of what `fstat` said of the file open as `fd`.
    func problem(of info: stat, fd: Int32) -> OwnershipProblem? {
        problem(owner: UInt32(info.st_uid), group: UInt32(info.st_gid), mode: info.st_mode, isFolder: (info.st_mode & S_IFMT) == S_IFDIR) {
            AccessControl.hasAccessACL(fd: fd)
        }
    }

    /// `problem(owner:group:mode:...)` of what `stat` said of `path` (links followed).
    func problem(of info: stat, path: String) -> OwnershipProblem? {
        problem(owner: UInt32(info.st_uid), group: UInt32(info.st_gid), mode: info.st_mode, isFolder: (info.st_mode & S_IFMT) == S_IFDIR) {
            AccessControl.hasAccessACL(path: path, followLinks: true)
        }
    }
}
