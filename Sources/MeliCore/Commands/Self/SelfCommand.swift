/// `self`: the group that installs, rolls back, removes and updates this binary, in Swift, on
/// every system (no shell installer, no GNU tools).
enum SelfCommand {
    static let prefixOption = Option<String>("prefix", placeholder: "dir", values: .file, help: .ProgramHelp.selfPrefixHelp)
    static let allowDowngrade = Flag("allow-downgrade", help: .Install.selfAllowDowngradeHelp)

    static let spec = CommandSpec(
        name: "self", summary: .ProgramHelp.selfSummary, discussion: .ProgramHelp.selfDiscussion,
        subcommands: [
            .init("install", SelfInstallCommand.spec), .init("rollback", SelfRollbackCommand.spec), .init("uninstall", SelfUninstallCommand.spec),
            .init("update", UpdateCommand.spec),
        ],
        examples: ["./$0_1.2.0_linux_x86_64/bin/$0 self install", "$0 self install $0_1.2.0_linux_x86_64.tar.gz", "$0 self rollback"])

    /// What was installed, the version before and how to go back, and PATH/MANPATH advice.
    static func report(_ outcome: Installer.Outcome, _ installer: Installer, _ app: App) {
        let binary = installer.binary
        if outcome.unchanged {
            app.say(.Install.installAlready(binary: binary, version: outcome.version, prefix: installer.prefix))
        } else if let difference = outcome.repaired {
            app.say(.Install.installRepaired(binary: binary, version: outcome.version, prefix: installer.prefix, path: "bin/\(binary)", difference: difference))
        } else {
            app.say(.Install.installDone(binary: binary, version: outcome.version, prefix: installer.prefix, path: "bin/\(binary)"))
        }
        if let previous = outcome.previous { app.say(.Install.installPrevious(version: previous, binary: binary)) }
        if !outcome.unchanged {
            if outcome.fromFolder {
                app.note(.Install.installFolderUnchecked(binary: binary))
            } else if !outcome.signatureChecked {
                app.note(.Install.installOriginUnchecked(binary: binary))
            }
        }
        let environment = app.io.environment
        let bin = installer.prefix + "/bin"
        let man = installer.prefix + "/share/man"
        let onPath = Self.contains(environment["PATH"], bin)
        if !onPath {
            app.say(.Install.installNotOnPath(folder: bin, binary: binary))
            app.stdout.line("  export PATH=\"\(shown(bin, home: environment["HOME"])):$PATH\"")
        }
        if !onPath || (environment["MANPATH"].map { !$0.isEmpty } ?? false && !Self.contains(environment["MANPATH"], man)) {
            app.say(.Install.installManPath(binary: binary))
            app.stdout.line("  export MANPATH=\"\(shown(man, home: environment["HOME"])):$MANPATH\"")
        }
    }

    /// Whether a `:`-separated list names `folder`.
    static func contains(_ list: String?, _ folder: String) -> Bool {
        (list ?? "").split(separator: ":").contains { PathName.normalize(String($0)) == folder }
    }

    /// `$HOME/...` for a folder inside HOME, as a shell startup file would say it.
    static func shown(_ folder: String, home: String?) -> String {
        guard let home, home.hasPrefix("/"), folder.hasPrefix(PathName.normalize(home) + "/") else { return folder }
        return "$HOME" + folder.dropFirst(PathName.normalize(home).count)
    }
}
