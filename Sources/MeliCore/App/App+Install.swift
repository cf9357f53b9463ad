/// Where this binary is installed, and the installer of `self install`, `update` and `rollback`.
extension App {
    /// This binary's installation, when it runs from an installed prefix (`PREFIX/lib/BINARY/VERSION/bin`).
    var installation: Installation? {
        Installation(executablePath: io.executablePath, binary: environment.binary, fileSystem: io.fileSystem)
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
