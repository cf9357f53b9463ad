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
        guard let location = context.environment.setting(SettingKey.updateFeedURL.name), !location.isEmpty else {
            throw CommandFailure(.configuration, Message(.updateNoFeed, [binary]), hint: Message(.updateNoFeedHint))
        }
        let feed = try await Feed.load(location, context: context)
        let here = Feed.platform
        let now = context.io.now()
        let candidates = feed.builds.filter { $0.os == here.os && $0.arch == here.arch && !$0.isExpired(at: now) }
        let current = SemanticVersion(context.environment.build.version)
        guard let newest = candidates.compactMap({ build in SemanticVersion(build.version).map { (build, $0) } }).max(by: { $0.1 < $1.1 }) else {
            context.stdout.line(context.t(.updateNoBuilds, binary, location, "\(here.os)/\(here.arch)"))
            return
        }
        guard current.map({ $0 < newest.1 }) ?? true else {
            context.stdout.line(context.t(.updateUpToDate, binary, context.environment.build.version))
            return
        }
        context.stdout.line(context.t(.updateAvailable, binary, newest.0.version, context.environment.build.version, String(newest.0.date.prefix(10))))
        if context.arguments.flag("check") {
            context.stdout.line(context.t(.updateInstallHint, binary))
            return
        }
        try await install(newest.0, from: location, context: context)
    }
}
