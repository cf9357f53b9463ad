/// What can go wrong reading an update feed or a file it names, as data; `ErrorReporter` words it.
enum FeedError: Error, Sendable, Hashable {
    /// The feed at `location` is larger than `limit` bytes.
    case feedTooLarge(location: String, limit: Int)
    /// A download the feed names (its file name) is larger than `limit` bytes.
    case downloadTooLarge(file: String, limit: Int)
    /// The feed file at `path` cannot be read; a nil reason: it is not a regular file.
    case feedUnreadable(path: String, reason: String?)
    /// A file the feed names cannot be read; a nil reason: it is not a regular file.
    case downloadUnreadable(path: String, reason: String?)
    /// The feed does not decode (the field, empty for the whole body, and what was wrong).
    case notAFeed(location: String, BodyDecodingError)
    /// An address a feed is not read from: a nil problem means a `sandbox://` address. `key` is
    /// the setting to change.
    case badAddress(location: String, key: String, problem: APIBaseURL.Problem?)
    /// The feed's host cannot be reached; `key` is the setting to check.
    case unreachable(host: String, reason: String, key: String)
    /// The transfer from `host` broke off or its answer was malformed (a body cut short, an
    /// invalid `Content-Length`); `reason` is the HTTP library's.
    case transferFailed(host: String, reason: String)
    /// The feed is for another binary (`feedBinary`, nil when it names none) than `binary`.
    case wrongBinary(location: String, feedBinary: String?, binary: String)
    /// The download of `file` does not match the feed's sha256.
    case checksumMismatch(file: String)
    /// This binary trusts signing keys, and the feed at `location` has no signature beside it (`<feed>.sig`).
    case unsignedFeed(location: String)
    /// The feed's `.sig` is not a trusted key's signature of the feed (another key, or the feed changed).
    case badFeedSignature(location: String)
    /// A signed feed without a `published` time (YYYY-MM-DDTHH:MM:SSZ), so its age cannot be told.
    case undatedFeed(location: String)
    /// The feed was published at `published`, before the newest feed accepted from this location
    /// (`newest`): an old feed served again.
    case replayedFeed(location: String, published: String, newest: String)
    /// The state folder, a folder above it or `feed-published.json` in it could be changed by
    /// someone else: the history that refuses a replayed feed cannot be trusted or kept there.
    case untrustedState(StateFolder.Problem)
}
