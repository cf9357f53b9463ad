#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// One regular file in a directory.
    public struct FileInfo: Sendable, Hashable {
        public var name: String
        public var size: Int
        /// Last modification, in seconds since 1970.
        public var modified: Double
    }

    /// The regular files directly in `path` (no `.`/`..`, no subdirectories), sorted by name;
    /// empty when the directory does not exist. Files that vanish while listing are skipped.
    public static func files(in path: String) -> [FileInfo] {
        names(in: path).compactMap { name in
            var info = stat()
            guard stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return FileInfo(name: name, size: Int(info.st_size), modified: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
        }
    }

    /// Sets a file's modification time to now (the cache's "last used"); failures are ignored.
    public static func touch(_ path: String) {
        _ = utimes(path, nil)
    }

    /// The permission bits of the file at `path`, or `nil` when it cannot be examined.
    public static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
