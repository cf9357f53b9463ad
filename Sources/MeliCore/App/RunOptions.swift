/// The few options of this run the services read (`--offline`, `--no-cache`, `-q`): filled by
/// the command line's `GlobalOptions.runOptions`, so that `App` never sees the parser.
struct RunOptions: Sendable {
    /// `--offline`: answers come from the cache only.
    var offline: Bool
    /// `--no-cache`: the cache is neither read nor written.
    var noCache: Bool
    /// `-q`, which also keeps the update notice off standard error.
    var quiet: Bool

    /// How the response cache is used in this run.
    var cacheMode: CacheMode { offline ? .offline : noCache ? .bypass : .normal }
}
