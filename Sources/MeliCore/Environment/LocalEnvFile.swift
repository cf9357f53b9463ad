#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `Local.env`, a user's own overrides, and where it lives: in the binary's configuration folder
/// (`~/.config/<binary>/Local.env`, `XDG_CONFIG_HOME` respected), which no update touches, for every
/// binary; and, for a run from a checkout (`swift run`), the checkout's `Config/Local.env` after it.
/// Both are read after the environment file and its includes, so they win over every file (process
/// variables and flags still win over them).
///
/// Installed binaries used to read it from `share/<binary>/Local.env` inside their version folder
/// (`<prefix>/lib/<binary>/<version>/`), which the next update stopped reading and the one after
/// deleted. That old place, in the version in use and then in the previous one, is copied once
/// into the configuration folder when no `Local.env` is there yet (0600, written under another
/// name and linked into place, so it is whole or absent and never replaces one), and the run says
/// so; from then on only the copy is read.
///
/// Only the user's own old file is copied: one that another user owns (root's, in a shared
/// prefix; or one a package carried, which installers now refuse) is not the user's to adopt. The
/// run says so once, and the configuration folder's `Local.env` is made holding only a note
/// saying so, so that it is not offered again. Every `Local.env` read, wherever it is, is read
/// only when it and its folder belong to the user or root and no one else may write them
/// (`EnvFileLoader.load`, `Ownership`).
package struct LocalEnvFile: Sendable {
    package static let name = "Local.env"

    package var binary: String
    /// The binary's configuration folder (`AppDirectories.config`), if there is a home.
    package var configDirectory: String?
    /// The executable's real path, if known: an installed one is `<prefix>/lib/<binary>/<version>/bin/<binary>`.
    package var executablePath: String?
    package var fileSystem: FileSystem = .local

    /// `<config>/Local.env`.
    package var path: String? { configDirectory.map { "\($0)/\(Self.name)" } }

    /// The files read after the environment file `choice`, in order: this binary's `Local.env`,
    /// then the checkout's `Config/Local.env` when the file was found in the checkout the binary
    /// was built in.
    package func files(after choice: EnvFileChoice) -> [String] {
        var files = path.map { [$0] } ?? []
        if choice.reason == .repository { files.append(PathName.directory(of: choice.path) + "/" + Self.name) }
        return files
    }

    /// `share/<binary>/Local.env` of the installed version in use, then of the previous one, for a
    /// binary that runs from `<prefix>/lib/<binary>/<version>/bin/`; nothing for any other.
    package var oldPlaces: [String] {
        guard let executablePath else { return [] }
        let version = PathName.directory(of: PathName.directory(of: executablePath))
        let home = PathName.directory(of: version)
        guard PathName.lastComponent(of: home) == binary, PathName.lastComponent(of: PathName.directory(of: home)) == "lib" else { return [] }
        var folders = [version]
        if let previous = fileSystem.linkTarget(home + "/previous"), !previous.contains("/"), SemanticVersion(previous) != nil,
           home + "/" + previous != version {
            folders.append(home + "/" + previous)
        }
        return folders.map { "\($0)/share/\(binary)/\(Self.name)" }
    }

    /// What became of an old `Local.env`.
    package enum Migration: Equatable, Sendable {
        /// Copied from `from` to `to`.
        case copied(from: String, to: String)
        /// Not copied (the system's reason, or a check's); read from `from` this time.
        case failed(from: String, to: String, reason: Message)
        /// Not copied: it belongs to another user (`owner`); `to` was made holding a note.
        case notAdopted(from: String, to: String, owner: UInt32)
    }

    /// Copies the first old place that holds a `Local.env` into the configuration folder, when no
    /// `Local.env` is there yet and the old one is the user's own; nil when there is nothing to do.
    package func migrate() -> Migration? {
        guard let path, fileSystem.kind(of: path) == .missing, let old = oldPlaces.first(where: fileSystem.isFile) else { return nil }
        let user = fileSystem.currentUser()
        switch EnvFileReader.readOwned(old, limit: EnvFileLimits.maximumFileBytes, ownership: Ownership(fileSystem: fileSystem)) {
        case .success(let (_, owner)) where owner != user, .failure(.untrusted(.otherOwner(let owner))):
            let note = Message.Trust.localEnvNotAdoptedNote(from: old, owner: "uid \(owner)")
            if configFolderProblem == nil { _ = Self.create(path, holding: Array((note.english + note.spanish).utf8), fileSystem: fileSystem) }
            return .notAdopted(from: old, to: path, owner: owner)
        case .success(let (bytes, _)):
            if let problem = configFolderProblem { return .failed(from: old, to: path, reason: problem) }
            if let reason = Self.create(path, holding: bytes, fileSystem: fileSystem) { return .failed(from: old, to: path, reason: .SystemReason.reason(reason)) }
            return .copied(from: old, to: path)
        case .failure(let failure):
            let reason: Message = switch failure {
            case .unreadable(let reason, _): .SystemReason.reason(reason)
            case .directory: .SystemReason.reason("it is a directory")
            case .notRegular, .systemFile: .Update.notRegularFile
            case .tooLarge: .Configuration.localEnvTooLarge(limit: EnvFileLimits.text(EnvFileLimits.maximumFileBytes))
            // Read from where it is this time, it is refused there, saying what to do.
            case .untrusted, .untrustedFolder: .SystemReason.reason("someone else could change it")
            }
            return .failed(from: old, to: path, reason: reason)
        }
    }

    /// Why nothing is copied into the configuration folder, when it exists and someone else could
    /// change what is in it (`Ownership`, links followed); nil otherwise.
    private var configFolderProblem: Message? {
        guard let configDirectory, let real = fileSystem.realPath(configDirectory), let status = fileSystem.inspect(real) else { return nil }
        switch Ownership(fileSystem: fileSystem).problem(of: status, at: real) {
        case .otherOwner(let uid)?: return .Trust.placeOtherOwner(path: configDirectory, owner: "uid \(uid)")
        case .writableByOthers(let mode)?: return .Trust.placeWritable(path: configDirectory, mode: OwnershipProblem.octal(mode))
        case nil: return nil
        }
    }

    /// Writes `bytes` as a new file `path`, mode 0600, whole or not at all and never over an
    /// existing file (one made meanwhile is kept); nil on success, else the system's reason.
    static func create(_ path: String, holding bytes: [UInt8], fileSystem: FileSystem) -> String? {
        let folder = PathName.directory(of: path)
        do { try fileSystem.makeDirectories(folder, mode: 0o700) } catch { return error.reason }
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return FileSystem.reason() }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        let written = fchmod(fd, 0o600) == 0 && FileSystem.writeAll(bytes[...], to: fd) && fsync(fd) == 0
        let reason = written ? nil : FileSystem.reason()
        close(fd)
        if let reason { return reason }
        // link(2) fails rather than replace: a Local.env made meanwhile wins, and is the one read.
        if link(temporary, path) != 0, errno != EEXIST { return FileSystem.reason() }
        return nil
    }
}

extension LocalEnvFile.Migration {
    /// What the run says about it, on standard error, naming the old place.
    func diagnostic(display: (String) -> String) -> Diagnostic {
        switch self {
        case .copied(let from, let to):
            Diagnostic(.warning, .Configuration.localEnvCopied(to: display(to)), subject: .verbatim(display(from)))
        case .failed(let from, let to, let reason):
            Diagnostic(.warning, .Configuration.localEnvNotCopied(to: display(to), reason: reason), subject: .verbatim(display(from)))
        case .notAdopted(let from, let to, let owner):
            Diagnostic(.warning, .Trust.localEnvNotAdopted(to: display(to), owner: "uid \(owner)"), subject: .verbatim(display(from)))
        }
    }
}
