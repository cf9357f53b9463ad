/// A full-screen session on the process's terminal: raw mode, the alternate screen, signals
/// turned into events, and the terminal restored on every way out. SKELETON until the terminal
/// part lands.
package final class TerminalSession: Sendable {
    /// Why a session cannot start.
    package enum Failure: Error, Sendable, Hashable {
        /// Standard input or output is not a terminal.
        case notATerminal
        /// The terminal's settings could not be read or changed (`errno`).
        case settings(Int32)
    }

    package let size: TerminalSize

    private init(size: TerminalSize) { self.size = size }

    /// Enters raw mode and the alternate screen on standard input and output.
    package static func start(mouse: Bool = true) throws(Failure) -> TerminalSession {
        throw .notATerminal
    }

    /// What the terminal says, until `restore`.
    package func events() -> AsyncStream<TerminalEvent> { AsyncStream { $0.finish() } }

    /// Writes `text` to the terminal, whole.
    package func write(_ text: String) {}

    /// Leaves the alternate screen and puts the terminal's settings back as they were; safe to call twice.
    package func restore() {}
}
