/// `cache clear`: removes every cached response of this binary (never another binary's).
struct CacheClearCommand: Command {
    static let json = JSONSelection.option(fields: CacheClearReport.fields.names, help: .cacheClearJSONHelp)

    static let spec = CommandSpec(
        name: "clear", summary: .cacheClearSummary, options: [json],
        examples: ["$0 cache clear", "$0 cache clear --json"], command: Self.self)

    var json: JSONSelection?

    init(_ arguments: ParsedArguments) {
        json = arguments[Self.json]
    }

    func run(_ app: App) async throws {
        let cache = app.responseCache
        do {
            let removed = try cache.clear()
            app.show(CacheClearReport(cleared: .init(removed: removed, location: cache.directory)), json: json)
        } catch .untrustedFolder(let problem) {
            throw CacheError.untrustedFolder(path: app.displayPath(cache.directory), problem: problem)
        } catch .cannotRemove(let error) {
            throw CacheError.cannotClear(path: app.displayPath(error.path), reason: error.reason)
        }
    }
}

/// How many cached responses were removed, and from where.
struct CacheClearReport: Report {
    struct Cleared {
        var removed: Int
        var location: String
    }

    static let fields = JSONFields<Cleared>([
        ("removed", { .number(Double($0.removed)) }), ("location", { .string($0.location) }),
    ])

    var cleared: Cleared

    func json() -> JSONValue { Self.fields.object(cleared) }
    var records: JSONRecords { .one(cleared, Self.fields) }
    func terminal(_ app: App) -> String { lines(app) }
    func lines(_ app: App) -> String { app.text(.cacheCleared(count: String(cleared.removed), path: app.displayPath(cleared.location))) + "\n" }
}
