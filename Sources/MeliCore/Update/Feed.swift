#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A feed.json, as scripts/publish writes it: a channel's (qa), or a release's (production).
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
        /// The Ed25519 signature (base64 of 64 bytes), by the channel's key, of the statement naming
        /// the file and its sha256 (`SignedStatement.package`).
        var ed25519: String?

        /// The signature's bytes; nil when the feed gives none, or none that decodes.
        var signature: [UInt8]? { ed25519.flatMap(SigningKeys.decode) }

        /// The version, parsed; nil when it is not semantic.
        var semanticVersion: SemanticVersion? { SemanticVersion(version) }

        /// Refuses a build whose file is not a package of `binary` at the build's own version: the
        /// feed's version decides what `update` offers, the file's what gets installed.
        func checkFileVersion(binary: String) throws(InstallError) {
            let name: PackageName
            do { name = try PackageName(file, binary: binary, platform: (os, arch)) } catch {
                throw .refused(package: file, error)
            }
            guard name.version.utf8.elementsEqual(version.utf8) else {
                throw .refused(package: file, .versionMismatch(feed: version, file: name.version))
            }
        }

        /// The first field not of its shape (nil when all are): `version` semantic, in
        /// [0-9A-Za-z.+-]; `date` and `expires` ISO 8601 UTC (`2026-03-01T10:00:00Z`); `os` and
        /// `arch` in [a-z0-9_]; `file` a plain `<binary>_….tar.gz` name in [A-Za-z0-9._+-]; `sha256` 64
        /// hex digits; `size` within the installer's limit. Every one of them can reach a terminal
        /// or a path, so none may carry control characters or anything else.
        func malformedField(binary: String) -> String? {
            if !Feed.isVersion(version) { return "version" }
            if !Feed.isTimestamp(date) { return "date" }
            if let expires, !Feed.isTimestamp(expires) { return "expires" }
            let platformScalars: (String) -> Bool = { text in
                !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && (("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_") }
            }
            if !platformScalars(os) { return "os" }
            if !platformScalars(arch) { return "arch" }
            // A plain name of this binary's package; that its version is the build's is checked
            // when it is installed (`checkFileVersion`), with a message saying so.
            let fileScalars = file.unicodeScalars.allSatisfy { $0.isASCII && (Feed.isAlphanumeric($0) || "._+-".unicodeScalars.contains($0)) }
            if !fileScalars || !file.hasPrefix(binary + "_") || !file.hasSuffix(".tar.gz") || file.utf8.count > 255 { return "file" }
            if sha256.utf8.count != 64 || !sha256.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) { return "sha256" }
            if let size, !(0...PackageLimits.standard.maxBytes).contains(size) { return "size" }
            if let ed25519, SigningKeys.decode(ed25519)?.count != 64 { return "ed25519" }
            return nil
        }
    }

    /// The most a feed may hold (1 MB, 1,000,000 bytes); a larger one is refused unread. A channel
    /// of 30 builds with their changes is about 20 kB.
    static let maxBytes = 1_000_000

    var channel: String?
    /// The binary every build of this feed is (`meli-qa`); a feed naming another binary is refused.
    var binary: String?
    /// When it was published (`YYYY-MM-DDTHH:MM:SSZ`, UTC): a signed feed older than one already
    /// read from its location is refused (`FeedTrust`).
    var published: String?
    var builds: [Build]
    /// Where the feed was read from (URL or path); its builds' files are its siblings.
    var location = ""

    private enum CodingKeys: String, CodingKey { case channel, binary, published, builds }

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
    func checkBinary(_ binary: String) throws(FeedError) {
        guard self.binary == binary else { throw .wrongBinary(location: location, feedBinary: self.binary, binary: binary) }
    }

    /// The builds for `platform` with a semantic version, newest first, expired or not.
    func builds(for platform: (os: String, arch: String)) -> [Build] {
        builds
            .filter { $0.os == platform.os && $0.arch == platform.arch }
            .compactMap { build in build.semanticVersion.map { (build, $0) } }
            .sorted { $0.1 > $1.1 }
            .map(\.0)
    }

    /// The unexpired builds for `platform` with a semantic version, newest first, after checking
    /// that the feed is `binary`'s.
    func currentBuilds(for binary: String, platform: (os: String, arch: String) = Feed.platform, at now: Date) throws(FeedError) -> [Build] {
        try checkBinary(binary)
        return builds(for: platform).filter { !Feed.hasExpired($0.expires, at: now) }
    }

    /// The newest unexpired build of `binary` for `platform`, nil when there is none; throws when
    /// the feed is another binary's. Shared by `update` and `self install FEED`.
    func newestBuild(for binary: String, platform: (os: String, arch: String) = Feed.platform, at now: Date) throws(FeedError) -> Build? {
        try currentBuilds(for: binary, platform: platform, at: now).first
    }

    /// Whether `version` is semantic and newer than `installed` (every semantic version is when
    /// `installed` is nil: not semantic, as in an unstamped build). Shared by `update` and the notice.
    static func isNewer(_ version: String, than installed: SemanticVersion?) -> Bool {
        guard let candidate = SemanticVersion(version) else { return false }
        return installed.map { $0 < candidate } ?? true
    }

    /// The entry of the build this binary is (any platform, expired or not), for its expiry.
    func build(version: String) -> Build? {
        builds.first { $0.version == version }
    }

    /// Reads and decodes the feed at `location` (an https/http URL or a file path), at most
    /// `maxBytes` of it. Builds with a field not of its shape (`Build.malformedField`) are left out,
    /// as if the feed did not list them, and their changes are `TerminalText.clean`. A binary that
    /// trusts signing keys reads `<location>.sig` too (at once, within the same time bound) and
    /// refuses a feed that is not signed by one of them, or older than one it read before (`FeedTrust`).
    static func load(_ location: String, source: FeedSource, timeout: Double? = nil) async throws -> Feed {
        let trust = FeedTrust(keys: source.trustedKeys, stateDirectory: source.stateDirectory, fileSystem: source.fileSystem)
        async let signature = trust.isRequired ? signature(of: location, source: source, timeout: timeout) : nil
        let bytes = try await fetch(location, source: source, timeout: timeout, limit: maxBytes, download: nil)
        // The signature before a word of it is read; its time once it is.
        if trust.isRequired { try trust.verify(bytes, signature: try await signature, location: location) }
        let feed = try decode(bytes, from: location)
        // Its history is kept per address: a path as the absolute path it names.
        let address = location.contains(text: "://") ? location : PathName.resolve(location, against: source.currentDirectory)
        if trust.isRequired, let failure = try trust.accept(published: feed.published, location: location, address: address) {
            let reason: Message = switch failure {
            case .cannotWrite(let error): Message.SystemReason.reason(error.reason)
            case .untrusted(let problem): problem.message
            }
            source.logger.warning(Message.Trust.feedStateNotSaved(path: source.displayPath(trust.statePath), reason: reason).text(source.language))
        }
        return feed
    }

    /// The feed `bytes` read from `location`, its builds of a malformed field left out.
    private static func decode(_ bytes: [UInt8], from location: String) throws -> Feed {
        var feed: Feed
        do {
            feed = try JSONBody.decode(Feed.self, from: bytes)
        } catch {
            throw FeedError.notAFeed(location: location, error)
        }
        feed.location = location
        let binary = feed.binary ?? ""
        feed.builds.removeAll { $0.malformedField(binary: binary) != nil }
        // What changed is free text: cleaned here, once, for every reader of the feed.
        for index in feed.builds.indices { feed.builds[index].changes = feed.builds[index].changes?.map { TerminalText.clean($0) } }
        return feed
    }

    /// The signature beside the feed at `location` (`<location>.sig`, at most
    /// `FeedTrust.maxSignatureBytes`); nil when there is none (no such file, or a 404 or 410).
    private static func signature(of location: String, source: FeedSource, timeout: Double?) async throws -> [UInt8]? {
        let path = location + ".sig"
        if !location.contains(text: "://"), source.fileSystem.kind(of: PathName.resolve(path, against: source.currentDirectory)) == .missing {
            return nil
        }
        do {
            return try await fetch(path, source: source, timeout: timeout, limit: FeedTrust.maxSignatureBytes, download: nil)
        } catch APIError.badStatus(let status, _, _) where status == 404 || status == 410 {
            return nil
        }
    }

    /// A URL through the transport, anything else as a file path; at most `limit` bytes: past it,
    /// receiving stops and `FeedError.feedTooLarge` (or `downloadTooLarge`) is thrown. A URL is held
    /// to the API base URL's rules (https, or http to this machine only; no credentials): the feed
    /// carries the sha256 every download is checked against, so it must not cross a network in the
    /// clear. `download` is the name of the file the feed names, nil when reading the feed itself.
    static func fetch(
        _ location: String, source: FeedSource, timeout: Double? = nil, limit: Int, download: String?
    ) async throws -> [UInt8] {
        let tooLarge = tooLargeError(location, limit: limit, download: download)
        if location.contains(text: "://") {
            let response = try await get(location, source: source, timeout: timeout, limit: limit, sink: nil, tooLarge: tooLarge)
            // A transport that does not honour the limit is still held to it.
            guard response.body.count <= limit else { throw tooLarge }
            return response.body
        }
        let path = PathName.resolve(location, against: source.currentDirectory)
        do {
            return try BoundedFile.read(path, limit: limit)
        } catch .tooLarge {
            throw tooLarge
        } catch .notRegular {
            throw unreadable(source.displayPath(path), reason: nil, download: download)
        } catch .unreadable(let reason) {
            throw unreadable(source.displayPath(path), reason: reason, download: download)
        }
    }

    /// What a body past `limit` is: a download's (`download`, its file name) or the feed's.
    static func tooLargeError(_ location: String, limit: Int, download: String?) -> FeedError {
        download.map { .downloadTooLarge(file: $0, limit: limit) } ?? .feedTooLarge(location: location, limit: limit)
    }

    /// A file that cannot be read (nil reason: not a regular file): a download's or the feed's.
    static func unreadable(_ path: String, reason: String?, download: String?) -> FeedError {
        download == nil ? .feedUnreadable(path: path, reason: reason) : .downloadUnreadable(path: path, reason: reason)
    }

    /// GETs the URL `location` (held to the feed's address rules), its body at most `limit` bytes
    /// and, with a `sink`, handed to it as it comes; throws unless the answer is a 2xx.
    static func get(
        _ location: String, source: FeedSource, timeout: Double?, limit: Int, sink: HTTPBodySink?, tooLarge: FeedError
    ) async throws -> HTTPResponse {
        let key = SettingKey.updateFeedURL(for: source.environment).name
        guard case .success(.http) = APIBaseURL.parse(location) else {
            let problem: APIBaseURL.Problem? = switch APIBaseURL.parse(location) {
            case .failure(let problem): problem
            case .success: nil
            }
            throw FeedError.badAddress(location: location, key: key, problem: problem)
        }
        let response: HTTPResponse
        do {
            var request = HTTPRequest(url: location, timeout: timeout ?? source.timeout, maxBodyBytes: limit, sink: sink)
            // A package (handed to a sink) may take minutes: only silence is bounded, not the whole.
            request.boundsSilenceOnly = sink != nil
            response = try await source.transport.send(request)
        } catch .tooLarge {
            throw tooLarge
        } catch .connection(let host, let reason) {
            throw FeedError.unreachable(host: host, reason: reason, key: key)
        } catch .interrupted(let host, let reason) {
            throw FeedError.transferFailed(host: host, reason: reason)
        } catch {
            throw APIError.transport(error)
        }
        guard (200..<300).contains(response.status) else { throw APIError.badStatus(response.status, method: "GET", url: location) }
        return response
    }

    /// Whether `expires` (ISO 8601 UTC; nil: never) is past at `now`: timestamps of one form
    /// compare as text. The one expiry rule of the feed, the notice and `update`.
    static func hasExpired(_ expires: String?, at now: Date) -> Bool {
        guard let expires else { return false }
        return expires < Timestamp.iso8601(now)
    }

    /// Whether `location` is fetched over HTTP (`https://`, `http://`) rather than read as a path.
    static func isURL(_ location: String) -> Bool {
        location.hasPrefix("https://") || location.hasPrefix("http://")
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Whether `text` is a semantic version in [0-9A-Za-z.+-]: a feed's build, or one read back
    /// from the notifier's state file.
    static func isVersion(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || "+-.".unicodeScalars.contains($0)) } && SemanticVersion(text) != nil
    }

    /// Whether `text` is `YYYY-MM-DDTHH:MM:SSZ`, digits where digits go (so that two compare as
    /// text), each field in its range: month 01-12, day 01-31, hour 00-23, minute and second
    /// 00-59 (`2026-13-45T99:99:99Z` was taken for a time, and compared as one).
    static func isTimestamp(_ text: String) -> Bool {
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == pattern.count, zip(bytes, pattern).allSatisfy({ byte, want in
            want == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == want
        }) else { return false }
        func field(_ at: Int) -> Int { Int(bytes[at] - UInt8(ascii: "0")) * 10 + Int(bytes[at + 1] - UInt8(ascii: "0")) }
        return (1...12).contains(field(5)) && (1...31).contains(field(8)) && field(11) <= 23 && field(14) <= 59 && field(17) <= 59
    }

    /// `name` in the folder of the feed at `location` (URL or path).
    static func sibling(_ name: String, of location: String) -> String {
        let bytes = Array(location.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return name }
        return String(decoding: bytes[...slash], as: UTF8.self) + name
    }
}
