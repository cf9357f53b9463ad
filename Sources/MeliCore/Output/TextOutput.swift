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
    private let sink: @Sendable (String) -> Void

    package init(isTerminal: Bool, width: Int? = nil, sink: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.width = width
        self.sink = sink
    }

    package func write(_ text: String) { sink(text) }

    /// Writes `text` and a newline.
    package func line(_ text: String = "") { sink(text + "\n") }

    /// The process's standard output (`fd` 1) or error (`fd` 2).
    package static func standard(_ fd: Int32) -> TextOutput {
        let terminal = isatty(fd) == 1
        return TextOutput(isTerminal: terminal, width: terminal ? SystemCall.windowSize(fd).flatMap { $0.columns > 0 ? $0.columns : nil } : nil) { text in
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { SystemCall.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
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
