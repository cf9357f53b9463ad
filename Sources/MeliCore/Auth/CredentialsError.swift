/// Why the credentials file (or its lock file) cannot be used, as data: each path as shown to the
/// user. `ErrorReporter` words it.
package enum CredentialsError: Error, Sendable, Hashable {
    case unreadable(path: String, reason: String)
    /// Others may read or write it (its mode, in octal, second): it is not used.
    case tooOpen(path: String, mode: String)
    /// Not a whole credentials file.
    case damaged(path: String)
    case unwritable(path: String, reason: String)
    /// The token must be renewed, but no room could be reserved to save the new tokens: the
    /// refresh token was not sent, so the login still works once there is space.
    case noSpaceToRenew(path: String, reason: String)
    /// Another process held the lock file past the wait.
    case locked(path: String)
    /// The credentials' folder, a folder above it, or a file of the store (`path`) could be
    /// changed by someone other than this user or root, or is a link: nothing in it is read or
    /// written (`CredentialFolder`).
    case untrusted(path: String, reason: Untrusted)

    /// What is wrong with an untrusted place: never anything of what it holds.
    package enum Untrusted: Sendable, Hashable {
        case link
        case notFolder
        /// Not a regular file (a FIFO, a device, a folder).
        case notFile
        case otherOwner(uid: UInt32)
        /// Its group or others may write it (these permission bits).
        case writableByOthers(mode: Int)
        /// A link on the way to it belongs to another user (the walk from `/` follows no such link).
        case linkOwner(uid: UInt32)
        /// More links on the way than the walk follows.
        case tooManyLinks
        /// A folder on the way could not be opened or examined (the system's reason).
        case unreadable(String)
    }
}
