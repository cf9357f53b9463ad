/// How a browse session ended: `q` (exit 0), or a signal that ends the process (exit 130).
enum BrowseEnding: Sendable, Hashable {
    case quit
    case terminated(signal: Int32)
}

/// The runtime of `browse`: one loop that takes the terminal's events and the answers to the
/// effects, hands each to the pure state machine (`Browse.update`), performs the effects it asks
/// for (`BrowseSession+Effects`), and draws the state (`BrowseView.frame` → `ScreenWriter.frame`
/// → `TerminalSession.write`, only what changed). The state machine never waits; this loop does.
struct BrowseSession {
    /// What the loop is given: events for the state machine (those of one read of the terminal
    /// are drawn once), a full redraw (back from Ctrl-Z), or the end (SIGTERM, SIGHUP).
    enum Input: Sendable {
        case events([BrowseEvent])
        case redraw
        case terminated(Int32)
    }

    /// The services with the log and the standard streams held in buffers while the screen is up.
    let app: App
    /// The client every request is sent with (copied per request to learn whether the cache answered).
    let client: APIClient
    let terminal: TerminalSession
    var state: BrowseState

    var writer = ScreenWriter()
    /// The requests in flight, by ticket (`.search`, `.loadItem`), so `.cancel` can stop them.
    var requests: [Int: Task<Void, Never>] = [:]
    /// The timers running (`.wait`), by timer: one asked for again starts over.
    var timers: [BrowseTimer: Task<Void, Never>] = [:]
    /// Everything else started (sites, saving the site, the browser): cancelled at the end.
    var others: [Task<Void, Never>] = []
    let inputs: AsyncStream<Input>
    let send: AsyncStream<Input>.Continuation

    init(app: App, client: APIClient, terminal: TerminalSession, state: BrowseState) {
        self.app = app
        self.client = client
        self.terminal = terminal
        self.state = state
        (inputs, send) = AsyncStream.makeStream(of: Input.self)
    }

    /// Runs until `q` or a signal; the terminal is restored by the caller.
    mutating func run() async -> BrowseEnding {
        let (terminal, send) = (terminal, send)
        let listener = Task {
            for await event in terminal.events() { send.yield(Self.input(event)) }
        }
        defer {
            listener.cancel()
            stopAll()
        }
        let (first, effects) = Browse.start(state)
        state = first
        // The first frame before any answer: the screen is up at once.
        draw()
        if perform(effects) == .quit { return .quit }
        for await input in inputs {
            switch input {
            case .terminated(let signal):
                return .terminated(signal: signal)
            case .redraw:
                // The window may have changed size while the process was stopped: no SIGWINCH
                // reaches a stopped process, so the size is read again.
                redrawAtCurrentSize()
            case .events(let events):
                for event in events {
                    if case .resized = event { writer.invalidate() }
                    if case .key(.control("l")) = event {
                        redrawAtCurrentSize()
                        continue
                    }
                    forget(event)
                    let (next, effects) = Browse.update(state, event)
                    state = next
                    if perform(effects) == .quit { return .quit }
                }
            }
            draw()
        }
        return .quit
    }

    /// What a terminal event is for the loop: keys one event each, a new size, a redraw, the end.
    static func input(_ event: TerminalEvent) -> Input {
        switch event {
        case .keys(let keys): .events(keys.map { .key($0) })
        case .resized(let size): .events([.resized(size)])
        case .resumed: .redraw
        case .terminated(let signal): .terminated(signal)
        }
    }

    /// Draws the state: only the rows that changed are written, nothing when none did.
    mutating func draw() {
        let frame = BrowseView.frame(state, style: app.style, language: app.language)
        let bytes = writer.frame(frame.lines.map(masked), cursor: frame.cursor)
        if !bytes.isEmpty { terminal.write(bytes) }
    }

    /// The next frame drawn in full, at the terminal's size now (after `fg`, or Ctrl-L).
    mutating func redrawAtCurrentSize() {
        writer.invalidate()
        let size = terminal.currentSize()
        if size != state.size { state = Browse.update(state, .resized(size)).0 }
    }

    /// `line` with every secret the run knows masked, as everything the commands print is: a
    /// server may echo the token in a title, a link or an error. Masked on the drawn line, after
    /// the view cleaned it (a token split by a zero-width space is whole again by then); a line
    /// the mask made narrower or wider is fitted to the width again.
    func masked(_ line: String) -> String {
        let redacted = app.redactor.redact(line)
        guard redacted != line else { return line }
        return DisplayWidth.fit(redacted, to: state.size.columns) + "\u{1B}[0m"
    }

    /// Drops the task an answer or a timer came from: it is done.
    mutating func forget(_ event: BrowseEvent) {
        switch event {
        case .searchLoaded(let ticket, _), .itemLoaded(let ticket, _): requests[ticket] = nil
        case .timer(let timer): timers[timer] = nil
        default: break
        }
    }

    /// Cancels everything still running: the session is over.
    mutating func stopAll() {
        for task in Array(requests.values) + Array(timers.values) + others { task.cancel() }
        (requests, timers, others) = ([:], [:], [])
        send.finish()
    }
}
