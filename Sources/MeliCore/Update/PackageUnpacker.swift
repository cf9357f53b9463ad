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
struct PackageUnpacker {
    /// The staging folder (absolute, empty, made by the installer).
    let root: String
    /// The package's top folder name, `<binary>_<version>_<os>_<arch>`.
    let top: String
    let limits: PackageLimits
    private var links: [String: String] = [:]
    private var written: Set<String> = []
    private var bytes = 0
    private var entries = 0

    init(root: String, top: String, limits: PackageLimits) {
        self.root = root
        self.top = top
        self.limits = limits
    }

    /// The entry's path relative to the staging folder, checked: relative, no `.` or `..`, under `top`.
    func checked(_ name: String) throws(PackageRefusal) -> String {
        guard name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else {
            throw .controlCharacters(TarReader.escaped(Array(name.utf8)[...]))
        }
        guard !name.hasPrefix("/") else { throw .absolutePath(name) }
        let parts = name.split(separator: "/")
        guard !parts.contains("..") else { throw .climbsOut(name) }
        guard parts.first.map(String.init) == top, !parts.contains(".") else { throw .outsideFolder(name, top: top) }
        return parts.joined(separator: "/")
    }

    private mutating func count(_ name: String, size: Int = 0) throws(PackageRefusal) {
        entries += 1
        bytes += size
        guard entries <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
        guard bytes <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        guard links[name] == nil else { throw .duplicate(name) }
    }

    mutating func directory(_ name: String) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checked(name) }
        try refusing { () throws(PackageRefusal) in try count(path) }
        try make(root + "/" + path)
        written.insert(path)
    }

    /// A regular file whose bytes `fill` writes to the descriptor it is given.
    mutating func file(_ name: String, size: Int, executable: Bool, fill: (Int32) throws(InstallError) -> Void) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checked(name) }
        try refusing { () throws(PackageRefusal) in try count(path, size: size) }
        let full = root + "/" + path
        try make(PathName.directory(of: full))
        let fd = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o755 : 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw .refused(package: top, .duplicate(path)) }
            throw Self.writeError(full)
        }
        defer { close(fd) }
        // The process's umask must not take the modes the package gives.
        _ = fchmod(fd, executable ? 0o755 : 0o644)
        try fill(fd)
        written.insert(path)
    }

    mutating func symlink(_ name: String, target: String) throws(InstallError) {
        let path = try refusing { () throws(PackageRefusal) in try checked(name) }
        try refusing { () throws(PackageRefusal) in try count(path) }
        guard !written.contains(path) else { throw .refused(package: top, .duplicate(path)) }
        links[path] = target
    }

    /// Checks every link and that nothing lies under one, makes the links, and checks that
    /// `bin/<binary>` is an executable file. Returns the unpacked package folder.
    func finish(binary: String) throws(InstallError) -> String {
        for (path, target) in links.sorted(by: { $0.key < $1.key }) {
            if written.contains(where: { $0.hasPrefix(path + "/") }) || links.keys.contains(where: { $0.hasPrefix(path + "/") }) {
                throw .refused(package: top, .entryUnderLink(path))
            }
            guard staysInside(link: path, target: target) else { throw .refused(package: top, .linkLeadsOut(path)) }
        }
        for (path, target) in links.sorted(by: { $0.key < $1.key }) {
            let full = root + "/" + path
            try make(PathName.directory(of: full))
            guard CLibrary.symlink(target, full) == 0 else { throw Self.writeError(full) }
        }
        let executable = "\(root)/\(top)/bin/\(binary)"
        guard FileSystem.kind(of: executable) == .file, access(executable, X_OK) == 0 else {
            throw .refused(package: top, .noBinary("bin/\(binary)"))
        }
        return "\(root)/\(top)"
    }

    /// Resolves `target` from the link's folder as the system would, expanding the package's own
    /// links on the way, without touching the disk: it must end inside the top folder.
    func staysInside(link: String, target: String) -> Bool {
        guard link != top else { return false }
        var stack = link.split(separator: "/").dropLast().map(String.init)
        var pending = [target]
        var expansions = 0
        while let next = pending.popLast() {
            if next.hasPrefix("/") { return false }
            var parts = next.split(separator: "/").map(String.init)
            while !parts.isEmpty {
                let part = parts.removeFirst()
                if part == "." { continue }
                if part == ".." {
                    guard !stack.isEmpty else { return false }
                    stack.removeLast()
                    if stack.isEmpty { return false }
                    continue
                }
                stack.append(part)
                if let inner = links[stack.joined(separator: "/")] {
                    expansions += 1
                    guard expansions <= 40 else { return false }
                    stack.removeLast()
                    pending.append(parts.joined(separator: "/"))
                    pending.append(inner)
                    break
                }
            }
        }
        return stack.first == top
    }

    private func make(_ directory: String) throws(InstallError) {
        do { try FileSystem.makeDirectories(directory, mode: 0o755) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }

    private func refusing<T>(_ body: () throws(PackageRefusal) -> T) throws(InstallError) -> T {
        do { return try body() } catch { throw .refused(package: top, error) }
    }

    static func writeError(_ path: String) -> InstallError {
        .cannotWrite(path: path, reason: String(cString: strerror(errno)).lowercased())
    }
}

/// The C library's `symlink`, out of reach of the method of the same name.
private enum CLibrary {
    static func symlink(_ target: String, _ path: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.symlink(target, path)
        #elseif canImport(Glibc)
        Glibc.symlink(target, path)
        #else
        Musl.symlink(target, path)
        #endif
    }
}
