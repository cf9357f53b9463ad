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
///
/// The work is bounded by `PackageLimits`: an entry's path is capped in bytes and depth, every
/// folder made on the way to an entry counts as an entry, and link targets are capped and
/// resolved in linear time (`PackageLinks`). Folders are made 0755 and files 0755 or 0644, set
/// with fchmod after they are made, whatever the umask.
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
    /// The components the link check walked (`PackageLinks.steps`), once `finish` ran.
    private(set) var linkSteps = 0

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

    /// C1 controls and the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
    /// U+2066-U+2069): refused in entry names, as the terminal views drop them from text.
    static func isHiddenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `name` with each `isHiddenScalar` written as `\u{XXXX}`, for a message.
    static func escapedScalars(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if isHiddenScalar(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The entry's path relative to the staging folder, checked: within the caps, relative, no
    /// `.` or `..`, under `top`.
    private func checkedBytes(_ name: String) throws(PackageRefusal) -> [UInt8] {
        let bytes = Array(name.utf8)
        guard bytes.count <= limits.maxPathBytes else { throw .pathTooLong(TarReader.shortened(bytes[...]), limit: limits.maxPathBytes) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }) else {
            throw .controlCharacters(TarReader.escaped(bytes[...]))
        }
        // C1 controls and the characters that reorder text: a name that shows as another one
        // ('meli-qa\u{202E}...') is no name a package of scripts/package has.
        if bytes.contains(where: { $0 >= 0x80 }), name.unicodeScalars.contains(where: Self.isHiddenScalar) {
            throw .controlCharacters(Self.escapedScalars(name))
        }
        guard bytes.first != Self.slash else { throw .absolutePath(name) }
        let parts = Self.components(bytes)
        guard !parts.contains(Self.dotDot) else { throw .climbsOut(name) }
        guard parts.first == Array(top.utf8), !parts.contains(Self.dot) else { throw .outsideFolder(name, top: top) }
        guard parts.count <= limits.maxDepth else { throw .tooDeep(TarReader.shortened(bytes[...]), limit: limits.maxDepth) }
        return Array(parts.joined(separator: [Self.slash]))
    }

    private mutating func count(_ path: [UInt8], size: Int = 0) throws(PackageRefusal) {
        try countEntry()
        bytes += size
        guard bytes <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        guard links[path] == nil else { throw .duplicate(Self.text(path)) }
    }

    /// One more entry: one the archive names, or a folder made on the way to one.
    private mutating func countEntry() throws(PackageRefusal) {
        entries += 1
        guard entries <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
    }

    mutating func directory(_ name: String) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checkedBytes(name) }
        try refusing { () throws(PackageRefusal) in try count(path) }
        let parts = Self.components(path)
        let parent = try openDirectory(Array(parts.dropLast()), creating: true)
        defer { close(parent) }
        // This folder is the entry itself, counted above; only the folders on the way count again.
        let fd = try openFolder(parts[parts.count - 1], in: parent, creating: true, path: path, counted: true)
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
        guard !target.isEmpty else { throw .refused(package: top, .emptyLink(Self.text(path))) }
        guard target.utf8.count <= limits.maxLinkBytes else {
            throw .refused(package: top, .linkTooLong(TarReader.shortened(path[...]), limit: limits.maxLinkBytes))
        }
        try refusing { () throws(PackageRefusal) in try count(path) }
        guard !written.contains(path) else { throw .refused(package: top, .duplicate(Self.text(path))) }
        links[path] = Array(target.utf8)
    }

    /// Checks every link and that nothing lies under one, makes the links, checks where the system
    /// resolves each, checks that `bin/<binary>` is an executable file and that there is no
    /// `share/<binary>/Local.env`. Returns the unpacked package folder.
    mutating func finish(binary: String) throws(InstallError) -> String {
        let sorted = links.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var check = PackageLinks(top: Array(top.utf8), links: links, written: written)
        for (path, _) in sorted {
            if check.hasEntryUnder(link: path) { throw .refused(package: top, .entryUnderLink(Self.text(path))) }
            guard check.staysInside(link: path) else { throw .refused(package: top, .linkLeadsOut(Self.text(path))) }
        }
        linkSteps = check.steps
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
        // Whatever it is (a file, a link, a folder, by any name the file system takes for it):
        // the Local.env migration would copy it into every user's configuration folder.
        let local = "share/\(binary)/\(LocalEnvFile.name)"
        if fileSystem.kind(of: "\(root)/\(top)/\(local)") != .missing { throw .refused(package: top, .localEnv(local)) }
        return "\(root)/\(top)"
    }

    /// A descriptor of the folder `parts` below the staging folder, each component opened with
    /// `O_NOFOLLOW` (and made first when `creating`, counted as an entry): a link on the way is
    /// refused, never followed.
    private mutating func openDirectory(_ parts: [[UInt8]], creating: Bool) throws(InstallError) -> Int32 {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Self.writeError(root) }
        var walked: [UInt8] = []
        for index in parts.indices {
            walked += walked.isEmpty ? parts[index] : [Self.slash] + parts[index]
            let next: Int32
            do { next = try openFolder(parts[index], in: fd, creating: creating, path: walked, counted: false) } catch {
                close(fd)
                throw error
            }
            close(fd)
            fd = next
        }
        return fd
    }

    /// Opens the folder `name` in the open folder `parent` without following a link, making it
    /// first (0755, whatever the umask) when `creating`; a folder made counts as an entry unless
    /// it is one the archive names (`counted`). `path` is its path below the staging folder.
    private mutating func openFolder(_ name: [UInt8], in parent: Int32, creating: Bool, path: [UInt8], counted: Bool) throws(InstallError) -> Int32 {
        let text = Self.text(name)
        var made = false
        if creating {
            if mkdirat(parent, text, 0o755) == 0 {
                made = true
                if !counted { try refusing { () throws(PackageRefusal) in try countEntry() } }
            } else if errno != EEXIST {
                throw Self.writeError(root + "/" + Self.text(path))
            }
        }
        let fd = openat(parent, text, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let full = root + "/" + Self.text(path)
            if fileSystem.kind(of: full) == .symlink { throw .refused(package: top, .entryUnderLink(Self.text(path))) }
            errno = code
            throw Self.writeError(full)
        }
        // mkdirat's mode is masked by the umask (027 made 0750 folders: a binary others could not run).
        if made { _ = fchmod(fd, 0o755) }
        return fd
    }

    private func refusing<T>(_ body: () throws(PackageRefusal) -> T) throws(InstallError) -> T {
        do { return try body() } catch { throw .refused(package: top, error) }
    }

    static func writeError(_ path: String) -> InstallError {
        .cannotWrite(path: path, reason: FileSystem.reason())
    }
}
