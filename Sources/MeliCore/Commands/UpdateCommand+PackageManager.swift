/// `update` for a binary a package manager installed (`PackageManager`): it installs nothing and
/// says the manager's command; `update --check` still tells what is new, ending with that command.
extension UpdateCommand {
    /// Throws before anything is read or written when a package manager keeps this binary.
    static func refuseIfPackageManaged(_ app: App) throws(PackageManagedError) {
        guard let manager = app.packageManager else { return }
        throw PackageManagedError(binary: app.environment.binary, manager: manager, action: .update)
    }

    /// How to get `version`: the package manager's command, or `update`.
    static func installHint(_ version: String, app: App) -> Message {
        guard let manager = app.packageManager else { return .updateInstallHint(binary: app.environment.binary) }
        return .packageManagedGetIt(manager: manager, command: manager.upgradeCommand(version: version))
    }
}
