import Foundation
@testable import MeliCore

/// A QA channel as scripts/publish-qa writes it, for the feed and download tests: real packages
/// (stand-in binaries), a feed.json whose entries carry each package's real sha256 and size and,
/// with a key, the signature of its statement (`"ed25519"`), a top-level `"published"`, and
/// `feed.json.sig`. Served by a real loopback server, or read as files.
struct ChannelFixture {
    let packages: PackageFixture
    var key: SigningKey?

    init(key: SigningKey? = nil) throws {
        packages = try PackageFixture(standIn: true)
        self.key = key
    }

    /// The package of `version`, made with tar and gzip.
    func tarball(_ version: String) throws -> (file: String, bytes: [UInt8]) {
        let path = try packages.tarball(version, in: "channel-\(version)")
        return (PathName.lastComponent(of: path), Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// feed.json listing `builds` (file and bytes), newest first as given; each signed when
    /// `signBuilds` and there is a key. `sha256` replaces every build's sha256 when given.
    func feed(_ builds: [(file: String, bytes: [UInt8])], published: String? = "2026-03-01T10:00:00Z", signBuilds: Bool = true, sha256: String? = nil) throws -> [UInt8] {
        let here = Feed.platform
        let entries = try builds.map { build -> String in
            let version = String(build.file.dropFirst("meli-qa_".count).prefix { $0 != "_" })
            var fields = [
                ("version", JSONValue.quote(version)), ("date", #""2026-03-01T10:00:00Z""#), ("os", JSONValue.quote(here.os)),
                ("arch", JSONValue.quote(here.arch)), ("file", JSONValue.quote(build.file)),
                ("sha256", JSONValue.quote(sha256 ?? SHA256.hex(build.bytes))), ("size", String(build.bytes.count)),
                ("expires", #""2099-01-01T00:00:00Z""#), ("changes", "[]"),
            ]
            if signBuilds, let key {
                let signature = try key.signPackage(file: build.file, sha256: SHA256.hex(build.bytes))
                fields.append(("ed25519", JSONValue.quote(Self.base64(signature))))
            }
            return "{" + fields.map { "\(JSONValue.quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        let head = published.map { #""published": "\#($0)", "# } ?? ""
        return Array(#"{"channel": "qa", "binary": "meli-qa", \#(head)"builds": ["#.utf8) + Array(entries.joined(separator: ", ").utf8) + Array("]}\n".utf8)
    }

    /// `feed`'s signature by the channel's key (`feed.json.sig`).
    func signature(of feed: [UInt8]) throws -> [UInt8] {
        guard let key else { return [] }
        return try key.signFeed(feed)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}

/// A loopback server answering a fixed set of paths (`/feed.json`, `/feed.json.sig`, a tarball)
/// with their bytes and anything else with a 404; the set can change between requests.
final class ChannelServer: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private(set) var server: LoopbackServer!

    init(_ files: [String: [UInt8]] = [:]) throws {
        self.files = files
        server = try LoopbackServer(routes: { [weak self] target in
            guard let self, let body = self.lock.withLock({ self.files[target] }) else { return .respond(status: 404, body: Array("not found".utf8)) }
            return .respond(status: 200, body: body)
        })
    }

    deinit { server.stop() }

    var baseURL: String { server.baseURL }
    var feedURL: String { server.baseURL + "/feed.json" }
    /// The paths asked for, in order.
    var asked: [String] { server.requests.map { String($0.line.split(separator: " ")[1]) } }

    subscript(path: String) -> [UInt8]? {
        get { lock.withLock { files[path] } }
        set { lock.withLock { files[path] = newValue } }
    }
}
