#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which pager long output goes through, by gh's and git's rules: `MELI_PAGER`, else `PAGER`,
/// else `less` when it is on `PATH`. Set but empty, or `cat`, either variable turns paging off.
/// The pager runs with `LESS=FRX` (quit when the text fits one screen, keep colours, leave the
/// text on the screen) and `LV=-c` when those are unset, as git runs it.
package struct PagerChoice: Sendable, Hashable {
    /// The command, as the user wrote it (`less -R`, `most`): run by `/bin/sh -c` when it has a
    /// shell's special characters, else directly (git's rule).
    package var command: String
    /// The pager's environment: this process's, with the defaults above.
    package var environment: [String: String]

    /// The pager to use, or nil when paging is off or no pager is named and `less` is not on `PATH`.
    package static func choose(_ environment: [String: String], fileSystem: FileSystem = .local) -> PagerChoice? {
        let named = environment["MELI_PAGER"] ?? environment["PAGER"]
        let command: String
        if let named {
            command = named.trimmingWhitespace
            guard !command.isEmpty, command != "cat" else { return nil }
        } else {
            guard Subprocess.locate("less", preferring: [], path: environment["PATH"], fileSystem: fileSystem) != nil else { return nil }
            command = "less"
        }
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
        return PagerChoice(command: command, environment: pagerEnvironment)
    }

    /// The program and its arguments: the command itself when it is one word of no special
    /// characters, else `/bin/sh -c COMMAND`; nil when its program is not found (a command of
    /// plain words whose first is not on `PATH`, or is a path to no executable file; for a command
    /// of the shell's, `missingProgram`). One with expansions or redirections (`exec 0<&-; less`)
    /// is the shell's to judge.
    package func invocation(fileSystem: FileSystem = .local) -> (program: String, arguments: [String])? {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return nil }
        let simple = !command.unicodeScalars.contains { Self.special.contains($0) }
        if simple {
            let found = first.contains("/")
                ? Subprocess.locate(first, preferring: [first], path: "", fileSystem: fileSystem)
                : Subprocess.locate(first, preferring: [], path: environment["PATH"], fileSystem: fileSystem)
            guard let found else { return nil }
            if words.count == 1 { return (found, []) }
        } else if missingProgram(fileSystem: fileSystem) != nil {
            // `"no such pager"`, `no-such-pager | cat`, `LESS=X no-such-pager`: the shell would
            // only say "not found" and take the output with it.
            return nil
        }
        return ("/bin/sh", ["-c", command])
    }

    /// Why `invocation` found no program: a path to something that is there but cannot be run
    /// (`PAGER=/etc/passwd`, `PAGER=/tmp`) is not an executable; anything else is not found.
    package func failure(fileSystem: FileSystem = .local) -> PagerFailure { missingProgram(fileSystem: fileSystem) ?? .notFound }

    /// What makes a command the shell's to run (git's list, less the space).
    private static let special = Set("|&;<>()$`\\\"'*?[#~=%".unicodeScalars)
}

/// Why a pager's output went straight to the terminal instead.
package enum PagerFailure: Sendable, Hashable {
    /// No such program on `PATH` (or at the path given).
    case notFound
    /// The path names a file that cannot be run, or a folder.
    case notExecutable
    /// The shell that runs the command ended at once with this status (127: not found, 126: not
    /// executable), before the pager read what it was given.
    case shellFailed(Int32)
}
