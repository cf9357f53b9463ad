/// `cache`: the group holding `cache info` and `cache clear`.
enum CacheCommand {
    static let discussion = """
        Each binary keeps its own response cache in its cache directory, so meli-qa never reads
        meli's. Fresh answers are reused; stale ones are revalidated (ETag, Last-Modified); when the
        network or the server fails, any cached answer is shown with a warning naming its age.
        """

    static let spec = CommandSpec(
        name: "cache", summary: "Show or clear this binary's HTTP response cache.", discussion: discussion,
        subcommands: [CacheInfoCommand.spec, CacheClearCommand.spec],
        examples: ["$0 cache info", "$0 cache clear", "$0 --offline search iphone"])
}

extension CommandContext {
    /// This binary's response cache, whether or not the environment uses it.
    var responseCache: ResponseCache {
        ResponseCache(
            directory: ResponseCache.directory(inCache: environment.directories.cache),
            maxBytes: environment.cache.maxSize.bytes, logger: logger)
    }
}

/// `1.2 MB`, `340 kB`, `12 B` (powers of 1000, as MELI_CACHE_MAX_MB counts).
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let (unit, size) = bytes < 1_000_000 ? ("kB", 1000.0) : bytes < 1_000_000_000 ? ("MB", 1_000_000.0) : ("GB", 1_000_000_000.0)
        let tenths = Int((Double(bytes) / size * 10).rounded())
        return tenths % 10 == 0 || tenths >= 1000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
