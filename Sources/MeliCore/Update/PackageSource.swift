#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a package's entries come from: a .tar.gz, or a folder already unpacked (the one a tester
/// runs `./meli-qa_X/bin/meli-qa self install` from). Both go through `PackageUnpacker`, so both
/// are held to the same rules.
package enum PackageSource {
    /// Unpacks the tarball open at `descriptor` (positioned at its start) into `unpacker`.
    ///
    /// Decompression runs the system's `gzip -dc` rather than an inflate written here: gzip is on
    /// every Linux and macOS machine, is far better tested than a few hundred new lines of
    /// Huffman decoding would be, and its output is read through a pipe as it comes, so the caps
    /// of `PackageLimits` stop a decompression bomb without storing it.
    static func unpackTarball(
        descriptor: Int32, into unpacker: inout PackageUnpacker, environment: [String: String]
    ) throws(InstallError) {
        let package = unpacker.top
        guard let gzip = Subprocess.locate("gzip", preferring: ["/usr/bin/gzip", "/bin/gzip"], path: environment["PATH"]) else {
            throw .noGzip
        }
        guard let pipe = Subprocess.pipe() else { throw PackageUnpacker.writeError("pipe") }
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let pid = Subprocess.start(gzip, ["-dc"], environment: [:], stdin: descriptor, stdout: pipe.write, stderr: devNull)
        close(pipe.write)
        if devNull >= 0 { close(devNull) }
        guard let pid else {
            close(pipe.read)
            throw .noGzip
        }
        var reader = TarReader(stream: ByteStream(descriptor: pipe.read), limits: unpacker.limits)
        var failure: InstallError?
        var complete = false
        do {
            try unpack(&reader, into: &unpacker)
            var rest = reader.remainingStream
            // Whatever follows the end-of-archive block is padding; more than a little is not a package.
            complete = rest.drain(limit: 1 << 20)
            if !complete { failure = .refused(package: package, .tooLarge(limit: unpacker.limits.maxBytes)) }
        } catch {
            failure = error
        }
        // Closing the read end stops a gzip still writing (SIGPIPE or EPIPE); nothing else is needed.
        close(pipe.read)
        let status = Subprocess.wait(pid)
        // gzip: 0 fine, 2 a warning (trailing bytes); killed by us when we stopped reading early.
        if complete, status != 0, status != 2 { throw .refused(package: package, .notGzip) }
        if let failure {
            if case .refused(_, .truncated) = failure, status == 1 { throw .refused(package: package, .notGzip) }
            throw failure
        }
    }

    /// Unpacks the uncompressed tar stream read from `descriptor` into the empty folder `root` as
    /// an install does (its top folder named `top`, `bin/<binary>` an executable), and returns the
    /// unpacked package folder, or throws the `InstallError` an install would: the fuzz target's
    /// way in (`meli-fuzz tar`), with the standard limits.
    package static func unpackTar(descriptor: Int32, root: String, top: String, binary: String) throws -> String {
        var unpacker = PackageUnpacker(root: root, top: top, limits: .standard)
        var reader = TarReader(stream: ByteStream(descriptor: descriptor), limits: unpacker.limits)
        try unpack(&reader, into: &unpacker)
        return try unpacker.finish(binary: binary)
    }

    private static func unpack(_ reader: inout TarReader, into unpacker: inout PackageUnpacker) throws(InstallError) {
        let package = unpacker.top
        while true {
            let entry: TarEntry?
            do { entry = try reader.next() } catch { throw .refused(package: package, error) }
            guard let entry else { return }
            switch entry.kind {
            case .directory:
                try unpacker.directory(entry.name)
            case .symlink(let target):
                try unpacker.symlink(entry.name, target: target)
            case .file(let executable):
                try unpacker.file(entry.name, size: entry.size, executable: executable) { (fd: Int32) throws(InstallError) in
                    try reader.readBody(package: package) { (piece: [UInt8]) throws(InstallError) in try writeAll(piece[...], to: fd, path: entry.name) }
                }
            }
        }
    }

    /// Copies the unpacked package folder at `folder` (named as its top) into `unpacker`,
    /// links as links, refusing anything that is not a file, folder or link. The tree is walked
    /// relative to open folders, never by whole path, in a loop: the unpacker refuses a path past
    /// `PackageLimits.maxDepth` before the walk opens a folder deeper, so it holds at most that
    /// many descriptors.
    static func copyFolder(_ folder: String, into unpacker: inout PackageUnpacker, fileSystem: FileSystem = .local) throws(InstallError) {
        switch fileSystem.kind(of: folder) {
        case .directory: break
        case .symlink:
            guard let target = fileSystem.linkTarget(folder) else { throw .unreadable(path: folder, reason: "unreadable link") }
            try unpacker.symlink(unpacker.top, target: target)
            return
        case .missing: throw .unreadable(path: folder, reason: "no such file or directory")
        case .file, .other: throw .unreadable(path: folder, reason: FileSystem.reason(ENOTDIR))
        }
        try unpacker.directory(unpacker.top)
        let ownership = Ownership(fileSystem: fileSystem)
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0, let names = FolderTree.names(in: root) else {
            let reason = FileSystem.reason()
            if root >= 0 { close(root) }
            throw .unreadable(path: folder, reason: reason)
        }
        var top = stat()
        if fstat(root, &top) == 0, let problem = packageEntryProblem(top, ownership: ownership, path: folder) {
            close(root)
            throw .unsafePackage(path: folder, problem)
        }
        // Each open folder, its name below the package and the names in it still to copy (sorted
        // and reversed: popped in order).
        var stack: [(fd: Int32, name: String, left: [FolderTree.Name])] = [(root, unpacker.top, sorted(names))]
        defer { for frame in stack { close(frame.fd) } }
        while let depth = stack.indices.last {
            guard let child = stack[depth].left.popLast() else {
                close(stack.removeLast().fd)
                continue
            }
            let parent = stack[depth].fd
            let childBytes = child.dropLast().map { UInt8(bitPattern: $0) }
            guard let text = String(validating: childBytes, as: UTF8.self) else {
                throw .refused(package: unpacker.top, .controlCharacters(TarReader.escaped((Array((stack[depth].name + "/").utf8) + childBytes)[...])))
            }
            let name = stack[depth].name + "/" + text
            let source = folder + "/" + PathName.display(name, relativeTo: unpacker.top)
            guard let info = FolderTree.status(of: child, in: parent) else { throw .unreadable(path: source, reason: FileSystem.reason()) }
            // A file, folder or link another user made or could change while it is copied.
            if let problem = packageEntryProblem(info, ownership: ownership, path: source) { throw .unsafePackage(path: source, problem) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                try unpacker.directory(name)
                let fd = FolderTree.open(child, in: parent)
                guard fd >= 0 else { throw .unreadable(path: source, reason: FileSystem.reason()) }
                guard let names = FolderTree.names(in: fd) else {
                    let reason = FileSystem.reason()
                    close(fd)
                    throw .unreadable(path: source, reason: reason)
                }
                stack.append((fd, name, sorted(names)))
            case S_IFLNK:
                guard let target = linkText(child, in: parent) else { throw .unreadable(path: source, reason: "unreadable link") }
                try unpacker.symlink(name, target: target)
            case S_IFREG:
                try copyFile(child, in: parent, as: name, source: source, into: &unpacker)
            default:
                throw .refused(package: unpacker.top, .specialFile(name))
            }
        }
    }

    /// Why an entry of a package folder (`lstat`'s `info`) is not to be copied: the ownership rule
    /// of the prefix, except that no folder of a package may be writable by others, sticky or not
    /// (a 1777 folder in it let another user add entries), and that a link must be the user's or
    /// root's too (its mode means nothing; an attack round planted links in a folder that root's
    /// tar then made its own, and they were installed).
    private static func packageEntryProblem(_ info: stat, ownership: Ownership, path: String) -> OwnershipProblem? {
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        return ownership.problem(owner: UInt32(info.st_uid), group: UInt32(info.st_gid), mode: isLink ? info.st_mode & ~0o7777 : info.st_mode, isFolder: false) {
            !isLink && AccessControl.hasAccessACL(path: path, followLinks: false)
        }
    }

    /// Names sorted by their bytes, last first: popped from the end, they come in order.
    private static func sorted(_ names: [FolderTree.Name]) -> [FolderTree.Name] {
        names.sorted { $1.lexicographicallyPrecedes($0) }
    }

    /// The target of the link `name` in the open folder `parent` (at most 4 KiB), nil when unreadable.
    private static func linkText(_ name: FolderTree.Name, in parent: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(parent, name, &buffer, 4096)
        guard count >= 0, count < 4096 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func copyFile(_ child: FolderTree.Name, in parent: Int32, as name: String, source: String, into unpacker: inout PackageUnpacker) throws(InstallError) {
        // O_NONBLOCK: a fifo put in a file's place is not waited on, and fstat refuses it.
        let fd = openat(parent, child, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: source, reason: FileSystem.reason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: source, reason: FileSystem.reason()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .refused(package: unpacker.top, .specialFile(name)) }
        try unpacker.file(name, size: Int(info.st_size), executable: info.st_mode & 0o111 != 0) { (out: Int32) throws(InstallError) in
            let read = try FileSystem.readPieces(fd) { (piece: ArraySlice<UInt8>) throws(InstallError) in try writeAll(piece, to: out, path: name) }
            guard read else { throw .unreadable(path: source, reason: FileSystem.reason()) }
        }
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32, path: String) throws(InstallError) {
        guard FileSystem.writeAll(bytes, to: fd) else { throw PackageUnpacker.writeError(path) }
    }
}
