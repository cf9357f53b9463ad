#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A place text goes (standard output or error, or a buffer in tests), and what it is.
package struct TextOutput: Sendable {
    package var isTerminal: Bool
    /// Terminal width in columns, when it is a terminal.
    package var width: Int?
    /// Where a descriptor's first failed write is kept (nil: this output cannot fail, a buffer).
    package let failure: WriteFailure?
    private let sink: @Sendable (String) -> Void

    package init(isTerminal: Bool, width: Int? = nil, failure: WriteFailure? = nil, sink: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.width = width
        self.failure = failure
        self.sink = sink
    }

    package func write(_ text: String) { sink(text) }

    /// Writes `text` and a newline.
    package func line(_ text: String = "") { sink(text + "\n") }

    /// The process's standard output (`fd` 1) or error (`fd` 2). A write that fails is noted in
    /// `failure` (the rest of that text is lost; `Runner` says so and exits 1).
    package static func standard(_ fd: Int32) -> TextOutput {
        let terminal = isatty(fd) == 1
        let failure = WriteFailure()
        let width = terminal ? SystemCall.windowSize(fd).flatMap { $0.columns > 0 ? $0.columns : nil } : nil
        return TextOutput(isTerminal: terminal, width: width, failure: failure) { text in
            if !SystemCall.writeAll(fd, text) { failure.note(errno) }
        }
    }
}

/// The first write to a descriptor that failed: a full disk (ENOSPC), a descriptor closed or
/// opened read-only (EBADF), an I/O error. Not EPIPE: a reader that left (`| head`) is no
/// failure of the writer's, as for `cat` (and SIGPIPE usually ends the process first).
package final class WriteFailure: Sendable {
    private let code = Mutex<Int32?>(nil)

    package init() {}

    /// Keeps `errno` when it is the first failure and not EPIPE.
    package func note(_ errno: Int32) {
        guard errno != EPIPE else { return }
        code.withLock { if $0 == nil { $0 = errno } }
    }

    /// The first failure's errno, nil when every write went through.
    package var first: Int32? { code.withLock { $0 } }
}

/// Collects what is written, for tests and for capturing output before deciding where it goes.
package final class OutputBuffer: Sendable {
    private let storage = Mutex("")

    package init() {}

    package var text: String { storage.withLock { $0 } }

    package func output(isTerminal: Bool = false, width: Int? = nil) -> TextOutput {
        TextOutput(isTerminal: isTerminal, width: width) { text in self.storage.withLock { $0 += text } }
    }
}
