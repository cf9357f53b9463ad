#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A full-screen session on a terminal: raw mode, the alternate screen, signals turned into
/// events, suspension (Ctrl-Z, `fg`) handled, and the terminal restored on every way out.
package final class TerminalSession: Sendable {
    /// Why a session cannot start.
    package enum Failure: Error, Sendable, Hashable {
        /// Standard input or output is not a terminal.
        case notATerminal
        /// The terminal's settings could not be read or changed (`errno`).
        case settings(Int32)
    }

    /// The size when the session started; `currentSize()` reads it again.
    package let size: TerminalSize
    let input: Int32
    let output: Int32
    let enterSequence: String
    let queue = DispatchQueue(label: "meli.terminal")
    let state: Mutex<State>
    private let stream: AsyncStream<TerminalEvent>

    /// What changes while the session runs. Only touched under `state`'s lock (the dispatch
    /// sources and C function pointers in it are safe to use from any thread).
    struct State: @unchecked Sendable {
        var saved: termios
        var raw: termios
        var restored = false
        var suspended = false
        var handedOut = false
        var decoder = KeyDecoder()
        var reads = 0
        var continuation: AsyncStream<TerminalEvent>.Continuation
        var sources: [any DispatchSourceProtocol] = []
        var dispositions: [Int32: (@convention(c) (Int32) -> Void)?] = [:]
        var crashActions: CrashRestore.Previous = [:]
    }

    /// Signals the session turns into events or handles itself; Ctrl-Z and SIGTSTP suspend.
    static let endings: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    private init(input: Int32, output: Int32, mouse: Bool, saved: termios, raw: termios) {
        self.input = input
        self.output = output
        self.size = TerminalMode.size(output)
        self.enterSequence = TerminalMode.enter(mouse: mouse)
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        self.stream = stream
        self.state = Mutex(State(saved: saved, raw: raw, continuation: continuation))
    }

    /// Enters raw mode and the alternate screen on `input` and `output` (standard input and
    /// output unless a test gives a pty), with mouse-wheel reports when `mouse`.
    package static func start(input: Int32 = 0, output: Int32 = 1, mouse: Bool = true) throws(Failure) -> TerminalSession {
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        guard let saved = TerminalMode.settings(input) else { throw .settings(errno) }
        let raw = TerminalMode.raw(from: saved)
        guard TerminalMode.apply(raw, to: input) else { throw .settings(errno) }
        let session = TerminalSession(input: input, output: output, mouse: mouse, saved: saved, raw: raw)
        session.state.withLock { $0.crashActions = CrashRestore.arm(settings: saved, input: input, output: output) }
        TerminalMode.write(output, Array(session.enterSequence.utf8))
        session.listen()
        return session
    }

    /// What the terminal says, until `restore`. One consumer: a second call gets a finished stream.
    package func events() -> AsyncStream<TerminalEvent> {
        let first = state.withLock { state in
            defer { state.handedOut = true }
            return !state.handedOut
        }
        return first ? stream : AsyncStream { $0.finish() }
    }

    /// The terminal's size now (after a resize, `.resized` carries it too).
    package func currentSize() -> TerminalSize { TerminalMode.size(output) }

    /// Writes `text` to the terminal, whole; nothing once restored or while suspended.
    package func write(_ text: String) {
        guard state.withLock({ !$0.restored && !$0.suspended }) else { return }
        TerminalMode.write(output, Array(text.utf8))
    }

    deinit { restore() }

    /// Leaves the alternate screen, puts the terminal's settings and the signals' dispositions
    /// back as they were, and ends `events()`; safe to call twice, from any thread.
    package func restore() {
        let taken = state.withLock { state -> State? in
            guard !state.restored else { return nil }
            state.restored = true
            return state
        }
        guard let taken else { return }
        taken.sources.forEach { $0.cancel() }
        if !taken.suspended {
            TerminalMode.write(output, Array(TerminalMode.leave.utf8))
            TerminalMode.apply(taken.saved, to: input)
        }
        for (signal, disposition) in taken.dispositions { _ = Self.setDisposition(signal, disposition) }
        CrashRestore.disarm(taken.crashActions)
        taken.continuation.finish()
    }
}
