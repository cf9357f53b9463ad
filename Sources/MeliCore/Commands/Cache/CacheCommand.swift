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
