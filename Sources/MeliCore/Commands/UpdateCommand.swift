#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `update [--check] [--json]`: compares this build with the newest one in the environment's
/// own feed (its row's `MELI_<NAME>_UPDATE_FEED_URL`, written by scripts/publish), says what
/// changed since this build, and installs the newest through `install(_:from:app:)`.
struct UpdateCommand: Command {
    static let spec = CommandSpec(
        name: "update", summary: .ProgramHelp.updateSummary, discussion: .ProgramHelp.updateDiscussion, options: [check, json],
        examples: ["$0 update --check", "$0 update --check --json", "$0 update"], notifiesOfUpdates: false, command: Self.self)
    static let check = Flag("check", help: .ProgramHelp.updateCheckHelp)
    static let json = JSONSelection.option(fields: UpdateCheckResult.fields.names, help: .ProgramHelp.updateJSONHelp)

    var check: Bool
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        check = arguments[Self.check]
        json = arguments[Self.json]
        if json != nil, !check { throw UsageError(.Update.updateJSONNeedsCheck) }
    }

    func run(_ app: App) async throws {
        let binary = app.environment.binary
        if !check { try app.refuseIfPackageManaged(.update) }
        let location = try Self.feedLocation(app)
        let feed = try await Feed.load(location, source: app.feedSource)
        let here = Feed.platform
        let now = app.io.now()
        let installed = app.environment.build.version
        let current = try feed.currentBuilds(for: binary, platform: here, at: now)
        let version = SemanticVersion(installed)
        let newer = current.filter { Feed.isNewer($0.version, than: version) }
        UpdateNotifier(app).record(feed, at: now)
        let expires = feed.build(version: installed)?.expires
        if let json {
            let result = UpdateCheckResult(
                binary: binary, installed: installed, latest: current.first, newer: newer, expires: expires,
                expired: Feed.hasExpired(expires, at: now))
            app.show(JSONReport(UpdateCheckResult.fields.object(result)), json: json)
            return
        }
        if let expires, Feed.hasExpired(expires, at: now) {
            app.say(.Update.notifyExpired(binary: binary, version: installed, date: String(expires.prefix(10))))
        }
        guard let newest = newer.first else {
            if current.isEmpty {
                app.say(.Update.updateNoBuilds(binary: binary, feed: location, platform: "\(here.os)/\(here.arch)"))
            } else {
                app.say(.Update.updateUpToDate(binary: binary, version: installed))
            }
            return
        }
        // A binary that checks signatures refuses a build the feed gives none for: said before
        // anything is downloaded (or, with --check, instead of the hint to install it).
        let unsigned = newest.signature == nil && !app.trustedKeys.isEmpty
        if unsigned, !check { throw InstallError.refused(package: newest.file, .unsigned) }
        app.say(.Update.updateAvailable(binary: binary, version: newest.version, installed: installed, built: String(newest.date.prefix(10))))
        app.stdout.write(Self.changes(newer, since: installed, app: app))
        if check {
            app.say(unsigned ? .Update.updateUnsignedHint(binary: binary, version: newest.version, release: app.environment.name.isRelease) : Self.installHint(newest.version, app: app))
            return
        }
        try await Self.install(newest, from: location, app: app)
    }

    /// At most this many changes are listed; the rest are counted (a channel's first build lists
    /// every commit of the repository: 270 lines, printed again by `update` before it installed).
    static let shownChanges = 30

    /// What changed in each build newer than `installed`, newest first, up to `shownChanges`.
    static func changes(_ newer: [Feed.Build], since installed: String, app: App) -> String {
        var text = app.text(.Update.updateChangesSince(version: installed)) + "\n"
        var room = shownChanges
        var left = 0
        for build in newer {
            let lines = (build.changes ?? []).map(UpdateCheck.printable)
            guard room > 0 else {
                left += max(lines.count, 1)
                continue
            }
            text += app.text(.Update.updateBuildHeading(version: build.version, date: String(build.date.prefix(10)))) + "\n"
            text += lines.isEmpty ? "  \(app.text(.Update.updateNoChanges))\n" : lines.prefix(room).map { "  - \($0)\n" }.joined()
            left += max(lines.count - room, 0)
            room -= min(lines.count, room)
        }
        if left > 0 { text += "  " + app.text(.Update.updateMoreChanges(count: left, binary: app.environment.binary)) + "\n" }
        return text
    }

    /// This binary's feed key's value, or a configuration error saying precisely what to set.
    static func feedLocation(_ app: App) throws(UpdateError) -> String {
        let environment = app.environment
        let key = SettingKey.updateFeedURL(for: environment.name).name
        guard let location = environment.setting(key), !location.isEmpty else {
            throw .noFeed(binary: environment.binary, key: key, envFile: PathName.lastComponent(of: environment.envFile.path), environment: environment.name)
        }
        return location
    }
}

/// What `update --check` found, for `--json`: one object, stable English field names.
struct UpdateCheckResult: Sendable {
    var binary: String
    var installed: String
    var latest: Feed.Build?
    /// The current builds newer than this one, newest first.
    var newer: [Feed.Build]
    /// When this build expires, as the feed says.
    var expires: String?
    var expired: Bool

    /// The fields of `update --check --json`, declared once: the object is built from them and
    /// `--json=FIELDS` picks among them.
    static let fields = JSONFields<UpdateCheckResult>([
        ("binary", { .string($0.binary) }),
        ("current", { .string($0.installed) }),
        ("latest", { string($0.latest?.version) }),
        ("available", { .bool(!$0.newer.isEmpty) }),
        ("expires", { string($0.expires) }),
        ("expired", { .bool($0.expired) }),
        ("changes", { .array($0.newer.flatMap { $0.changes ?? [] }.map(JSONValue.string)) }),
        ("builds", { result in
            .array(result.newer.map { build in
                .object([
                    ("version", .string(build.version)), ("date", .string(build.date)), ("expires", string(build.expires)),
                    ("file", .string(build.file)), ("changes", .array((build.changes ?? []).map(JSONValue.string))),
                ])
            })
        }),
    ])

    private static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
