/// `cache info [--json]`: where the cache is, how full, and its settings.
struct CacheInfoCommand: Command {
    static let spec = CommandSpec(
        name: "info", summary: "Show where the cache is, its entries and size, and its limits.",
        options: [json], examples: ["$0 cache info", "$0 cache info --json"], command: Self.self)
    static let json = JSONSelection.option(
        fields: ["location", "entries", "bytes", "max_bytes", "ttl_seconds"],
        help: "Print JSON: {location, entries, bytes, max_bytes, ttl_seconds}.")

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ context: App) async throws {
        let cache = context.responseCache
        let (entries, bytes) = cache.usage()
        let settings = context.environment.cache
        if let json {
            context.show(JSONReport(.object([
                ("location", .string(cache.directory)),
                ("entries", .number(Double(entries))),
                ("bytes", .number(Double(bytes))),
                ("max_bytes", .number(Double(settings.maxSize.bytes))),
                ("ttl_seconds", .object([
                    ("catalog", .number(Double(settings.catalog.seconds))), ("search", .number(Double(settings.search.seconds))),
                    ("item", .number(Double(settings.item.seconds))),
                ])),
            ])), json: json)
            return
        }
        let limit = settings.maxSize.megabytes == 0
            ? context.text(.cacheOff)
            : "\(ByteCount.text(settings.maxSize.bytes)) (\(context.environment.sources[.cacheMaxMB]?.description ?? ""))"
        let rows = [
            [context.text(.cacheLocation), context.displayPath(cache.directory)],
            [context.text(.cacheEntries), String(entries)],
            [context.text(.cacheSize), ByteCount.text(bytes)],
            [context.text(.cacheLimit), limit],
            [context.text(.cacheLifetimes), context.text(.cacheLifetimesValue(catalog: settings.catalog.description, search: settings.search.description, items: settings.item.description))],
        ]
        if context.stdout.isTerminal {
            context.stdout.write(Table(rows).aligned())
            if context.environment.apiBaseURL == .sandbox { context.stdout.line(context.text(.cacheSandbox)) }
        } else {
            context.stdout.write(Table([
                ["location", cache.directory], ["entries", String(entries)], ["bytes", String(bytes)],
                ["max_bytes", String(settings.maxSize.bytes)],
            ]).tabSeparated())
        }
    }
}
