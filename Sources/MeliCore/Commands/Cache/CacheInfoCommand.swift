/// `cache info [--json]`: where the cache is, how full, its settings, and what unfinished
/// downloads (`update` stopped by Ctrl-C or a kill) left in it.
struct CacheInfoCommand: Command {
    static let json = JSONSelection.option(fields: CacheInfoReport.fields.names, help: .AccountHelp.cacheInfoJSONHelp)

    static let spec = CommandSpec(
        name: "info", summary: .AccountHelp.cacheInfoSummary,
        options: [json], examples: ["$0 cache info", "$0 cache info --json"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let cache = app.responseCache
        app.warnIfUntrusted(cache)
        let (entries, bytes) = cache.usage()
        let downloads = app.downloadFolder
        if let problem = downloads.problem() { app.logger.warning(app.text(.Cache.cacheFolderUntrusted(path: app.displayPath(downloads.directory), problem: problem))) }
        let left = downloads.leftovers()
        let usage = CacheInfoReport.Usage(
            location: cache.directory, entries: entries, bytes: bytes, settings: app.environment.cache, downloads: left.entries, downloadBytes: left.bytes,
            limitOrigin: app.environment.origin(of: Settings.cacheMaxMB)?.description ?? "", sandbox: app.environment.apiBaseURL == .sandbox)
        app.show(CacheInfoReport(usage: usage), json: json)
    }
}

/// The cache's place, fill and limits.
struct CacheInfoReport: Report {
    struct Usage {
        var location: String
        var entries: Int
        var bytes: Int
        var settings: CacheSettings
        /// Unfinished downloads in `<cache>/update`, and the bytes they hold.
        var downloads = 0
        var downloadBytes = 0
        /// Where the size cap came from (`Config/Base.env:12`, `--...`), as `env` shows it.
        var limitOrigin = ""
        /// Whether the environment is the built-in sandbox, whose answers are not cached.
        var sandbox = false
    }

    static let fields = JSONFields<Usage>([
        ("location", { .string($0.location) }),
        ("entries", { .number(Double($0.entries)) }),
        ("bytes", { .number(Double($0.bytes)) }),
        ("max_bytes", { .number(Double($0.settings.maxSize.bytes)) }),
        ("ttl_seconds", { usage in
            .object([
                ("catalog", .number(Double(usage.settings.catalog.seconds))), ("search", .number(Double(usage.settings.search.seconds))),
                ("item", .number(Double(usage.settings.item.seconds))),
            ])
        }),
        ("downloads", { .number(Double($0.downloads)) }),
        ("download_bytes", { .number(Double($0.downloadBytes)) }),
    ])

    var usage: Usage

    func json() -> JSONValue { Self.fields.object(usage) }
    var records: JSONRecords { .one(usage, Self.fields) }

    func terminal(_ view: ReportView) -> String {
        let settings = usage.settings
        let limit = settings.maxSize.megabytes == 0
            ? view.text(.Cache.cacheOff)
            : "\(ByteCount.text(settings.maxSize.bytes)) (\(usage.limitOrigin))"
        var rows = [
            [view.text(.Cache.cacheLocation), view.displayPath(usage.location)],
            [view.text(.Cache.cacheEntries), String(usage.entries)],
            [view.text(.Cache.cacheSize), ByteCount.text(usage.bytes)],
            [view.text(.Cache.cacheLimit), limit],
            [view.text(.Cache.cacheLifetimes), view.text(.Cache.cacheLifetimesValue(
                catalog: settings.catalog.description, search: settings.search.description, items: settings.item.description))],
        ]
        if usage.downloads > 0 {
            rows.append([view.text(.Cache.cacheDownloads), view.text(.Cache.cacheDownloadsValue(count: String(usage.downloads), size: ByteCount.text(usage.downloadBytes)))])
        }
        var out = Table(rows).aligned()
        if usage.sandbox { out += view.text(.Cache.cacheSandbox) + "\n" }
        return out
    }

    func lines(_ view: ReportView) -> String {
        Table([
            ["location", usage.location], ["entries", String(usage.entries)], ["bytes", String(usage.bytes)],
            ["max_bytes", String(usage.settings.maxSize.bytes)], ["downloads", String(usage.downloads)], ["download_bytes", String(usage.downloadBytes)],
        ]).tabSeparated()
    }
}
