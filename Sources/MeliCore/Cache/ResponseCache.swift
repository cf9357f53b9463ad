/// The HTTP response cache of one binary: one file per entry in `<cache dir>/http/`, named by the
/// SHA-256 of method, URL and identity.
///
/// Safe with several processes at once (of one binary or several): every write is a whole new file
/// renamed into place, so a reader sees an old entry or a new one, never half of one; an entry that
/// does not read back whole is removed and treated as missing. Over `maxBytes`, the least recently
/// used entries (oldest modification time; a hit touches its file) are removed.
package struct ResponseCache: Sendable {
    package var directory: String
    package var maxBytes: Int
    var logger: Logger?
    /// Where the entries are read and written.
    package var fileSystem: FileSystem

    package init(directory: String, maxBytes: Int, logger: Logger? = nil, fileSystem: FileSystem = .local) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.logger = logger
        self.fileSystem = fileSystem
    }

    /// `<cache dir>/http` for a binary's cache directory.
    package static func directory(inCache cacheDirectory: String) -> String { cacheDirectory + "/http" }

    func path(key: String, identity: String) -> String {
        directory + "/" + SHA256.hex("\(key)\n\(identity)")
    }

    /// The entry for `key` and `identity`, if one is stored whole. A damaged one is removed.
    package func load(key: String, identity: String) -> CacheEntry? {
        let path = path(key: key, identity: identity)
        guard let bytes = try? fileSystem.readFile(atPath: path) else { return nil }
        guard let entry = CacheEntry.decode(bytes), entry.key == key, entry.identity == identity else {
            logger?.warning("cache: removing damaged entry \(PathName.lastComponent(of: path)) for \(key)")
            try? fileSystem.removeFile(path)
            return nil
        }
        fileSystem.touch(path)
        return entry
    }

    /// Stores `entry` atomically, then trims the cache to its size cap. Failures only cost the cache,
    /// never the command, so they are logged and swallowed.
    package func store(_ entry: CacheEntry) {
        let bytes = entry.encoded()
        guard maxBytes > 0, bytes.count <= maxBytes else { return }
        do {
            try fileSystem.writeAtomically(bytes, to: path(key: entry.key, identity: entry.identity), mode: 0o600)
        } catch {
            logger?.warning("cache: cannot store \(entry.key): \(error.reason)")
            return
        }
        evict(now: entry.stored)
    }

    /// Removes least recently used entries until the cache fits its cap, and temporary files left
    /// behind by writers that died more than an hour ago.
    package func evict(now: Double) {
        let files = fileSystem.files(in: directory)
        for file in files where file.name.hasPrefix(".") && now - file.modified > 3600 {
            try? fileSystem.removeFile(directory + "/" + file.name)
        }
        var entries = files.filter { !$0.name.hasPrefix(".") }.sorted { $0.modified < $1.modified }
        var total = entries.reduce(0) { $0 + $1.size }
        while total > maxBytes, !entries.isEmpty {
            let oldest = entries.removeFirst()
            try? fileSystem.removeFile(directory + "/" + oldest.name)
            total -= oldest.size
            logger?.debug("cache: evicted \(oldest.name) (\(oldest.size) bytes) to stay under \(maxBytes) bytes")
        }
    }

    /// Entries and their total size in bytes.
    package func usage() -> (entries: Int, bytes: Int) {
        let entries = fileSystem.files(in: directory).filter { !$0.name.hasPrefix(".") }
        return (entries.count, entries.reduce(0) { $0 + $1.size })
    }

    /// Removes every entry; returns how many there were.
    @discardableResult
    package func clear() throws(FileSystem.WriteError) -> Int {
        let files = fileSystem.files(in: directory)
        for file in files { try fileSystem.removeFile(directory + "/" + file.name) }
        return files.filter { !$0.name.hasPrefix(".") }.count
    }
}
