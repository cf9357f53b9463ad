#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Going back to the previous version, and removing a binary from the prefix.
extension Installer {
    /// Swaps `current` and `previous`; returns (from, to), the versions.
    func rollback() throws(InstallError) -> (from: String, to: String) {
        guard fileSystem.kind(of: home) == .directory else { throw .notInstalled(binary: binary, prefix: prefix) }
        try checkLinksAreOurs()
        try checkPrefixFolders()
        let lock = try self.lock()
        defer { close(lock) }
        guard let previous = fileSystem.linkTarget(home + "/previous") else { throw .noPrevious(binary: binary, prefix: prefix) }
        guard let current = fileSystem.linkTarget(home + "/current") else { throw .notInstalled(binary: binary, prefix: prefix) }
        let executable = "\(home)/\(previous)/bin/\(binary)"
        guard Self.version(ofFolder: previous) != nil, fileSystem.kind(of: executable) == .file, access(executable, X_OK) == 0 else {
            throw .brokenVersion(path: "\(home)/\(previous)")
        }
        try replaceLink(home + "/current", target: previous)
        try replaceLink(home + "/previous", target: current)
        // Links an older installer resolved into a version folder now go through current too.
        record(try makeLinks(for: "\(home)/\(previous)"))
        return (Self.version(ofFolder: current) ?? current, Self.version(ofFolder: previous) ?? previous)
    }

    /// Removes the links, the version folders and the installer's own files; returns false when
    /// `lib/<binary>` held other files and was left in place.
    func uninstall() throws(InstallError) -> Bool {
        guard fileSystem.kind(of: home) == .directory else { throw .notInstalled(binary: binary, prefix: prefix) }
        try checkPrefixFolders()
        let lock = try self.lock()
        defer { close(lock) }
        for link in links where isOurs(link) && fileSystem.kind(of: prefix + "/" + link) == .symlink {
            try remove(prefix + "/" + link)
        }
        removeLeftovers()
        for name in fileSystem.names(in: home) {
            let path = home + "/" + name
            if name == "current" || name == "previous" {
                if fileSystem.kind(of: path) == .symlink { try remove(path) }
            } else if isVersionFolder(name) {
                try remove(path)
            }
        }
        let made = madeFolders()
        try remove(home + "/" + Self.madeFoldersRecord)
        try remove(home + "/.lock")
        guard rmdir(home) == 0 else { return false }
        // The folders an install made (share/man/man1, lib...), deepest first, when nothing else
        // is in them: rmdir removes only empty folders, and never follows a link.
        for folder in made.sorted(by: { PathName.components($0).count > PathName.components($1).count }) {
            _ = rmdir(prefix + "/" + folder)
        }
        return true
    }
}
