#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tells whoever runs this binary on a terminal that its feed has a newer build, the way gh does:
/// after the command's output, at most once a day (the answer is kept in the state directory),
/// never under `CI` or `MELI_NO_UPDATE_NOTIFIER`, never without a feed, within a short bound, and
/// silently when the check fails. A build past its expiry says so on every run, terminal or not.
/// Nothing at all when the state folder, or the answer kept in it, could be changed by someone
/// else (`StateFolder`): it is neither read nor written, and no feed is fetched for it.
/// It takes plain values; this run's notifier, and printing its notice, are `App+Update.swift`'s.
struct UpdateNotifier: Sendable {
    /// How long a check's answer is reused.
    static let interval: Double = 86_400
    /// The longest the check may add to a command.
    static let timeout: Double = 1.5
    /// Lines of changes shown before pointing at `update --check`.
    static let changeLines = 5
    /// The state file, in the binary's state directory.
    static let fileName = "update-check.json"

    var binary: String
    var environment: EnvironmentName
    /// The running build's version.
    var installed: String
    /// The feed this binary reads; nil or empty means no notice at all.
    var feed: String?
    var stateDirectory: String
    var processEnvironment: [String: String]
    var stderrIsTerminal: Bool
    /// `--offline`: never touch the network (a file feed is still read).
    var offline = false
    /// Where the state file is written.
    var fileSystem: FileSystem = .local
    /// The package manager that keeps this binary, whose command the notice gives instead of `update`.
    var packageManager: PackageManager?
    /// The running binary's path, by which the manager is found when none is given: only when a
    /// notice is printed, so that no other command (nor `update --check`'s record) reads its marker.
    var executablePath: String?

    var statePath: String { stateDirectory + "/" + Self.fileName }

    /// Off without a feed, under CI, or when asked with MELI_NO_UPDATE_NOTIFIER.
    var isEnabled: Bool {
        guard let feed, !feed.isEmpty else { return false }
        return processEnvironment["CI"] == nil && processEnvironment["MELI_NO_UPDATE_NOTIFIER"] == nil
    }

