#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a package's entries into a fresh staging folder, refusing any that would land outside
/// its one top folder. Symbolic links are made last, after every one is shown to stay inside the
/// package, so no entry is ever written through a link.
///
/// Paths are handled as UTF-8 bytes split at the byte `/`, as the kernel reads them, never as
/// Swift `Character`s: a grapheme cluster may swallow a `/` (`a\u{0600}/..` is one Character, two
/// components for the kernel), and `String ==` treats canonically equivalent names as equal
/// where the file system does not. Every entry is created relative to a descriptor of the staging
/// folder, each parent opened with `O_NOFOLLOW`, so nothing is ever created through a link; and
/// each link, once made, is resolved by the system (`realpath`) and must end inside the top folder.
struct PackageUnpacker {
    /// The staging folder (absolute, empty, made by the installer).
    let root: String
    /// The package's top folder name, `<binary>_<version>_<os>_<arch>`.
    let top: String
    let limits: PackageLimits
    /// Paths relative to `root`, as bytes, `/`-joined.
    private var links: [[UInt8]: [UInt8]] = [:]
    private var written: Set<[UInt8]> = []
    private var bytes = 0
    private var entries = 0

    private static let slash = UInt8(ascii: "/")
    private static let dot = Array(".".utf8)
    private static let dotDot = Array("..".utf8)

    /// Where the unpacked package is checked.
    let fileSystem: FileSystem

    init(root: String, top: String, limits: PackageLimits, fileSystem: FileSystem = .local) {
        self.fileSystem = fileSystem
        self.root = root
        self.top = top
        self.limits = limits
    }

