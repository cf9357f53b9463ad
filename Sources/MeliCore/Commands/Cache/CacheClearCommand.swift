/// `cache clear`: removes every cached response of this binary (never another binary's), and what
/// unfinished downloads left in its cache, unless a download is running.
struct CacheClearCommand: Command {
    static let json = JSONSelection.option(fields: CacheClearReport.fields.names, help: .AccountHelp.cacheClearJSONHelp)

    static let spec = CommandSpec(
        name: "clear", summary: .AccountHelp.cacheClearSummary, options: [json],
        examples: ["$0 cache clear", "$0 cache clear --json"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let cache = app.responseCache
        let downloads = app.downloadFolder
        // Both folders are checked before anything is removed from either.
        if let problem = downloads.problem() { throw CacheError.untrustedFolder(path: app.displayPath(downloads.directory), problem: problem) }
        let removed: Int
        do {
            removed = try cache.clear()
        } catch .untrustedFolder(let problem) {
            throw CacheError.untrustedFolder(path: app.displayPath(cache.directory), problem: problem)
        } catch .cannotRemove(let error) {
            throw CacheError.cannotClear(path: app.displayPath(error.path), reason: error.reason)
        }
        let swept: (entries: Int, bytes: Int)?
        do { swept = try downloads.sweep() } catch {
            switch error {
            case .untrusted(let problem): throw CacheError.untrustedFolder(path: app.displayPath(downloads.directory), problem: problem)
            case .cannotWrite(let error): throw CacheError.cannotClear(path: app.displayPath(error.path), reason: error.reason)
            }
        }
        let cleared = CacheClearReport.Cleared(
            removed: removed, location: cache.directory, downloads: swept?.entries ?? 0, downloadBytes: swept?.bytes ?? 0,
            downloadRunning: swept == nil, downloadLocation: downloads.directory)
        app.show(CacheClearReport(cleared: cleared), json: json)
    }
}

/// How many cached responses and unfinished downloads were removed, and from where.
struct CacheClearReport: Report {
    struct Cleared {
        var removed: Int
        var location: String
        var downloads = 0
        var downloadBytes = 0
        /// A download was running: the downloads folder was left as it was.
        var downloadRunning = false
        var downloadLocation = ""
    }

    static let fields = JSONFields<Cleared>([
        ("removed", { .number(Double($0.removed)) }), ("location", { .string($0.location) }),
        ("downloads_removed", { .number(Double($0.downloads)) }), ("download_bytes_removed", { .number(Double($0.downloadBytes)) }),
    ])

    var cleared: Cleared

    func json() -> JSONValue { Self.fields.object(cleared) }
    var records: JSONRecords { .one(cleared, Self.fields) }
    func terminal(_ view: ReportView) -> String { lines(view) }
    func lines(_ view: ReportView) -> String {
        // An empty cache says there was nothing to remove, not "Removed 0 cached responses".
        let path = view.displayPath(cleared.location)
        var text = view.text(cleared.removed == 0 ? .Cache.cacheClearedNothing(path: path) : .Cache.cacheCleared(count: String(cleared.removed), path: path)) + "\n"
        if cleared.downloads > 0 {
            let size = ByteCount.text(cleared.downloadBytes)
            text += view.text(.Cache.cacheDownloadsCleared(count: String(cleared.downloads), size: size, path: view.displayPath(cleared.downloadLocation))) + "\n"
        }
        if cleared.downloadRunning { text += view.text(.Cache.cacheDownloadRunning(path: view.displayPath(cleared.downloadLocation))) + "\n" }
        return text
    }
}
