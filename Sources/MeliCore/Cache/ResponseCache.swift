/// The HTTP response cache of one binary: one file per entry in `<cache dir>/http/`, named by the
/// SHA-256 of method, URL and identity.
///
/// The folder is trusted only when it is a real folder (not a link), the user's own, open to no one
/// else (0700); otherwise nothing is read, written or removed there (`folderProblem`). Only files
/// named as entries (64 hex digits) or as their temporary files are counted, evicted or cleared, so
/// a foreign file in the folder is never removed; an entry that is not the user's own, or that
/// others may write, is not served.
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
    /// Reads leave the folder as it was: a hit is not touched (its place in the eviction order
    /// stays), a damaged entry is not removed. What `__complete` reads with.
    package var readOnly = false

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

    /// Why the folder is not to be trusted, if it is not (a missing one is made when first needed).
    package func folderProblem() -> CacheFolderProblem? {
        CacheFolderProblem.of(directory, fileSystem: fileSystem)
    }

    /// `name` is an entry's: 64 lower-case hex digits.
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// `name` is a temporary file of an entry being written: `.<entry>.XXXXXX`.
    static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].isEmpty && isEntryName(String(parts[1])) && parts[2].utf8.count == 6
    }

    /// Whether the file at `path` may be served: a regular file of the user's own that no one else may write.
    private func isTrusted(_ path: String) -> Bool {
        guard let status = fileSystem.inspect(path) else { return false }
        return status.kind == .file && status.owner == fileSystem.currentUser() && status.mode & 0o022 == 0
    }

    /// The entry for `key` and `identity`, if one is stored whole. A damaged one is removed.
    package func load(key: String, identity: String) -> CacheEntry? {
        let path = path(key: key, identity: identity)
        guard folderProblem() == nil else { return nil }
        guard isTrusted(path) else {
            if fileSystem.inspect(path) != nil { logger?.debug("cache: not serving \(PathName.lastComponent(of: path)): not a file of this user's that only they can write") }
            return nil
        }
        // A file larger than any entry meli writes is damaged, refused after one fstat, unread.
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(atPath: path, limit: CacheEntry.maximumBytes)
        } catch {
            guard error.reason == FileSystem.tooLarge, !readOnly else { return nil }
            logger?.warning("cache: removing damaged entry \(PathName.lastComponent(of: path)) for \(key): larger than \(CacheEntry.maximumBytes) bytes")
            try? fileSystem.removeFile(path)
            return nil
        }
        guard let entry = CacheEntry.decode(bytes), entry.key == key, entry.identity == identity else {
            if readOnly { return nil }
            logger?.warning("cache: removing damaged entry \(PathName.lastComponent(of: path)) for \(key)")
            try? fileSystem.removeFile(path)
            return nil
        }
        if !readOnly { fileSystem.touch(path) }
        return entry
    }

    /// Stores `entry` atomically, then trims the cache to its size cap. Failures only cost the cache,
    /// never the command, so they are logged and swallowed.
    package func store(_ entry: CacheEntry) {
        let bytes = entry.encoded()
        guard maxBytes > 0, bytes.count <= min(maxBytes, CacheEntry.maximumBytes), folderProblem() == nil else { return }
        do {
            // Not synced: the rename keeps an entry whole, and a crash costs at most a fetch again.
            try fileSystem.writeAtomically(bytes, to: path(key: entry.key, identity: entry.identity), mode: 0o600, durable: false)
        } catch {
            logger?.warning("cache: cannot store \(entry.key): \(error.reason)")
            return
        }
        evict(now: entry.stored)
    }

    /// Removes least recently used entries until the cache fits its cap, and temporary files left
    /// behind by writers that died more than an hour ago.
    package func evict(now: Double) {
        guard folderProblem() == nil else { return }
        let files = fileSystem.files(in: directory)
        for file in files where Self.isTemporaryName(file.name) && now - file.modified > 3600 {
            try? fileSystem.removeFile(directory + "/" + file.name)
        }
        var entries = files.filter { Self.isEntryName($0.name) }.sorted { $0.modified < $1.modified }
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
        guard folderProblem() == nil else { return (0, 0) }
        let entries = fileSystem.files(in: directory).filter { Self.isEntryName($0.name) }
        return (entries.count, entries.reduce(0) { $0 + $1.size })
    }

    /// Removes every entry and temporary file (nothing else); returns how many entries there were.
    @discardableResult
    package func clear() throws(CacheClearFailure) -> Int {
        if let problem = folderProblem() { throw .untrustedFolder(problem) }
        let files = fileSystem.files(in: directory).filter { Self.isEntryName($0.name) || Self.isTemporaryName($0.name) }
        do {
            for file in files { try fileSystem.removeFile(directory + "/" + file.name) }
        } catch {
            throw .cannotRemove(error)
        }
        return files.filter { Self.isEntryName($0.name) }.count
    }
}

/// Why a cache folder is not used: nothing is read, written or removed in it.
package enum CacheFolderProblem: Error, Sendable, Hashable {
    /// It is a symbolic link (to a folder that may hold anything: `cache clear` would empty it).
    case link
    /// It is a file or something else, not a folder.
    case notFolder
    /// Another user owns it: entries planted there would be served.
    case notOwned
    /// Others may read or write it (`mode` in octal).
    case openToOthers(mode: String)

    /// Why the folder at `path` is not to be trusted, if it is not (nil also when it is missing:
    /// it is made when first needed). The response cache's `http/` and the downloads' `update/`.
    package static func of(_ path: String, fileSystem: FileSystem) -> CacheFolderProblem? {
        guard let status = fileSystem.inspect(path) else { return nil }
        switch status.kind {
        case .symlink: return .link
        case .directory: break
        default: return .notFolder
        }
        if status.owner != fileSystem.currentUser() { return .notOwned }
        if status.mode & 0o077 != 0 { return .openToOthers(mode: String(status.mode, radix: 8)) }
        return nil
    }
}

/// Why `cache clear` did not empty the cache.
package enum CacheClearFailure: Error, Sendable {
    case untrustedFolder(CacheFolderProblem)
    case cannotRemove(FileSystem.WriteError)
}
