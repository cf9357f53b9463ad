/// `cache clear`: removes every cached response of this binary (never another binary's).
enum CacheClearCommand {
    static let spec = CommandSpec(
        name: "clear", summary: "Remove every cached response of this binary.",
        examples: ["$0 cache clear"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let cache = context.responseCache
        do {
            let removed = try cache.clear()
            context.stdout.line(context.t(.cacheCleared, String(removed), context.displayPath(cache.directory)))
        } catch {
            throw CommandFailure(.failure, .cannotClearCache, context.displayPath(error.path), error.reason)
        }
    }
}
