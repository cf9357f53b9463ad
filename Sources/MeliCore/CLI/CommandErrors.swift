/// What the commands fail with, as data: each case holds what went wrong (paths, values, the
/// setting to change), never the words. `ErrorReporter` words each one (`ErrorMessages+Commands.swift`).

/// `site`: the saved site cannot be written or removed (the path as shown, and the system's reason).
enum SiteError: Error, Sendable, Hashable {
    case cannotRemove(path: String, reason: String)
    case cannotSave(path: String, reason: String)
    /// The state folder could be changed by someone else: the site is neither saved nor removed.
    case untrustedState(StateFolder.Problem)

    /// Why the saved site at `path` (as shown) was not written, or not removed.
    init(_ failure: StateFolder.WriteFailure, path: String, removing: Bool) {
        switch failure {
        case .untrusted(let problem): self = .untrustedState(problem)
        case .cannotWrite(let error): self = removing ? .cannotRemove(path: path, reason: error.reason) : .cannotSave(path: path, reason: error.reason)
        }
    }
}

/// `auth`: logging in or using the login.
enum AuthError: Error, Sendable, Hashable {
    /// No stored login and no MELI_ACCESS_TOKEN.
    case notLoggedIn
    /// The environment uses the offline sandbox, which has no login.
    case sandbox
    /// `auth login` was given no authorization code.
    case noCode
    /// A setting `auth login` needs (`key`, such as MELI_CLIENT_ID) is not set; `option` is the
    /// option that gives it instead (`client-id`, without the dashes).
    case missingSetting(key: String, option: String)
}

/// `cache`: the cache folder (as shown) cannot be emptied.
enum CacheError: Error, Sendable, Hashable {
    case cannotClear(path: String, reason: String)
    /// The cache folder is a link, not a folder, another user's or open to others: left alone.
    case untrustedFolder(path: String, problem: CacheFolderProblem)
}

/// The program cannot start: its file name (`file`) is none of the table's `binaries`.
enum LaunchError: Error, Sendable, Hashable {
    case unknownBinary(file: String, binaries: [String])
    /// No program name at all: on Linux the Swift runtime reads it (and the arguments) from
    /// /proc, which a bare chroot lacks; libdispatch needs /proc too.
    case noProc
}

/// What a command printed could not all be written to standard output (`errno`: a full disk, a
/// closed descriptor): the rest is lost, and the run fails rather than look like a success.
enum OutputError: Error, Sendable, Hashable {
    case cannotWrite(errno: Int32)
}

/// `browse`: the terminal could not be set up (`errno`), or a signal (SIGTERM, SIGHUP; 0: the
/// end of the terminal's input) ended the session after the terminal was restored.
enum BrowseError: Error, Sendable, Hashable {
    case cannotStart(errno: Int32)
    case terminated(signal: Int32)
}
