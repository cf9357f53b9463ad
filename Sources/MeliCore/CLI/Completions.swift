/// Shell completion scripts for bash, zsh and fish. Each is a small function that asks the binary
/// itself what may come next (`<binary> __complete WORD... CURRENT`, `CompleteCommand`), so the
/// scripts never disagree with the parser and know the catalog: sites, categories, the last
/// search's sorts, filters and results. Each binary's script registers for that binary alone
/// (`_meli_qa` for `meli-qa`), so the three install side by side. The scripts hold no text of
/// their own to translate: the descriptions come from `__complete`, in the user's language.
package enum Completions {
    package static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell` (one of `shells`) that completes `root`'s binary; nil for another shell.
    package static func script(_ shell: String, root: CommandSpec) -> String? {
        switch shell {
        case "bash": bash(binary: root.name)
        case "zsh": zsh(binary: root.name)
        case "fish": fish(binary: root.name)
        default: nil
        }
    }

    /// Every command below the root with its path (`["auth", "login"]`), depth first.
    static func commands(_ root: CommandSpec) -> [(path: [String], spec: CommandSpec)] {
        var found: [(path: [String], spec: CommandSpec)] = []
        func walk(_ command: CommandSpec, _ path: [String]) {
            found.append((path, command))
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(root, [])
        return found
    }

    /// A shell function's name for `binary`: `_meli_qa`.
    static func functionName(_ binary: String) -> String {
        "_" + binary.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }
}
