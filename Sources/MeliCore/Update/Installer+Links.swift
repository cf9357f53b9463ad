#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The links the installer keeps in the prefix (`bin/<binary>`, the man page, the completions,
/// `lib/<binary>/current` and `previous`), and the version folders and leftovers it clears away.
extension Installer {
    /// The prefix's links, for what `version` (the folder about to be current) holds; a link
    /// already right is left alone. Returns the folders it made.
    func makeLinks(for version: String) throws(InstallError) -> [String] {
        var made: [String] = []
        for link in links {
            let path = prefix + "/" + link
            let target = linkTarget(link)
            guard fileSystem.kind(of: "\(version)/\(link)") != .missing || fileSystem.kind(of: path) == .symlink else { continue }
            if fileSystem.linkTarget(path) == target { continue }
            made += try make(PathName.directory(of: path))
            try replaceLink(path, target: target)
        }
        return made
    }

    /// Keeps current and previous; removes the other version folders.
    func removeOldVersions() {
        let keep = [fileSystem.linkTarget(home + "/current"), fileSystem.linkTarget(home + "/previous")]
        for name in fileSystem.names(in: home) where isVersionFolder(name) && !keep.contains(name) {
            try? fileSystem.removeTree(home + "/" + name)
        }
    }

    /// A folder the installer made for a version: not hidden, not a link, holding `bin/<binary>`.
    func isVersionFolder(_ name: String) -> Bool {
        name.utf8.first != UInt8(ascii: ".") && fileSystem.kind(of: home + "/" + name) == .directory
            && fileSystem.kind(of: "\(home)/\(name)/bin/\(binary)") == .file
    }

    /// What a stopped install left: staging folders and half-made links.
    func removeLeftovers() {
        for name in fileSystem.names(in: home) where name.utf8.starts(with: ".incoming.".utf8) {
            try? fileSystem.removeTree(home + "/" + name)
        }
        let places = [home + "/current", home + "/previous"] + links.map { prefix + "/" + $0 }
        for place in places {
            let folder = PathName.directory(of: place)
            let stem = ".\(PathName.lastComponent(of: place)).new-"
            for name in fileSystem.names(in: folder) where name.utf8.starts(with: stem.utf8) && fileSystem.kind(of: folder + "/" + name) == .symlink {
                _ = unlink(folder + "/" + name)
            }
        }
    }

    /// Points the link at `path` to `target` (`FileSystem.replaceSymlink`).
    func replaceLink(_ path: String, target: String) throws(InstallError) {
        do { try fileSystem.replaceSymlink(path, target: target) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }

    /// Removes `path` and everything under it.
    func remove(_ path: String) throws(InstallError) {
        do { try fileSystem.removeTree(path) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }
}
