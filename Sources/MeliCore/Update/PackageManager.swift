/// The package manager that installed this binary, when one did: dpkg (a .deb, `apt install`) or
/// Homebrew (a formula). It owns the binary's files, so `update` and `self` never write them and
/// say to use the manager's command instead.
///
/// Known by a marker the package installs beside the env files, `<prefix>/share/<binary>/installed-by`
/// for a binary at `<prefix>/bin/<binary>` (found as the env file is: `/usr/share/meli/installed-by`
/// for `/usr/bin/meli`, `<Cellar>/meli/<version>/share/meli/installed-by` for Homebrew's): one line,
/// the manager and the name it knows the binary by (`dpkg meli-qa`, `brew owner/tap/meli-qa`).
/// Tarballs and `self install` never carry one.
struct PackageManager: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case dpkg, brew
    }

    var kind: Kind
    /// The name the manager knows the binary by: the package (dpkg) or the formula (brew).
    var package: String

    static let markerName = "installed-by"
    /// A marker is one short line; anything longer is not one.
    static let maxMarkerBytes = 512

    /// `<prefix>/share/<binary>/installed-by` for the prefix holding `bin/<binary>`.
    static func markerPath(prefix: String, binary: String) -> String {
        "\(prefix == "/" ? "" : prefix)/share/\(binary)/\(markerName)"
    }

    /// The command that installs `version` (a semantic version), or the newest, in the manager's way:
    /// `sudo apt install ./meli_0.2.0~rc.3_amd64.deb` (`./meli_VERSION_ARCH.deb` without a version),
    /// `brew upgrade owner/tap/meli`.
    func upgradeCommand(version: String?) -> String {
        switch kind {
        case .dpkg:
            if let version { "sudo apt install ./\(package)_\(Self.debianVersion(version))_\(Self.debianArchitecture(Feed.platform.arch)).deb" }
            else { "sudo apt install ./\(package)_VERSION_ARCH.deb" }
        case .brew:
            "brew upgrade \(package)"
        }
    }

    /// The command that removes it: `sudo apt remove meli`, `brew uninstall owner/tap/meli`.
    var removeCommand: String {
        switch kind {
        case .dpkg: "sudo apt remove \(package)"
        case .brew: "brew uninstall \(package)"
        }
    }

    /// The Debian version of a semantic version, as scripts/package names a .deb: the pre-release's
    /// `-` becomes `~`, which sorts before the release (`0.2.0-rc.3` is `0.2.0~rc.3`).
    static func debianVersion(_ version: String) -> String {
        guard let dash = version.firstIndex(of: "-") else { return version }
        return version[..<dash] + "~" + version[version.index(after: dash)...]
    }

    /// Debian's name of an architecture as `Feed.platform` names it (`x86_64` is `amd64`).
    static func debianArchitecture(_ arch: String) -> String {
        switch arch {
        case "x86_64": "amd64"
        case "aarch64", "arm64": "arm64"
        default: arch
        }
    }
}

/// Finding the marker. (In an extension, so that the memberwise initializer stays.)
extension PackageManager {
    /// The manager that installed the binary at `executablePath` (its real path), or nil.
    init?(executablePath: String?, binary: String) {
        guard let executablePath, PathName.lastComponent(of: executablePath) == binary else { return nil }
        let bin = PathName.directory(of: executablePath)
        guard PathName.lastComponent(of: bin) == "bin" else { return nil }
        self.init(prefix: PathName.directory(of: bin), binary: binary)
    }

    /// The manager whose marker is in `prefix` for `binary`, or nil.
    init?(prefix: String, binary: String) {
        guard let marker = try? BoundedFile.read(Self.markerPath(prefix: prefix, binary: binary), limit: Self.maxMarkerBytes) else { return nil }
        self.init(marker: marker, binary: binary)
    }

    /// Reads a marker's text: `MANAGER [NAME]`; the name defaults to the binary's. Nil for a manager
    /// this binary does not know, or a name a command line could not carry as it is.
    init?(marker: [UInt8], binary: String) {
        let line = String(decoding: marker, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, let kind = Kind(rawValue: first), words.count <= 2 else { return nil }
        let name = words.count == 2 ? words[1] : binary
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+-_/@")
        guard !name.isEmpty, name.count <= 200, name.allSatisfy(allowed.contains), name.first != "-" else { return nil }
        self.kind = kind
        package = name
    }
}

/// A package manager keeps this binary's files: `update`, `self install` (of the running copy) and
/// the prefix's `self` commands leave them alone and say which command to use instead.
struct PackageManagedError: Error, Sendable, Hashable {
    var binary: String
    var manager: PackageManager
    /// What was asked: an update, or an install, rollback or uninstall in the manager's prefix.
    var action: Action

    enum Action: Sendable, Hashable {
        case update, install, rollback, uninstall
    }
}