    /// The components of `path` as the kernel splits them: at each byte `/`, empty ones dropped.
    static func components(_ path: [UInt8]) -> [[UInt8]] {
        path.split(separator: slash).map(Array.init)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The entry's path relative to the staging folder, checked: relative, no `.` or `..`, under `top`.
    private func checkedBytes(_ name: String) throws(PackageRefusal) -> [UInt8] {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }) else {
            throw .controlCharacters(TarReader.escaped(bytes[...]))
        }
        guard bytes.first != Self.slash else { throw .absolutePath(name) }
        let parts = Self.components(bytes)
        guard !parts.contains(Self.dotDot) else { throw .climbsOut(name) }
        guard parts.first == Array(top.utf8), !parts.contains(Self.dot) else { throw .outsideFolder(name, top: top) }
        return Array(parts.joined(separator: [Self.slash]))
    }

    private mutating func count(_ path: [UInt8], size: Int = 0) throws(PackageRefusal) {
        entries += 1
        bytes += size
        guard entries <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
        guard bytes <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        guard links[path] == nil else { throw .duplicate(Self.text(path)) }
    }

    mutating func directory(_ name: String) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checkedBytes(name) }
        try refusing { () throws(PackageRefusal) in try count(path) }
        let fd = try openDirectory(Self.components(path), creating: true)
        close(fd)
        written.insert(path)
    }

    /// A regular file whose bytes `fill` writes to the descriptor it is given.
    mutating func file(_ name: String, size: Int, executable: Bool, fill: (Int32) throws(InstallError) -> Void) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checkedBytes(name) }
        try refusing { () throws(PackageRefusal) in try count(path, size: size) }
        let parts = Self.components(path)
        let parent = try openDirectory(Array(parts.dropLast()), creating: true)
        defer { close(parent) }
        let fd = openat(parent, Self.text(parts[parts.count - 1]), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o755 : 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw .refused(package: top, .duplicate(Self.text(path))) }
            throw Self.writeError(root + "/" + Self.text(path))
        }
        defer { close(fd) }
        // The process's umask must not take the modes the package gives.
        _ = fchmod(fd, executable ? 0o755 : 0o644)
        try fill(fd)
        written.insert(path)
    }

    mutating func symlink(_ name: String, target: String) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checkedBytes(name) }
        try refusing { () throws(PackageRefusal) in try count(path) }
        guard !written.contains(path) else { throw .refused(package: top, .duplicate(Self.text(path))) }
        links[path] = Array(target.utf8)
    }

    /// Checks every link and that nothing lies under one, makes the links, checks where the system
    /// resolves each, and checks that `bin/<binary>` is an executable file. Returns the unpacked
    /// package folder.
    func finish(binary: String) throws(InstallError) -> String {
        let sorted = links.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for (path, target) in sorted {
            let under = path + [Self.slash]
            if written.contains(where: { $0.starts(with: under) }) || links.keys.contains(where: { $0.starts(with: under) }) {
                throw .refused(package: top, .entryUnderLink(Self.text(path)))
            }
            guard staysInside(link: path, target: target) else { throw .refused(package: top, .linkLeadsOut(Self.text(path))) }
        }
        for (path, target) in sorted {
            let parts = Self.components(path)
            let parent = try openDirectory(Array(parts.dropLast()), creating: true)
            defer { close(parent) }
            guard symlinkat(Self.text(target), parent, Self.text(parts[parts.count - 1])) == 0 else {
                if errno == EEXIST { throw .refused(package: top, .duplicate(Self.text(path))) }
                throw Self.writeError(root + "/" + Self.text(path))
            }
        }
        // The text check above is the rule; the system's own resolution of each link made is the
        // proof (a case-insensitive or normalising file system may join names the bytes keep apart).
        guard let inside = fileSystem.realPath(root + "/" + top) else { throw Self.writeError(root + "/" + top) }
        for (path, _) in sorted {
            guard let real = fileSystem.realPath(root + "/" + Self.text(path)), PathName.isInside(real, inside) else {
                throw .refused(package: top, .linkLeadsOut(Self.text(path)))
            }
        }
        let executable = "\(root)/\(top)/bin/\(binary)"
        guard fileSystem.kind(of: executable) == .file, access(executable, X_OK) == 0 else {
            throw .refused(package: top, .noBinary("bin/\(binary)"))
        }
        return "\(root)/\(top)"
    }

    /// Resolves `target` from the link's folder as the system would, expanding the package's own
    /// links on the way, without touching the disk: it must end inside the top folder.
    private func staysInside(link: [UInt8], target: [UInt8]) -> Bool {
        let top = Array(self.top.utf8)
        let linkParts = Self.components(link)
        guard linkParts != [top] else { return false }
        var stack = Array(linkParts.dropLast())
        var pending = [target]
        var expansions = 0
        while let next = pending.popLast() {
            if next.first == Self.slash { return false }
            var parts = Self.components(next)[...]
            while let part = parts.popFirst() {
                if part == Self.dot { continue }
                if part == Self.dotDot {
                    guard !stack.isEmpty else { return false }
                    stack.removeLast()
                    if stack.isEmpty { return false }
                    continue
                }
                stack.append(part)
                if let inner = links[Array(stack.joined(separator: [Self.slash]))] {
                    expansions += 1
                    guard expansions <= 40 else { return false }
                    stack.removeLast()
                    pending.append(Array(parts.joined(separator: [Self.slash])))
                    pending.append(inner)
                    break
                }
            }
        }
        return stack.first == top
    }

    /// A descriptor of the folder `parts` below the staging folder, each component opened with
    /// `O_NOFOLLOW` (and made first when `creating`): a link on the way is refused, never followed.
    private func openDirectory(_ parts: [[UInt8]], creating: Bool) throws(InstallError) -> Int32 {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Self.writeError(root) }
        var walked: [UInt8] = []
        for part in parts {
            walked += walked.isEmpty ? part : [Self.slash] + part
            let name = Self.text(part)
            if creating, mkdirat(fd, name, 0o755) != 0, errno != EEXIST {
                let failure = Self.writeError(root + "/" + Self.text(walked))
                close(fd)
                throw failure
            }
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(fd)
            guard next >= 0 else {
                let path = root + "/" + Self.text(walked)
                if fileSystem.kind(of: path) == .symlink { throw .refused(package: top, .entryUnderLink(Self.text(walked))) }
                errno = code
                throw Self.writeError(path)
            }
            fd = next
        }
        return fd
    }

    private func refusing<T>(_ body: () throws(PackageRefusal) -> T) throws(InstallError) -> T {
        do { return try body() } catch { throw .refused(package: top, error) }
    }

    static func writeError(_ path: String) -> InstallError {
        .cannotWrite(path: path, reason: FileSystem.reason())
    }
}
