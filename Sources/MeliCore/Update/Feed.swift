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

        /// ISO 8601 UTC strings of one form compare as text.
        func isExpired(at now: Date) -> Bool {
            guard let expires else { return false }
            return expires < Timestamp.iso8601(now)
        }
    }

    var channel: String?
    var builds: [Build]

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

    static func load(_ location: String, context: CommandContext) async throws -> Feed {
        let bytes = try await fetch(location, context: context)
        do {
            return try JSONBody.decode(Feed.self, from: bytes)
        } catch {
            throw CommandFailure(.failure, Message(.updateFeedUnreadable, [location], nested: [error.field.isEmpty ? error.problem : Message(.decodingField, [error.field])]))
        }
    }

    /// An https/http URL through the transport, anything else as a file path.
    static func fetch(_ location: String, context: CommandContext) async throws -> [UInt8] {
        if location.hasPrefix("https://") || location.hasPrefix("http://") {
            let response: HTTPResponse
            do {
                response = try await context.io.transport.send(HTTPRequest(url: location, timeout: context.environment.httpTimeout.seconds))
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
