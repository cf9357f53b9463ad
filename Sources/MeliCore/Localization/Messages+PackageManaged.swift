extension Message {
    /// The messages for a binary that a package manager (dpkg, Homebrew) installed, in English and Spanish.
    enum PackageManaged {}
}

extension Message.PackageManaged {
    static let exitPackageManaged = Message(
        en: "installed by a package manager (apt, Homebrew): update or remove it with that manager; nothing was changed",
        es: "instalado por un gestor de paquetes (apt, Homebrew): actualícelo o elimínelo con ese gestor; no se cambió nada")

    /// The manager as people call it: apt for dpkg's packages.
    static func managerName(_ manager: PackageManager) -> String {
        switch manager.kind {
        case .dpkg: "apt (dpkg)"
        case .brew: "Homebrew"
        }
    }

    static func packageManaged(binary: String, manager: PackageManager) -> Message {
        Message(
            en: "\(binary) was installed with \(managerName(manager)), which keeps its files, so \(binary) does not change them itself; nothing was changed",
            es: "\(binary) se instaló con \(managerName(manager)), que administra sus archivos, así que \(binary) no los cambia por sí mismo; no se cambió nada")
    }
    static func packageManagedUpgradeHint(manager: PackageManager, command: String) -> Message {
        switch manager.kind {
        case .dpkg:
            Message(
                en: "Update it with apt: download the newer .deb (a release's is beside its tarballs; no channel publishes QA or dev ones, so for those, ask whoever gave you this one) and run\n  \(command)\nor, when an apt repository provides it: sudo apt update && sudo apt upgrade",
                es: "Actualícelo con apt: descargue el .deb más nuevo (el de una versión publicada está junto a sus tarballs; ningún canal publica los de QA o dev: para esos, pídalo a quien le dio este) y ejecute\n  \(command)\no, si lo provee un repositorio apt: sudo apt update && sudo apt upgrade")
        case .brew:
            Message(en: "Update it with Homebrew:\n  \(command)", es: "Actualícelo con Homebrew:\n  \(command)")
        }
    }
    static func packageManagedRollbackHint(manager: PackageManager) -> Message {
        switch manager.kind {
        case .dpkg:
            Message(
                en: "To go back, install the older .deb with apt: sudo apt install --allow-downgrades ./\(manager.package)_VERSION_ARCH.deb",
                es: "Para volver atrás, instale el .deb anterior con apt: sudo apt install --allow-downgrades ./\(manager.package)_VERSION_ARCH.deb")
        case .brew:
            Message(
                en: "Homebrew keeps its versions: ask it (brew info \(manager.package)), not this binary.",
                es: "Homebrew administra sus versiones: pregúntele a él (brew info \(manager.package)), no a este binario.")
        }
    }
    static func packageManagedRemoveHint(manager: PackageManager, command: String) -> Message {
        Message(en: "Remove it with \(managerName(manager)):\n  \(command)", es: "Elimínelo con \(managerName(manager)):\n  \(command)")
    }

    /// After `update --check` and the daily notice: the manager's command for the newest build.
    static func packageManagedGetIt(manager: PackageManager, command: String) -> Message {
        switch manager.kind {
        case .dpkg:
            Message(
                en: "Install it with apt (it keeps this copy's files): download the .deb (a release's is beside its tarballs; for QA and dev builds, ask whoever gave you this one), then\n  \(command)",
                es: "Instálela con apt (administra los archivos de esta copia): descargue el .deb (el de una versión publicada está junto a sus tarballs; para las de QA o dev, pídalo a quien le dio este) y luego\n  \(command)")
        case .brew:
            Message(en: "Install it with Homebrew, which keeps this copy's files:\n  \(command)", es: "Instálela con Homebrew, que administra los archivos de esta copia:\n  \(command)")
        }
    }
}
