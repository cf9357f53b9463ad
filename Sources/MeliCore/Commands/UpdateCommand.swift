#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `update [--check] [--json]`: compares this build with the newest one in the environment's
/// own feed (`MELI_QA_UPDATE_FEED_URL` for meli-qa, written by scripts/publish-qa), says what
/// changed since this build, and installs the newest through `install(_:from:context:)`.
struct UpdateCommand: Command {
    static let spec = CommandSpec(
        name: "update", summary: .updateSummary, discussion: .updateDiscussion, options: [check, json],
        examples: ["$0 update --check", "$0 update --check --json", "$0 update"], notifiesOfUpdates: false, command: Self.self)
    static let check = Flag("check", help: .updateCheckHelp)
    static let json = JSONSelection.option(fields: reportFields, help: .updateJSONHelp)

    var check: Bool
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        check = arguments[Self.check]
        json = arguments[Self.json]
        if json != nil, !check { throw UsageError(.updateJSONNeedsCheck) }
    }

    func run(_ context: App) async throws {
        let binary = context.environment.binary
        let location = try Self.feedLocation(context)
        let feed = try await Feed.load(location, context: context)
        let here = Feed.platform
        let now = context.io.now()
        let installed = context.environment.build.version
        let current = try feed.currentBuilds(for: binary, platform: here, at: now)
        let version = SemanticVersion(installed)
        let newer = current.filter { Feed.isNewer($0.version, than: version) }
        UpdateNotifier(context).record(feed, at: now)
        let expires = feed.build(version: installed)?.expires
        if let json {
            context.show(JSONReport(Self.report(binary: binary, installed: installed, latest: current.first, newer: newer, expires: expires, now: now)), json: json)
            return
        }
        if let expires, Feed.hasExpired(expires, at: now) {
            context.say(.notifyExpired(binary: binary, version: installed, date: String(expires.prefix(10))))
        }
        guard let newest = newer.first else {
            if current.isEmpty {
                context.say(.updateNoBuilds(binary: binary, feed: location, platform: "\(here.os)/\(here.arch)"))
            } else {
                context.say(.updateUpToDate(binary: binary, version: installed))
            }
            return
        }
        context.say(.updateAvailable(binary: binary, version: newest.version, installed: installed, built: String(newest.date.prefix(10))))
        context.stdout.write(Self.changes(newer, since: installed, context: context))
        if check {
            context.say(.updateInstallHint(binary: binary))
            return
        }
        try await Self.install(newest, from: location, context: context)
    }

    /// What changed in each build newer than `installed`, newest first.
    static func changes(_ newer: [Feed.Build], since installed: String, context: App) -> String {
        var text = context.text(.updateChangesSince(version: installed)) + "\n"
        for build in newer {
            text += context.text(.updateBuildHeading(version: build.version, date: String(build.date.prefix(10)))) + "\n"
            let lines = (build.changes ?? []).map(UpdateCheck.printable)
            text += lines.isEmpty ? "  \(context.text(.updateNoChanges))\n" : lines.map { "  - \($0)\n" }.joined()
        }
        return text
    }

    /// `update --check --json`: one object, stable English field names.
    /// The fields of `update --check --json`, in order (a test holds `report` to them).
    static let reportFields = ["binary", "current", "latest", "available", "expires", "expired", "changes", "builds"]

    static func report(binary: String, installed: String, latest: Feed.Build?, newer: [Feed.Build], expires: String?, now: Date) -> JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("binary", .string(binary)),
            ("current", .string(installed)),
            ("latest", string(latest?.version)),
            ("available", .bool(!newer.isEmpty)),
            ("expires", string(expires)),
            ("expired", .bool(Feed.hasExpired(expires, at: now))),
            ("changes", .array(newer.flatMap { $0.changes ?? [] }.map(JSONValue.string))),
            ("builds", .array(newer.map { build in
                .object([
                    ("version", .string(build.version)), ("date", .string(build.date)), ("expires", string(build.expires)),
                    ("file", .string(build.file)), ("changes", .array((build.changes ?? []).map(JSONValue.string))),
                ])
            })),
        ])
    }

    /// This binary's feed key's value, or a configuration error saying precisely what to set.
    static func feedLocation(_ context: App) throws(UpdateError) -> String {
        let environment = context.environment
        let key = SettingKey.updateFeedURL(for: environment.name).name
        guard let location = environment.setting(key), !location.isEmpty else {
            throw .noFeed(binary: environment.binary, key: key, envFile: PathName.lastComponent(of: environment.envFile.path), environment: environment.name)
        }
        return location
    }
}
