#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Output that goes through a pager, started at the first write (a command that prints nothing,
/// or only fails, opens no pager); when the pager cannot start, straight to standard output, and
/// `failed` is told once. Once the pager ends (q before the end), further writes are dropped:
/// SIGPIPE is ignored from then on, so a write meets EPIPE rather than killing the process.
///
/// A command run by `/bin/sh -c` (`MELI_PAGER='"no such pager"'`, `'nonexistent | cat'`) starts
/// even when its program is not there: the shell says so and ends with 127 (126: not executable).
/// Until the pager is known to run, what it was given is kept (up to `keptLimit` bytes: more than
/// a pipe holds, so a pager given that much has read some); when the shell ends with 127 or 126,
/// `failed` is told and what was kept goes to the terminal, as does everything after.
package final class PagedOutput: Sendable {
    /// Where output goes: nowhere yet, the pager's input, the terminal itself, or nowhere any more.
    private enum State: Sendable {
        case waiting
        /// `kept`: what the pager was given, nil once it is more than `keptLimit`.
        case paging(pid: pid_t, input: Int32, kept: [UInt8]?)
        case direct
        case ended
    }

    /// More than a pipe holds (64 KiB on Linux, at most that on macOS).
    static let keptLimit = 128 * 1024

    private let choice: PagerChoice
    private let descriptor: Int32
    private let failed: @Sendable (String, PagerFailure) -> Void
    private let state = Mutex(State.waiting)
    /// A failed write to `descriptor` itself (the pager's pipe failing is the pager leaving).
    private let failure: WriteFailure

    /// Pages what is written to `descriptor` (standard output, a terminal) through `choice`;
    /// `failed` gets the pager's command, and why, when it cannot be started.
    /// `writeFailure`: where a failed write to `descriptor` is noted (standard output's own, so
    /// that `Runner` sees it whether or not a pager ran).
    package init(
        _ choice: PagerChoice, descriptor: Int32 = 1, writeFailure: WriteFailure? = nil,
        failed: @escaping @Sendable (String, PagerFailure) -> Void
    ) {
        self.choice = choice
        self.descriptor = descriptor
        self.failure = writeFailure ?? WriteFailure()
        self.failed = failed
    }

    /// Standard output through the pager: a terminal still (colours, widths), as the pager shows it.
    package func output(width: Int?) -> TextOutput {
        TextOutput(isTerminal: true, width: width, failure: failure) { [self] text in write(text) }
    }

    /// Writes `text` where the state says, starting the pager first if it is the first write.
    private func write(_ text: String) {
        state.withLock { state in
            if case .waiting = state { state = start() }
            switch state {
            case .waiting, .ended: return
            case .direct: if !SystemCall.writeAll(descriptor, text) { failure.note(errno) }
            case .paging(let pid, let input, var kept):
                if kept != nil {
                    kept?.append(contentsOf: text.utf8)
                    if (kept?.count ?? 0) > Self.keptLimit { kept = nil }
                }
                state = .paging(pid: pid, input: input, kept: kept)
                if !SystemCall.writeAll(input, text), errno == EPIPE { state = end(pid: pid, input: input, kept: kept) }
            }
        }
    }

    /// Closes the pager's input and waits for it: `.direct` (what was kept written out, `failed`
    /// told) when it was a shell that found nothing to run, else `.ended`.
    private func end(pid: pid_t, input: Int32, kept: [UInt8]?) -> State {
        close(input)
        let status = Subprocess.wait(pid)
        guard let kept, let status, status == 126 || status == 127 else { return .ended }
        failed(choice.command, .shellFailed(status))
        if !FileSystem.writeAll(kept[...], to: descriptor) { failure.note(errno) }
        return .direct
    }

    /// Starts the pager with its input a new pipe; `.direct` (and `failed` told) when it cannot.
    private func start() -> State {
        guard let (program, arguments) = choice.invocation(), let pipe = Subprocess.pipe() else {
            failed(choice.command, choice.failure())
            return .direct
        }
        guard let pid = Subprocess.start(program, arguments, environment: choice.environment, stdin: pipe.read) else {
            close(pipe.read)
            close(pipe.write)
            failed(choice.command, choice.failure())
            return .direct
        }
        close(pipe.read)
        // After the start, so the pager gets the default actions: a pager quit early is EPIPE
        // here, not a kill; Ctrl-C is the pager's (less ignores it), so meli waits for it to end.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        let kept: [UInt8]? = program == "/bin/sh" ? [] : nil
        return .paging(pid: pid, input: pipe.write, kept: kept)
    }

    /// Ends the pager's input and waits for the user to leave it (nothing to do when it never
    /// started). Called before anything more goes to the terminal: an error, the update notice.
    /// Ctrl-C ends the process again from then on.
    package func finish() {
        let started = state.withLock { state in
            switch state {
            case .paging(let pid, let input, let kept):
                state = end(pid: pid, input: input, kept: kept)
                if case .direct = state { state = .ended }
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
