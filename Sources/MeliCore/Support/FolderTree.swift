#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders read and removed relative to an open descriptor of their parent (`openat`,
/// `fstatat`, `unlinkat`), never by whole path: a tree of any depth is reached one name at a time,
/// where a path through it would fail with ENAMETOOLONG past PATH_MAX (a package of 30,000-deep
/// names left a staging folder that no later run could remove). Nothing here follows a link.
enum FolderTree {
    /// A name in a folder as the system gives it: its bytes and a NUL, whatever they are (a name
    /// that is not UTF-8 is still removed).
    typealias Name = [CChar]

    /// Open descriptors a removal holds at most; deeper folders are reopened through `..` when the
    /// removal comes back up to them.
    static let maxOpen = 16

    /// The names in the open folder `fd` (no `.` or `..`), in the order the system gives them; nil
    /// when it cannot be read (`errno` says why). The folder's own offset is not moved.
    static func names(in fd: Int32) -> [Name]? {
        let copy = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(stream) }
        var names: [Name] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1)) }
            }
            if name != [46, 0], name != [46, 46, 0] { names.append(name) }
        }
        return names
    }

    /// The text of a name, for messages.
    static func text(_ name: Name) -> String { String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }

    /// What `name` in the open folder `parent` is (`lstat`), or nil when it is not there.
    static func status(of name: Name, in parent: Int32) -> stat? {
        var info = stat()
        return fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Opens the folder `name` in `parent` without following a link; -1 when it cannot.
    static func open(_ name: Name, in parent: Int32) -> Int32 {
        openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Why a removal stopped: the path (for messages, never used to reach the file) and `errno`.
    struct Failure: Error {
        var path: String
        var code: Int32
    }

    /// One folder on the way down: its descriptor while open, what identifies it, its name in its
    /// parent and the names in it not yet removed.
    private struct Frame {
        var fd: Int32
        var device: UInt64
        var inode: UInt64
        var name: Name
        var left: [Name]
    }

    /// Removes `name` from the open folder `parent`, and everything under it when it is a folder:
    /// depth first, without recursion, holding at most `maxOpen` descriptors besides `parent`. A
    /// link is removed, never followed; a folder moved while it is being removed (its `..` is no
    /// longer the one it was reached from) stops the removal. Missing is not an error. `path`
    /// names `parent` in a failure.
    static func remove(_ name: Name, in parent: Int32, path: String) throws(Failure) {
        guard let info = status(of: name, in: parent) else {
            if errno == ENOENT { return }
            throw Failure(path: path + "/" + text(name), code: errno)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            if unlinkat(parent, name, 0) != 0, errno != ENOENT { throw Failure(path: path + "/" + text(name), code: errno) }
            return
        }
        var stack: [Frame] = []
        // Frames from this index down have their descriptor open.
        var firstOpen = 0
        defer { for frame in stack where frame.fd >= 0 { close(frame.fd) } }
        // Where a failure happened, for its message: the start and the name (a whole path could be
        // longer than any message should be).
        func failure(_ last: Name, depth: Int, code: Int32) -> Failure {
            Failure(path: path + "/" + text(name) + (depth > 0 ? "/.../" + text(last) : ""), code: code)
        }
        func push(_ child: Name, in folder: Int32, expected: stat) throws(Failure) {
            if stack.count - firstOpen >= maxOpen {
                close(stack[firstOpen].fd)
                stack[firstOpen].fd = -1
                firstOpen += 1
            }
            let fd = open(child, in: folder)
            guard fd >= 0 else { throw failure(child, depth: stack.count, code: errno) }
            var opened = stat()
            // Replaced between the look and the open: not the folder that was looked at.
            guard fstat(fd, &opened) == 0, opened.st_dev == expected.st_dev, opened.st_ino == expected.st_ino else {
                close(fd)
                throw failure(child, depth: stack.count, code: ESTALE)
            }
            guard let names = names(in: fd) else {
                let code = errno
                close(fd)
                throw failure(child, depth: stack.count, code: code)
            }
            stack.append(Frame(fd: fd, device: UInt64(truncatingIfNeeded: opened.st_dev), inode: UInt64(truncatingIfNeeded: opened.st_ino),
                               name: child, left: names))
        }
        try push(name, in: parent, expected: info)
        while let depth = stack.indices.last {
            let folder = stack[depth].fd
            if let child = stack[depth].left.popLast() {
                guard let info = status(of: child, in: folder) else {
                    if errno == ENOENT { continue }
                    throw failure(child, depth: depth + 1, code: errno)
                }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    try push(child, in: folder, expected: info)
                } else if unlinkat(folder, child, 0) != 0, errno != ENOENT {
                    throw failure(child, depth: depth + 1, code: errno)
                }
                continue
            }
            // Every name in it is gone: remove the folder itself from its parent.
            let done = stack.removeLast()
            defer { close(done.fd) }
            var above = parent
            if depth > 0 {
                if stack[depth - 1].fd < 0 {
                    // Reopened through `..`, which must still be the folder this one was reached from.
                    let fd = openat(done.fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard fd >= 0 else { throw failure(done.name, depth: depth, code: errno) }
                    var info = stat()
                    guard fstat(fd, &info) == 0, UInt64(truncatingIfNeeded: info.st_dev) == stack[depth - 1].device,
                          UInt64(truncatingIfNeeded: info.st_ino) == stack[depth - 1].inode else {
                        close(fd)
                        throw failure(done.name, depth: depth, code: ESTALE)
                    }
                    stack[depth - 1].fd = fd
                    firstOpen = depth - 1
                }
                above = stack[depth - 1].fd
            }
            if unlinkat(above, done.name, AT_REMOVEDIR) != 0, errno != ENOENT {
                throw failure(done.name, depth: depth, code: errno)
            }
        }
    }
}
