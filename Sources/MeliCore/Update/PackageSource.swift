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
enum PackageSource {
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
    /// links as links, refusing anything that is not a file, folder or link.
    static func copyFolder(_ folder: String, into unpacker: inout PackageUnpacker, fileSystem: FileSystem = .local) throws(InstallError) {
        try copy(folder, as: unpacker.top, into: &unpacker, fileSystem)
    }

    private static func copy(_ path: String, as name: String, into unpacker: inout PackageUnpacker, _ fileSystem: FileSystem) throws(InstallError) {
        switch fileSystem.kind(of: path) {
        case .directory:
            try unpacker.directory(name)
            for child in fileSystem.names(in: path) { try copy(path + "/" + child, as: name + "/" + child, into: &unpacker, fileSystem) }
        case .symlink:
            guard let target = fileSystem.linkTarget(path) else { throw .unreadable(path: path, reason: "unreadable link") }
            try unpacker.symlink(name, target: target)
        case .file:
            let source = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard source >= 0 else { throw .unreadable(path: path, reason: FileSystem.reason()) }
            defer { close(source) }
            var info = stat()
            guard fstat(source, &info) == 0 else { throw .unreadable(path: path, reason: FileSystem.reason()) }
            try unpacker.file(name, size: Int(info.st_size), executable: info.st_mode & 0o111 != 0) { (fd: Int32) throws(InstallError) in
                let read = try FileSystem.readPieces(source) { (piece: ArraySlice<UInt8>) throws(InstallError) in try writeAll(piece, to: fd, path: name) }
                guard read else { throw .unreadable(path: path, reason: FileSystem.reason()) }
            }
        case .missing:
            throw .unreadable(path: path, reason: "no such file or directory")
        case .other:
            throw .refused(package: unpacker.top, .specialFile(name))
        }
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32, path: String) throws(InstallError) {
        guard FileSystem.writeAll(bytes, to: fd) else { throw PackageUnpacker.writeError(path) }
    }
}
