/// What reading a feed and its downloads needs, and nothing more: how to reach a URL or a file,
/// the default time bound, the keys a feed must be signed by and where its history is kept, and
/// how to warn. `App.feedSource` builds it for a run; tests build one directly.
struct FeedSource: Sendable {
    /// How a URL is fetched (a file path is read directly).
    var transport: any HTTPTransport
    /// Where the signature's presence is checked and the feed's trust history is kept.
    var fileSystem: FileSystem
    /// What a relative feed path is resolved against.
    var currentDirectory: String
    /// The time bound of a request when the caller gives none (the environment's HTTP timeout).
    var timeout: Double
    /// The environment, whose feed setting an error names.
    var environment: EnvironmentName
    /// The keys the feed must be signed by (none: its origin is not checked).
    var trustedKeys: SigningKeys
    /// The state folder, where the feed's trust history is kept.
    var stateDirectory: String
    /// Where a warning goes (a trust history that could not be saved), in `language`.
    var logger: Logger
    var language: Language
    /// A path as messages show it (`~/...`).
    var displayPath: @Sendable (String) -> String
}
