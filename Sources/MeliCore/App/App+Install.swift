/// Where this binary is installed, and the installer of `self install`, `update` and `rollback`.
extension App {
    /// This binary's installation, when it runs from an installed prefix (`PREFIX/lib/BINARY/VERSION/bin`).
    var installation: Installation? {
        Installation(executablePath: io.executablePath, binary: environment.binary, fileSystem: io.fileSystem)
    }

    /// The installer for this binary in `given` (`--prefix`), else the prefix it runs from, else
    /// ~/.local. Never one for a prefix a package manager keeps (`PackageManager`): without
    /// `--prefix`, when a manager installed this binary; with it, when the prefix holds the
    /// manager's marker. The one place `self` and `update` are refused for a managed binary.
    func installer(prefix given: String?, for action: PackageManagedError.Action) throws -> Installer {
        if given?.isEmpty ?? true { try refuseIfPackageManaged(action) }
        let installer = try installer(givenPrefix: given)
        if let manager = PackageManager(prefix: installer.prefix, binary: environment.binary) {
            throw PackageManagedError(binary: environment.binary, manager: manager, action: action)
        }
        return installer
    }

    /// Throws, before anything is read or written, when a package manager keeps this binary:
    /// `update`, and `self install` of the running copy.
    func refuseIfPackageManaged(_ action: PackageManagedError.Action) throws(PackageManagedError) {
        guard let manager = packageManager else { return }
        throw PackageManagedError(binary: environment.binary, manager: manager, action: action)
    }

    /// The installer in `--prefix` (resolved), else the prefix this binary runs from, else ~/.local.
    private func installer(givenPrefix given: String?) throws(InstallError) -> Installer {
        if let value = given, !value.isEmpty { return installer(prefix: PathName.resolve(value, against: io.currentDirectory)) }
        if let installed = installation?.prefix { return installer(prefix: installed) }
        guard let home = io.environment["HOME"], home.hasPrefix("/") else { throw .noHome }
        return installer(prefix: PathName.normalize(home + "/.local"))
    }

    /// The installer of this binary into `prefix`, on this run's file system.
    func installer(prefix: String) -> Installer {
        var installer = Installer(prefix: prefix, binary: environment.binary, environment: io.environment)
        installer.fileSystem = io.fileSystem
        installer.trustedKeys = trustedKeys
        return installer
    }

    /// Where this binary writes a package as it downloads, before it is installed (`<cache>/update`).
    var downloadFolder: DownloadFolder {
        DownloadFolder(directory: DownloadFolder.directory(inCache: environment.directories.cache), fileSystem: io.fileSystem)
    }

    /// The keys this binary's packages must be signed by (none: their origin is not checked).
    var trustedKeys: SigningKeys {
        SigningKeys.trusted(by: environment.name.rawValue, configured: environment.setting(Settings.updateKeys.name))
    }
}
