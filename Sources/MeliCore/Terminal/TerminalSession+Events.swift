#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// How a running session listens: input through a read source and a `KeyDecoder`, signals
/// through signal sources (the signals themselves ignored), Ctrl-Z and `fg` handled here.
extension TerminalSession {
    /// How long the decoder waits for the rest of a sequence before a lone ESC is the Escape key.
    static let escapeWait = DispatchTimeInterval.milliseconds(25)

    /// Starts the read source and the signal sources.
    func listen() {
        let reader = DispatchSource.makeReadSource(fileDescriptor: input, queue: queue)
        reader.setEventHandler { [weak self] in self?.readInput() }
        var sources: [any DispatchSourceProtocol] = [reader]
        var dispositions: [Int32: (@convention(c) (Int32) -> Void)?] = [:]
        for number in Self.endings + [SIGWINCH, SIGTSTP, SIGCONT] {
            dispositions[number] = Self.setDisposition(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.signalled(number) }
            sources.append(source)
        }
        state.withLock { state in
            state.sources = sources
            state.dispositions = dispositions
        }
        sources.forEach { $0.resume() }
    }

    /// Sets how the process takes `number`; returns how it took it before.
    @discardableResult
    static func setDisposition(
        _ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?
    ) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Glibc)
        Glibc.signal(number, handler)
        #elseif canImport(Musl)
        Musl.signal(number, handler)
        #else
        Darwin.signal(number, handler)
        #endif
    }

    /// One read: its keys, and a flush scheduled when it ends inside a sequence. End of input ends the session.
    private func readInput() {
        guard let bytes = TerminalMode.read(input) else { return }
        guard !bytes.isEmpty else {
            state.withLock { $0.sources.first?.cancel() }
            emit(.terminated(signal: 0))
            return
        }
        let (keys, waiting, read) = state.withLock { state in
            state.reads += 1
            return (state.decoder.feed(bytes), state.decoder.isWaiting, state.reads)
        }
        deliver(keys)
        guard waiting else { return }
        queue.asyncAfter(deadline: .now() + Self.escapeWait) { [weak self] in
            guard let self else { return }
            deliver(state.withLock { $0.reads == read ? $0.decoder.flush() : [] })
        }
    }

    /// Sends `keys` on; a Ctrl-Z among them suspends the process instead.
    private func deliver(_ keys: [KeyPress]) {
        var batch: [KeyPress] = []
        for key in keys {
            guard key == .control("z") else {
                batch.append(key)
                continue
            }
            if !batch.isEmpty { emit(.keys(batch)) }
            batch = []
            suspend()
        }
        if !batch.isEmpty { emit(.keys(batch)) }
    }

    /// A signal's source fired: a resize, a suspension, a continuation, or an ending.
    private func signalled(_ number: Int32) {
        switch number {
        case SIGWINCH: emit(.resized(currentSize()))
        case SIGTSTP: suspend()
        case SIGCONT: resume()
        default: emit(.terminated(signal: number))
        }
    }

    /// Ctrl-Z: the terminal as it was, then the process stopped as the shell expects; SIGCONT resumes.
    private func suspend() {
        let saved = state.withLock { state -> termios? in
            guard !state.restored, !state.suspended else { return nil }
            state.suspended = true
            return state.saved
        }
        guard let saved else { return }
        TerminalMode.write(output, Array(TerminalMode.leave.utf8))
        TerminalMode.apply(saved, to: input)
        kill(getpid(), SIGSTOP)
    }

    /// `fg` (or any SIGCONT): raw mode and the alternate screen again, and `.resumed` so the app draws in full.
    /// Continued in the background (`bg`, `kill -CONT`), the terminal is the shell's: the process
    /// stops again, as a job that reads its terminal would, until `fg` makes it the foreground.
    private func resume() {
        guard tcgetpgrp(input) == getpgrp() else {
            if state.withLock({ $0.suspended && !$0.restored }) { kill(getpid(), SIGSTOP) }
            return
        }
        guard let raw = state.withLock({ $0.restored ? nil : $0.raw }) else { return }
        TerminalMode.apply(raw, to: input)
        TerminalMode.write(output, Array(enterSequence.utf8))
        state.withLock { $0.suspended = false }
        emit(.resumed)
    }

    /// Hands `event` to the app, unless the session is over.
    private func emit(_ event: TerminalEvent) {
        state.withLock { state in
            if !state.restored { state.continuation.yield(event) }
        }
    }
}
