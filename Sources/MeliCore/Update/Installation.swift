/// Where this binary runs from, read from its real path (links resolved).
struct Installation: Sendable, Hashable {
    /// The prefix it is installed in, when it runs from `<prefix>/lib/<binary>/<version>/bin/<binary>`.
    var prefix: String?
    /// The folder holding `bin/<binary>`: a version folder, or an unpacked package.
    var packageFolder: String

    init?(executablePath: String?, binary: String, fileSystem: FileSystem = .local) {
        guard let path = executablePath, PathName.lastComponent(of: path) == binary else { return nil }
        let binFolder = PathName.directory(of: path)
        guard PathName.lastComponent(of: binFolder) == "bin" else { return nil }
        packageFolder = PathName.directory(of: binFolder)
        let home = PathName.directory(of: packageFolder)
        let lib = PathName.directory(of: home)
        let isInstalled = PathName.lastComponent(of: home) == binary && PathName.lastComponent(of: lib) == "lib"
            && fileSystem.kind(of: home + "/current") == .symlink
        prefix = isInstalled ? PathName.directory(of: lib) : nil
    }
}

/// A package's name, `<binary>_<version>_<os>_<arch>` (the tarball without `.tar.gz`, or its top folder).
struct PackageName: Sendable, Hashable {
    var binary: String
    var version: String
    var os: String
    var arch: String

    var text: String { "\(binary)_\(version)_\(os)_\(arch)" }

    /// Parses `name`, which must be a package of `binary` for `platform`.
    init(_ name: String, binary: String, platform: (os: String, arch: String) = Feed.platform) throws(PackageRefusal) {
        // ASCII only: a Character-level split or compare could join a byte `_` or `/` to a mark after it.
        guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { throw .badName }
        let stem = name.hasSuffix(".tar.gz") ? String(name.dropLast(7)) : name
        let prefix = binary + "_"
        guard stem.hasPrefix(prefix) else {
            let other = stem.split(separator: "_").first.map(String.init) ?? ""
            throw EnvironmentTable.compiled.binaries.contains(other) && other != binary ? .otherBinary(other) : .badName
        }
        let parts = stem.dropFirst(prefix.count).split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let versionCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.+-")
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(versionCharacters.contains), parts[0].first != ".",
              !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }),
              !parts[2].isEmpty, parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { throw .badName }
        guard parts[1] == platform.os, parts[2] == platform.arch else { throw .otherPlatform("\(parts[1])/\(parts[2])") }
        // Only a semantic version: `current`, `previous`, `.lock` or `..` would take the place of the
        // installer's own names in lib/<binary>.
        guard SemanticVersion(parts[0]) != nil else { throw .notSemanticVersion(parts[0]) }
        self.binary = binary
        version = parts[0]
        os = parts[1]
        arch = parts[2]
    }
}
