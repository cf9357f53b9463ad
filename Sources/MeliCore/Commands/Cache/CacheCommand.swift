/// `cache`: the group holding `cache info` and `cache clear`.
enum CacheCommand {
    static let spec = CommandSpec(
        name: "cache", summary: .AccountHelp.cacheSummary, discussion: .AccountHelp.cacheDiscussion,
        subcommands: [.init("info", CacheInfoCommand.spec), .init("clear", CacheClearCommand.spec)],
        examples: ["$0 cache info", "$0 cache clear", "$0 --offline search iphone"])
}
