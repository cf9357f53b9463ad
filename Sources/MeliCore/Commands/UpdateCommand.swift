#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `update [--check]`: compares this build with the newest one in the environment's feed
/// (`MELI_UPDATE_FEED_URL`, written by scripts/publish-qa) and installs it through the installer
/// shipped in the package, the same verified path as scripts/install.
enum UpdateCommand {
    static let spec = CommandSpec(
        name: "update", summary: "Check for a newer build of this binary, and install it.",
        discussion: """
            Reads the feed named by MELI_UPDATE_FEED_URL (an https URL, or a file path), skips builds
            for other systems and expired ones, and compares the newest with this build. Without
            --check, downloads it, checks its sha256 against the feed, and installs it with the
            installer of this installation (scripts/install), keeping this version for --rollback.
            """,
        options: [OptionSpec("check", help: "Only say whether a newer build exists and how to install it.")],
        examples: ["$0 update --check", "$0 update"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let binary = context.environment.binary
        let location = try feedLocation(context)
        let feed = try await Feed.load(location, context: context)
        let here = Feed.platform
        let now = context.io.now()
        let installed = context.environment.build.version
        guard let newest = try feed.newestBuild(for: binary, platform: here, at: now) else {
            context.stdout.line(context.t(.updateNoBuilds, binary, location, "\(here.os)/\(here.arch)"))
            return
        }
        guard SemanticVersion(installed).map({ $0 < (newest.semanticVersion ?? $0) }) ?? true else {
            context.stdout.line(context.t(.updateUpToDate, binary, installed))
            return
        }
        context.stdout.line(context.t(.updateAvailable, binary, newest.version, installed, String(newest.date.prefix(10))))
        if context.arguments.flag("check") {
            context.stdout.line(context.t(.updateInstallHint, binary))
            return
        }
        try await install(newest, from: location, context: context)
    }

    /// This binary's feed key's value, or a configuration error saying precisely what to set.
    static func feedLocation(_ context: CommandContext) throws(CommandFailure) -> String {
        let environment = context.environment
        let key = SettingKey.updateFeedURL(for: environment.name).name
        guard let location = environment.setting(key), !location.isEmpty else {
            let example = environment.name == .qa ? Message(.updateNoFeedExample, [key]) : .verbatim("")
            throw CommandFailure(
                .configuration, Message(.updateNoFeed, [environment.binary]),
                hint: Message(.updateNoFeedHint, [key, environment.displayPath(environment.envFile.path)], nested: [example]))
        }
        return location
    }
}
