#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two folder trees hold the same things: the same names, each of the same kind, owner and
/// permission bits, files of the same bytes and links of the same text. The installer compares a
/// package it has just unpacked with the copy of that version in use, so that installing the same
/// version again repairs a damaged copy or installs a republished build instead of doing nothing.
///
/// Walked relative to open folders (openat, fstatat, readlinkat, never a whole path) and never
/// following a link, driven by the unpacked package's tree, whose size and depth the package
/// limits bound: in the other tree, a name the package does not have is a difference, and what is
/// under it is not read. Nothing is opened that is not a regular file or a folder, and a file is
/// opened without waiting (a FIFO put in a file's place is a difference, not a wait).
enum TreeComparison {
    /// Folders deeper than this are a difference rather than walked (the package limits keep
    /// real packages far shallower).
    static let maxDepth = 256

    /// The path (relative, `/`-separated) of the first thing that differs between the trees at
    /// `expected` and `actual`, `"."` when a root is missing or not a folder, or nil when they
    /// are the same.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        let left = open(expected, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if left >= 0 { close(left) } }
        let right = open(actual, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if right >= 0 { close(right) } }
        guard left >= 0, right >= 0 else { return "." }
        var leftInfo = stat(), rightInfo = stat()
        guard fstat(left, &leftInfo) == 0, fstat(right, &rightInfo) == 0, same(leftInfo, rightInfo) else { return "." }
        return difference(left, right, path: "", depth: 0)
    }

    private static func difference(_ left: Int32, _ right: Int32, path: String, depth: Int) -> String? {
        let here = { (name: String) in path.isEmpty ? name : path + "/" + name }
        guard depth < maxDepth, let names = listing(left), let others = listing(right) else { return path.isEmpty ? "." : path }
        if names != others {
            return here(names.first(where: { !others.contains($0) }) ?? others.first(where: { !names.contains($0) }) ?? "")
        }
        for name in names {
            var leftInfo = stat(), rightInfo = stat()
            guard fstatat(left, name, &leftInfo, AT_SYMLINK_NOFOLLOW) == 0, fstatat(right, name, &rightInfo, AT_SYMLINK_NOFOLLOW) == 0,
                  same(leftInfo, rightInfo) else { return here(name) }
            switch leftInfo.st_mode & S_IFMT {
            case S_IFDIR:
                let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
                let leftChild = openat(left, name, flags)
                defer { if leftChild >= 0 { close(leftChild) } }
                let rightChild = openat(right, name, flags)
                defer { if rightChild >= 0 { close(rightChild) } }
                guard leftChild >= 0, rightChild >= 0 else { return here(name) }
                if let found = difference(leftChild, rightChild, path: here(name), depth: depth + 1) { return found }
            case S_IFREG:
                guard leftInfo.st_size == rightInfo.st_size, sameBytes(left, right, name) else { return here(name) }
            case S_IFLNK:
                guard let text = linkText(left, name), text == linkText(right, name) else { return here(name) }
            default:
                return here(name)
            }
        }
        return nil
    }

    /// The same kind, owner and permission bits.
    private static func same(_ a: stat, _ b: stat) -> Bool {
        a.st_mode & S_IFMT == b.st_mode & S_IFMT && a.st_uid == b.st_uid
            && (a.st_mode & S_IFMT == S_IFLNK || a.st_mode & 0o7777 == b.st_mode & 0o7777)
    }

    /// The sorted names in the open folder `fd` (without `.` and `..`), or nil when it cannot be read.
    private static func listing(_ fd: Int32) -> [String]? {
        let copy = dup(fd)
        guard copy >= 0 else { return nil }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether the regular files `name` in both folders hold the same bytes (their sizes are equal).
    private static func sameBytes(_ left: Int32, _ right: Int32, _ name: String) -> Bool {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let a = openat(left, name, flags)
        defer { if a >= 0 { close(a) } }
        let b = openat(right, name, flags)
        defer { if b >= 0 { close(b) } }
        guard a >= 0, b >= 0 else { return false }
        var aInfo = stat(), bInfo = stat()
        guard fstat(a, &aInfo) == 0, fstat(b, &bInfo) == 0, aInfo.st_mode & S_IFMT == S_IFREG, bInfo.st_mode & S_IFMT == S_IFREG else { return false }
        let size = 1 << 16
        var first = [UInt8](repeating: 0, count: size), second = [UInt8](repeating: 0, count: size)
        while true {
            let count = readFully(a, &first)
            guard count >= 0, readFully(b, &second) == count else { return false }
            if count == 0 { return true }
            guard first[0..<count] == second[0..<count] else { return false }
        }
    }

    /// Reads until `buffer` is full or the file ends; the count, or -1 on an error.
    private static func readFully(_ fd: Int32, _ buffer: inout [UInt8]) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return -1 }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// The text of the link `name` in the open folder `fd`.
    private static func linkText(_ fd: Int32, _ name: String) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(fd, name, &buffer, 4096)
        // 4096 bytes may be a longer text cut short: never taken as equal.
        guard count >= 0, count < 4096 else { return nil }
        return buffer[0..<count].map { UInt8(bitPattern: $0) }
    }
}
