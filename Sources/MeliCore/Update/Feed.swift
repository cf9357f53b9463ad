#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A channel's feed.json, as scripts/publish-qa writes it.
struct Feed: Decodable, Sendable {
    struct Build: Decodable, Sendable {
        var version: String
        var commit: String?
        var date: String
        var os: String
        var arch: String
        var file: String
        var sha256: String
        var size: Int?
        var notes: String?
        var expires: String?
        /// What changed since the channel's previous build, one user-facing line each.
        var changes: [String]?

        /// ISO 8601 UTC strings of one form compare as text.
        func isExpired(at now: Date) -> Bool {
            guard let expires else { return false }
            return expires < Timestamp.iso8601(now)
        }

        /// The version, parsed; nil when it is not semantic.
        var semanticVersion: SemanticVersion? { SemanticVersion(version) }
    }

    var channel: String?
    /// The binary every build of this feed is (`meli-qa`); a feed naming another binary is refused.
    var binary: String?
    var builds: [Build]
    /// Where the feed was read from (URL or path); its builds' files are its siblings.
    var location = ""

    private enum CodingKeys: String, CodingKey { case channel, binary, builds }

    /// This machine as the package names say it (`uname -s`, `uname -m`, lower-cased).
    static var platform: (os: String, arch: String) {
        #if os(Linux)
        let os = "linux"
        #elseif os(macOS)
        let os = "darwin"
        #else
        let os = "unknown"
        #endif
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64) && os(Linux)
        let arch = "aarch64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "unknown"
        #endif
        return (os, arch)
    }

    /// Refuses a feed written for another binary (`meli-dev update` must never install meli-qa).
    func checkBinary(_ binary: String) throws(CommandFailure) {
        guard self.binary == binary else {
            throw CommandFailure(
                .failure, Message(.updateWrongBinary, [location, self.binary ?? "?", binary]),
                hint: Message(.updateWrongBinaryHint, [SettingKey.updateFeedURL(forBinary: binary)?.name ?? SettingKey.retiredUpdateFeedURL, binary]))
        }
    }

    /// The unexpired builds for `platform` with a semantic version, newest first, after checking
    /// that the feed is `binary`'s.
    func currentBuilds(for binary: String, platform: (os: String, arch: String) = Feed.platform, at now: Date) throws(CommandFailure) -> [Build] {
        try checkBinary(binary)
        return builds
            .filter { $0.os == platform.os && $0.arch == platform.arch && !$0.isExpired(at: now) }
            .compactMap { build in build.semanticVersion.map { (build, $0) } }
            .sorted { $0.1 > $1.1 }
            .map(\.0)
    }

    /// The newest unexpired build of `binary` for `platform`, nil when there is none; throws when
    /// the feed is another binary's. Shared by `update` and `self install FEED`.
    func newestBuild(for binary: String, platform: (os: String, arch: String) = Feed.platform, at now: Date) throws(CommandFailure) -> Build? {
        try currentBuilds(for: binary, platform: platform, at: now).first
    }

    /// The current builds newer than `version`, newest first (all of them when `version` is not
    /// semantic, as in an unstamped build).
    func builds(newerThan version: String, for binary: String, platform: (os: String, arch: String) = Feed.platform, at now: Date) throws(CommandFailure) -> [Build] {
        let builds = try currentBuilds(for: binary, platform: platform, at: now)
        guard let installed = SemanticVersion(version) else { return builds }
        return builds.filter { $0.semanticVersion.map { installed < $0 } ?? false }
    }

    /// The entry of the build this binary is (any platform, expired or not), for its expiry.
    func build(version: String) -> Build? {
        builds.first { $0.version == version }
    }

    /// Reads and decodes the feed at `location` (an https/http URL or a file path).
    static func load(_ location: String, context: CommandContext, timeout: Double? = nil) async throws -> Feed {
        let bytes = try await fetch(location, context: context, timeout: timeout)
        var feed: Feed
        do {
            feed = try JSONBody.decode(Feed.self, from: bytes)
        } catch {
            throw CommandFailure(.failure, Message(.updateFeedUnreadable, [location], nested: [error.field.isEmpty ? error.problem : Message(.decodingField, [error.field])]))
        }
        feed.location = location
        return feed
    }

    /// An https/http URL through the transport, anything else as a file path.
    static func fetch(_ location: String, context: CommandContext, timeout: Double? = nil) async throws -> [UInt8] {
        if location.hasPrefix("https://") || location.hasPrefix("http://") {
            let response: HTTPResponse
            do {
                response = try await context.io.transport.send(HTTPRequest(url: location, timeout: timeout ?? context.environment.httpTimeout.seconds))
            } catch {
                throw APIError.transport(error)
            }
            guard (200..<300).contains(response.status) else { throw APIError.badStatus(response.status, method: "GET", url: location) }
            return response.body
        }
        let path = PathName.resolve(location, against: context.io.currentDirectory)
        do {
            return try FileSystem.readFile(atPath: path)
        } catch {
            throw CommandFailure(.failure, Message(.updateFeedMissing, [context.displayPath(path), error.reason]))
        }
    }

    /// `name` in the folder of the feed at `location` (URL or path).
    static func sibling(_ name: String, of location: String) -> String {
        guard let slash = location.lastIndex(of: "/") else { return name }
        return String(location[...slash]) + name
    }
}
