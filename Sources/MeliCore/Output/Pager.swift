#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

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
    /// plain words whose first is not on `PATH`, or is a path to no executable file). A command
    /// with the shell's characters (`exec 0<&-; less`) is the shell's to judge.
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
        }
        return ("/bin/sh", ["-c", command])
    }

    /// What makes a command the shell's to run (git's list, less the space).
    private static let special = Set("|&;<>()$`\\\"'*?[#~=%".unicodeScalars)
}

/// Output that goes through a pager, started at the first write (a command that prints nothing,
/// or only fails, opens no pager); when the pager cannot start, straight to standard output, and
/// `failed` is told once. Once the pager ends (q before the end), further writes are dropped:
/// SIGPIPE is ignored from then on, so a write meets EPIPE rather than killing the process.
package final class PagedOutput: Sendable {
    /// Where output goes: nowhere yet, the pager's input, the terminal itself, or nowhere any more.
    private enum State: Sendable {
        case waiting
        case paging(pid: pid_t, input: Int32)
        case direct
        case ended
    }

    private let choice: PagerChoice
    private let descriptor: Int32
    private let failed: @Sendable (String) -> Void
    private let state = Mutex(State.waiting)

    /// Pages what is written to `descriptor` (standard output, a terminal) through `choice`;
    /// `failed` gets the pager's command when it cannot be started.
    package init(_ choice: PagerChoice, descriptor: Int32 = 1, failed: @escaping @Sendable (String) -> Void) {
        self.choice = choice
        self.descriptor = descriptor
        self.failed = failed
    }

    /// Standard output through the pager: a terminal still (colours, widths), as the pager shows it.
    package func output(width: Int?) -> TextOutput {
        TextOutput(isTerminal: true, width: width) { [self] text in write(text) }
    }

    /// Writes `text` where the state says, starting the pager first if it is the first write.
    private func write(_ text: String) {
        let target: Int32? = state.withLock { state in
            if case .waiting = state { state = start() }
            switch state {
            case .waiting, .ended: return nil
            case .paging(_, let input): return input
            case .direct: return descriptor
            }
        }
        guard let target else { return }
        if !SystemCall.writeAll(target, text), errno == EPIPE {
            state.withLock { state in
                if case .paging(let pid, let input) = state {
                    close(input)
                    _ = Subprocess.wait(pid)
                    state = .ended
                }
            }
        }
    }

    /// Starts the pager with its input a new pipe; `.direct` (and `failed` told) when it cannot.
    private func start() -> State {
        guard let (program, arguments) = choice.invocation(), let pipe = Subprocess.pipe() else {
            failed(choice.command)
            return .direct
        }
        guard let pid = Subprocess.start(program, arguments, environment: choice.environment, stdin: pipe.read) else {
            close(pipe.read)
            close(pipe.write)
            failed(choice.command)
            return .direct
        }
        close(pipe.read)
        // After the start, so the pager gets the default actions: a pager quit early is EPIPE
        // here, not a kill; Ctrl-C is the pager's (less ignores it), so meli waits for it to end.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        return .paging(pid: pid, input: pipe.write)
    }

    /// Ends the pager's input and waits for the user to leave it (nothing to do when it never
    /// started). Called before anything more goes to the terminal: an error, the update notice.
    /// Ctrl-C ends the process again from then on.
    package func finish() {
        let started = state.withLock { state in
            switch state {
            case .paging(let pid, let input):
                close(input)
                _ = Subprocess.wait(pid)
                state = .ended
                return true
            case .waiting:
                state = .direct
                return false
            case .direct: return false
            case .ended: return true
            }
        }
        if started {
            signal(SIGINT, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
        }
    }
}
