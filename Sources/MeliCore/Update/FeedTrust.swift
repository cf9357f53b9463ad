/// What a binary that trusts signing keys asks of a feed before it believes a word of it: a
/// signature `<feed>.sig` beside it (64 raw bytes) by one of its keys, of the statement
/// `meli-feed-v1 <sha256 of the feed's bytes>\n` (`SignedStatement.feed`), and a `published` time
/// no older than the newest it accepted from the same location. The feed carries every build's
/// sha256 and signature, and the expiry of the running build: unsigned, anyone who could serve it
/// could freeze updates or mark a build expired; replayed, an old signed feed could do the same.
///
/// The newest `published` accepted is kept per feed location in the state directory
/// (`feed-published.json`, 0600, written whole), the location only as a digest (a URL may hold a
/// secret). It is kept only where no one else could change or remove it (`StateFolder`): when the
/// state folder, a folder above it or the file could be, the feed is refused
/// (`FeedError.untrustedState`) rather than read without its history. A binary that trusts no key
/// reads feeds unsigned, and installs say that the origin was not checked.
struct FeedTrust: Sendable {
    var keys: SigningKeys
    var stateDirectory: String
    var fileSystem: FileSystem = .local

    /// The state file, in the binary's state directory.
    static let fileName = "feed-published.json"
    /// The most a feed's signature file may hold (it holds 64 bytes).
    static let maxSignatureBytes = 1024
    /// The most the state file is read, and the most feeds it remembers.
    static let maxFileBytes = 64 * 1024, maxFeeds = 100

    var statePath: String { stateDirectory + "/" + Self.fileName }

    /// Whether feeds must be signed: this binary trusts at least one key.
    var isRequired: Bool { !keys.isEmpty }

    /// Refuses the feed `bytes`, read from `location`, unless `signature` (its `.sig`, nil when
    /// there is none) is a trusted key's signature of it.
    func verify(_ bytes: [UInt8], signature: [UInt8]?, location: String) throws {
        guard let signature else { throw FeedError.unsignedFeed(location: location) }
        let valid: Bool
        do { valid = try keys.verify(signature: signature, of: SignedStatement.feed(sha256: SHA256.hex(bytes))) } catch {
            throw InstallError.noCrypto(library: error.library)
        }
        guard valid else { throw FeedError.badFeedSignature(location: location) }
    }

    /// Refuses a verified feed from `location` (as given, for errors; `address` is where it was
    /// read, which its history is kept for) unless `published` is a time no older than the newest
    /// accepted from there; then remembers it as the newest. Returns why it could not be
    /// remembered (a full disk, an unwritable folder): the feed is accepted all the same, and the
    /// caller says so, since a later run's replay check then has nothing to go by.
    @discardableResult
    func accept(published: String?, location: String, address: String) throws -> StateFolder.WriteFailure? {
        guard let published, Feed.isTimestamp(published) else { throw FeedError.undatedFeed(location: location) }
        let digest = UpdateCheck.digest(address)
        let state = StateFolder(path: stateDirectory, fileSystem: fileSystem)
        if let problem = state.problemWithParents() { throw FeedError.untrustedState(problem) }
        var seen: [Seen]
        do { seen = Self.decode(try state.read(Self.fileName, limit: Self.maxFileBytes)) } catch { throw FeedError.untrustedState(error) }
        if let newest = seen.first(where: { $0.feed == digest })?.published {
            guard published >= newest else { throw FeedError.replayedFeed(location: location, published: published, newest: newest) }
            if published == newest { return nil }
        }
        seen.removeAll { $0.feed == digest }
        seen.insert(Seen(feed: digest, published: published), at: 0)
        return save(Array(seen.prefix(Self.maxFeeds)), in: state)
    }

    /// One feed location's digest and the newest `published` accepted from it.
    struct Seen: Decodable, Sendable, Hashable {
        var feed: String
        var published: String

        private enum CodingKeys: String, CodingKey { case feed = "feed_sha256", published }
    }

    private struct State: Decodable {
        var feeds: [Seen]
    }

    /// What the state file's `bytes` hold, most recently accepted first: nothing when none were
    /// read (the file is missing, not a regular file, too large) or they are not this JSON (a
    /// feed is then accepted as if first seen, and the file written again), and only entries of
    /// the right shape.
    static func decode(_ bytes: [UInt8]?) -> [Seen] {
        guard let bytes, let state = try? JSONBody.decode(State.self, from: bytes) else { return [] }
        return state.feeds.filter { entry in
            entry.feed.utf8.count == 64 && entry.feed.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) && Feed.isTimestamp(entry.published)
        }
    }

    /// Writes the state file whole (temporary file and rename), 0600; returns why it could not.
    /// A failure costs the replay check of a later run, never this one.
    private func save(_ seen: [Seen], in state: StateFolder) -> StateFolder.WriteFailure? {
        let json = JSONValue.object([
            ("feeds", .array(seen.map { .object([("feed_sha256", .string($0.feed)), ("published", .string($0.published))]) })),
        ])
        do { try state.write(Self.fileName, Array(json.serialized().utf8)) } catch { return error }
        return nil
    }
}
