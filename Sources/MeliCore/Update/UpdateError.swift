/// `update`: what stops an update before or after the feed is read (the feed's own problems are
/// `FeedError`). Data, worded by `ErrorReporter`; the feed's downloads throw it too.
enum UpdateError: Error, Sendable, Hashable {
    /// No feed is configured: `key` is the setting to set, `envFile` the env file's name, and
    /// `environment` gives the example channel, if it has one.
    case noFeed(binary: String, key: String, envFile: String, environment: EnvironmentName)
    /// This binary does not run from an installation, so it cannot replace itself.
    case notInstalled(binary: String)
    /// The download cannot be saved before it is installed.
    case cannotSave(path: String, reason: String)
    /// The downloads folder (`<cache>/update`, as shown) is a link, not a folder, another user's
    /// or open to others: nothing is downloaded into it.
    case untrustedDownloads(path: String, problem: CacheFolderProblem)
}
