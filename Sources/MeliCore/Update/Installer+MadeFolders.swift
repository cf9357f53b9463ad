#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders an install makes in the prefix, made 0755 and written down, so that `uninstall`
/// removes exactly those again.
extension Installer {
    /// Makes `folder` and the folders above it that are missing, each 0755 whatever the umask
    /// (mkdir's mode is masked by it: root's 027 made folders other users could not enter, so a
    /// binary they could not run); returns those inside the prefix (not the prefix itself), for
    /// `record`. Made one name at a time relative to the folder above, every folder and link on
    /// the way checked as it is reached (`TrustedPath`): made by path (`mkdir -p`, then `chmod`),
    /// a folder another user planted in a sticky folder after the check was installed into, and a
    /// link planted there was followed by the chmod, on any file.
    @discardableResult
    func make(_ folder: String) throws(InstallError) -> [String] {
        let made: [String]
        do { made = try TrustedPath(ownership: Ownership(fileSystem: fileSystem)).make(folder, mode: 0o755).made } catch {
            throw Self.refusal(error)
        }
        let top = PathName.components(prefix)
        return made.compactMap { path in
            let parts = PathName.components(path)
            return parts.count > top.count && parts.starts(with: top) ? parts.dropFirst(top.count).joined(separator: "/") : nil
        }
    }

    /// Writes down, in `madeFoldersRecord`, the folders of the prefix an install made, so that
    /// `uninstall` removes them again when they are empty, and no folder it did not make.
    func record(_ made: [String]) {
        let known = madeFolders()
        let added = made.filter { !known.contains($0) && !PathName.components($0).starts(with: ["lib", binary]) }
        guard !added.isEmpty else { return }
        let text = (known + added).map { $0 + "\n" }.joined()
        try? fileSystem.writeAtomically(Array(text.utf8), to: home + "/" + Self.madeFoldersRecord, mode: 0o644)
    }

    /// The file in `lib/<binary>` listing the folders of the prefix an install made, one a line.
    static let madeFoldersRecord = ".made-folders"

    /// The folders `madeFoldersRecord` lists: relative, inside the prefix, no `..`.
    func madeFolders() -> [String] {
        guard let bytes = try? BoundedFile.read(home + "/" + Self.madeFoldersRecord, limit: 65_536, followLinks: false) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
            !line.isEmpty && !line.hasPrefix("/") && !PathName.components(line).contains("..")
        }
    }
}
