/// `update` for a binary a package manager installed (`PackageManager`): it installs nothing and
/// says the manager's command; `update --check` still tells what is new, ending with that command.
extension UpdateCommand {
    /// How to get `version`: the package manager's command, or `update`.
    static func installHint(_ version: String, app: App) -> Message {
        guard let manager = app.packageManager else { return .Update.updateInstallHint(binary: app.environment.binary) }
        return .PackageManaged.packageManagedGetIt(manager: manager, command: manager.upgradeCommand(version: version))
    }
}
