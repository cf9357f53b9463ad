import Synchronization

/// A download's progress as one line on a terminal (standard error), redrawn in place:
/// `meli-qa_1.2.0_linux_x86_64.tar.gz  1.2 MB / 4.5 MB  27%  340 kB/s`. Nothing is drawn until
/// the transfer has taken `delay` (a second: a quick one leaves no trace), then at most every
/// quarter second; `finish` clears the line, and so does a Ctrl-C that ends the process while it is
/// drawn (`MeterInterrupt`). Never made for `TERM=dumb`, which cannot erase a line
/// (`App.transferMeter`). Told of bytes from the transport's thread.
package final class TransferMeter: Sendable {
    /// What has come so far, and when the line was last drawn.
    private struct State {
        var received = 0
        var total: Int?
        var lastDraw: Duration?
        var drawn = false
        /// The signal actions replaced while a line is drawn (`MeterInterrupt`).
        var armed: MeterInterrupt.Previous?
    }

    private let output: TextOutput
    private let label: String
    private let elapsed: @Sendable () -> Duration
    private let start: Duration
    private let delay: Duration
    private let state: Mutex<State>
    /// The descriptor `output` writes to, where a Ctrl-C clears the line; nil: none is armed.
    private let interruptOutput: Int32?

    /// A meter for `label` (the file's name) writing to `output` (a terminal), timed by `elapsed`;
    /// `total` is the size when known beforehand (a feed's `size`); `interruptOutput`, the
    /// descriptor behind `output`, is where the line is cleared if a signal ends the process.
    package init(
        output: TextOutput, label: String, total: Int?, elapsed: @escaping @Sendable () -> Duration, delay: Duration = .seconds(1),
        interruptOutput: Int32? = nil
    ) {
        self.output = output
        self.interruptOutput = interruptOutput
        self.label = label
        self.elapsed = elapsed
        self.delay = delay
        start = elapsed()
        state = Mutex(State(total: total))
    }

    /// The size the server announced (Content-Length), when none was known.
    package func expect(total: Int) {
        state.withLock { if $0.total == nil { $0.total = total } }
    }

    /// `count` more bytes arrived.
    package func advance(_ count: Int) {
        let now = elapsed()
        let line: String? = state.withLock { state in
            state.received += count
            guard now - start >= delay, state.lastDraw.map({ now - $0 >= .milliseconds(250) }) ?? true else { return nil }
            state.lastDraw = now
            if !state.drawn, let interruptOutput { state.armed = MeterInterrupt.arm(clear: Self.clear, output: interruptOutput) }
            state.drawn = true
            return Self.line(label: label, received: state.received, total: state.total, seconds: (now - start).inSeconds, width: output.width)
        }
        if let line { output.write("\r" + line + Self.clearRest) }
    }

    /// Clears the line, if one was drawn: the terminal is as it was before the download.
    package func finish() {
        let drawn = state.withLock { state in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { output.write(Self.clear) }
        if let armed = state.withLock({ state in defer { state.armed = nil }; return state.armed }) { MeterInterrupt.disarm(armed) }
    }

    /// Erases from the cursor to the end of the line.
    static let clearRest = "\u{1B}[K"
    /// Back to the start of the line, erased.
    static let clear = "\r" + clearRest

    /// The line's text, cut to `width - 1` columns so that it never wraps (a wrapped line cannot be redrawn).
    static func line(label: String, received: Int, total: Int?, seconds: Double, width: Int?) -> String {
        var figures = ByteCount.text(received)
        if let total, total > 0 {
            figures += " / \(ByteCount.text(total))  \(min(100, received * 100 / total))%"
        }
        if seconds > 0 { figures += "  \(ByteCount.text(Int(Double(received) / seconds)))/s" }
        let room = (width ?? 80) - 1 - figures.count - 2
        let name = room <= 0 ? "" : label.count <= room ? label : String(label.prefix(max(0, room - 1))) + "…"
        let text = name.isEmpty ? figures : name + "  " + figures
        return String(text.prefix(max(1, (width ?? 80) - 1)))
    }
}