    /// Checks when due and returns what to print on standard error (empty for nothing).
    /// `load` reads the feed; it is given the time bound.
    func notice(at now: Date, language: Language, load: @Sendable (String, Double) async throws -> Feed) async -> String {
        guard isEnabled, let feed else { return "" }
        let digest = UpdateCheck.digest(feed)
        let state = StateFolder(path: stateDirectory, fileSystem: fileSystem)
        let kept: UpdateCheck?
        do { kept = UpdateCheck.decode(try state.read(Self.fileName, limit: UpdateCheck.maxFileBytes)) } catch { return "" }
        var check = kept.flatMap { $0.feedDigest == digest ? $0 : nil }
        var fresh = false
        if stderrIsTerminal, !(offline && Feed.isURL(feed)), check.map({ !$0.isCurrent(at: now) }) ?? true {
            // Read, the folder was checked; not, it is checked before a feed is fetched for it.
            if kept == nil, state.problem() != nil { return "" }
            let builds = (try? await load(feed, Self.timeout)).flatMap(entries)
            fresh = builds != nil
            // A failed check is recorded too, so that an unreachable feed costs one attempt a day.
            check = save(UpdateCheck(checkedAt: now.timeIntervalSince1970, feedDigest: digest, builds: builds ?? check?.builds ?? []))
        }
        guard let check else { return "" }
        var lines: [String] = []
        if let expires = check.expiry(of: installed), Feed.hasExpired(expires, at: now) {
            lines.append(Message.Update.notifyExpired(binary: binary, version: installed, date: String(expires.prefix(10))).text(language))
        }
        let newer = fresh ? check.newer(than: installed, at: now) : []
        if let latest = newer.first {
            lines.append(Message.Environments.notifyNewer(environment, version: latest.version, installed: installed).text(language))
            let changes = newer.flatMap(\.changes)
            lines += changes.prefix(Self.changeLines).map { "  - \($0)" }
            if changes.count > Self.changeLines {
                lines.append("  " + Message.Update.notifyMoreChanges(count: String(changes.count - Self.changeLines), binary: binary).text(language))
            }
        }
        guard !lines.isEmpty else { return "" }
        let manager = packageManager ?? PackageManager(executablePath: executablePath, binary: binary)
        let getIt = manager.map { Message.PackageManaged.packageManagedGetIt(manager: $0, command: $0.upgradeCommand(version: newer.first?.version)) }
        lines.append((getIt ?? Message.Update.notifyGetIt(binary: binary)).text(language))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Records a check made by `update --check`, so the notice does not repeat it today.
    func record(_ feed: Feed, at now: Date) {
        guard let location = self.feed, let builds = entries(feed) else { return }
        save(UpdateCheck(checkedAt: now.timeIntervalSince1970, feedDigest: UpdateCheck.digest(location), builds: builds))
    }

    /// `feed`'s builds as the state file keeps them; nil for a feed of another binary.
    private func entries(_ feed: Feed) -> [UpdateCheck.Entry]? {
        (try? feed.checkBinary(binary)) == nil ? nil : UpdateCheck.entries(feed, installed: installed)
    }

    /// Writes `check` to the state file, privately and at best, and returns it.
    @discardableResult private func save(_ check: UpdateCheck) -> UpdateCheck {
        try? StateFolder(path: stateDirectory, fileSystem: fileSystem).write(Self.fileName, Array(check.json().serialized().utf8))
        return check
    }
}

/// The last check's time and answer, as kept in `update-check.json`. The feed's location is kept
/// only as a digest: a URL may carry a secret.
struct UpdateCheck: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var version: String
        var expires: String?
        var changes: [String]
    }

    var checkedAt: Double
    var feedDigest: String
    /// This platform's builds, newest first.
    var builds: [Entry]

    private enum CodingKeys: String, CodingKey {
        case checkedAt = "checked_at", feedDigest = "feed_sha256", builds
    }

    /// Kept at most this many builds and lines, each line at most this long.
    static let maxBuilds = 20, maxChanges = 20, maxLength = 200

    /// Whether the check is less than a day old (a clock set back makes it stale).
    func isCurrent(at now: Date) -> Bool {
        let age = now.timeIntervalSince1970 - checkedAt
        return age >= 0 && age < UpdateNotifier.interval
    }

    func expiry(of version: String) -> String? {
        builds.first { $0.version == version }?.expires
    }

    /// Unexpired builds newer than `version`, newest first (all of them for a version that is not semantic).
    func newer(than version: String, at now: Date) -> [Entry] {
        let installed = SemanticVersion(version)
        return builds.filter { !Feed.hasExpired($0.expires, at: now) && Feed.isNewer($0.version, than: installed) }
    }

    static func digest(_ location: String) -> String { SHA256.hex(Array(location.utf8)) }

    /// The feed's builds for this platform, newest first, bounded, their text made safe to print.
    static func entries(_ feed: Feed, installed: String, platform: (os: String, arch: String) = Feed.platform) -> [Entry] {
        let mine = feed.builds(for: platform)
        let kept = mine.prefix(maxBuilds) + mine.dropFirst(maxBuilds).filter { $0.version == installed }
        return kept.map { build in
            Entry(
                version: printable(build.version), expires: build.expires.map(printable),
                changes: (build.changes ?? []).prefix(maxChanges).map(printable))
        }
    }

    /// Safe to print (`TerminalText.clean`: a feed could carry terminal escapes), and not too long.
    static func printable(_ text: String) -> String {
        TerminalText.clean(text, limit: maxLength)
    }

    /// The most the state file is read: it holds at most 20 builds of 20 lines of 200 characters.
    static let maxFileBytes = 64 * 1024

    /// The check kept at `path`, nil when there is none usable: a file larger than `maxFileBytes`,
    /// not a regular file (a FIFO, a device: never waited on), a link, or not this JSON is ignored,
    /// and replaced at the next check. What it holds is checked again as the feed's text is: it
    /// could have been written by anyone who can write the state directory.
    static func read(_ path: String) -> UpdateCheck? {
        decode(try? BoundedFile.read(path, limit: maxFileBytes, followLinks: false))
    }

    /// The check the state file's `bytes` hold (nil: none were read), checked as `read` says.
    static func decode(_ bytes: [UInt8]?) -> UpdateCheck? {
        guard let bytes, var check = try? JSONBody.decode(UpdateCheck.self, from: bytes) else { return nil }
        check.builds = check.builds.compactMap { entry in
            guard Feed.isVersion(entry.version), entry.expires.map(Feed.isTimestamp) ?? true else { return nil }
            return Entry(version: entry.version, expires: entry.expires, changes: entry.changes.prefix(maxChanges).map(printable))
        }
        return check
    }

    func json() -> JSONValue {
        .object([
            ("checked_at", .number(checkedAt)),
            ("feed_sha256", .string(feedDigest)),
            ("builds", .array(builds.map { entry in
                .object([
                    ("version", .string(entry.version)),
                    ("expires", entry.expires.map(JSONValue.string) ?? .null),
                    ("changes", .array(entry.changes.map(JSONValue.string))),
                ])
            })),
        ])
    }
}
