/// What the user reads when a package manager keeps the binary, and the exit code (6).
extension PackageManagedError {
    var failure: CommandFailure {
        let text: Message = .PackageManaged.packageManaged(binary: binary, manager: manager)
        switch action {
        case .update, .install:
            return CommandFailure(.packageManaged, text, hint: .PackageManaged.packageManagedUpgradeHint(manager: manager, command: manager.upgradeCommand(version: nil)))
        case .rollback:
            return CommandFailure(.packageManaged, text, hint: .PackageManaged.packageManagedRollbackHint(manager: manager))
        case .uninstall:
            return CommandFailure(.packageManaged, text, hint: .PackageManaged.packageManagedRemoveHint(manager: manager, command: manager.removeCommand))
        }
    }
}
