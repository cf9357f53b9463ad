#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import MeliCore

/// A session on a real pseudo-terminal: raw mode on, the alternate screen entered and left,
/// the settings put back exactly, keys typed arriving as events, and no session without a
/// terminal. Signals (Ctrl-Z and `fg`, SIGTERM, a resize) are tried end to end under tmux.
@Suite("Terminal session", .serialized)
struct TerminalSessionTests {
    /// A pseudo-terminal pair: the test types into and reads from `main`; the session runs on `side`.
    final class PseudoTerminal {
        let main: Int32
        let side: Int32

        init() throws {
            #if canImport(Darwin)
            main = posix_openpt(O_RDWR | O_NOCTTY)
            try #require(main >= 0)
            try #require(grantpt(main) == 0 && unlockpt(main) == 0)
            let name = String(cString: try #require(ptsname(main)))
            #else
            // Glibc's module leaves posix_openpt out: /dev/ptmx, unlocked and numbered by ioctl
            // (TIOCSPTLCK and TIOCGPTN, function-like macros Swift does not import).
            main = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            try #require(main >= 0)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            try #require(ioctl(main, 0x4004_5431, &unlock) == 0)
            try #require(ioctl(main, 0x8004_5430, &number) == 0)
            let name = "/dev/pts/\(number)"
            #endif
            side = open(name, O_RDWR | O_NOCTTY)
            try #require(side >= 0)
            _ = fcntl(main, F_SETFL, fcntl(main, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(side)
            close(main)
        }

        /// Types `text` as if at the keyboard.
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
        }

        /// What the session wrote to the terminal so far.
        func screen() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(main, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += buffer.prefix(count)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The settings' flag fields, to compare before and after.
    static func flags(_ fd: Int32) throws -> [UInt64] {
        let settings = try #require(TerminalMode.settings(fd))
        return [UInt64(settings.c_iflag), UInt64(settings.c_oflag), UInt64(settings.c_cflag), UInt64(settings.c_lflag)]
    }

    /// Events from `stream` until `done` says enough, or what came within two seconds.
    static func collect(
        _ stream: AsyncStream<TerminalEvent>, until done: @escaping @Sendable ([TerminalEvent]) -> Bool
    ) async -> [TerminalEvent] {
        await withTaskGroup(of: [TerminalEvent]?.self) { group in
            group.addTask {
                var events: [TerminalEvent] = []
                for await event in stream {
                    events.append(event)
                    if done(events) { break }
                }
                return events
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 2_000_000_000)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    @Test("Start sets raw mode and enters the alternate screen; restore puts everything back")
    func rawAndRestore() throws {
        let terminal = try PseudoTerminal()
        let before = try Self.flags(terminal.side)
        let session = try TerminalSession.start(input: terminal.side, output: terminal.side)
        let raw = try #require(TerminalMode.settings(terminal.side))
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(IXON | ICRNL) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        var characters = raw.c_cc
        withUnsafeBytes(of: &characters) { #expect($0[Int(VMIN)] == 1 && $0[Int(VTIME)] == 0) }
        let entered = terminal.screen()
        #expect(entered.contains("\u{1B}[?1049h"))
        #expect(entered.contains("\u{1B}[?25l"))
        #expect(entered.contains("\u{1B}[?7l"))
        #expect(entered.contains("\u{1B}[?1000h\u{1B}[?1006h"))
        session.write("hola")
        #expect(terminal.screen() == "hola")
        session.restore()
        session.restore()
        #expect(try Self.flags(terminal.side) == before)
        let left = terminal.screen()
        #expect(left == TerminalMode.leave)
        #expect(left.contains("\u{1B}[?1049l") && left.contains("\u{1B}[?25h") && left.contains("\u{1B}[?7h"))
        session.write("after")
        #expect(terminal.screen() == "")
    }

    @Test("Without the mouse no wheel reports are asked for")
    func noMouse() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.side, output: terminal.side, mouse: false)
        #expect(!terminal.screen().contains("\u{1B}[?1000h"))
        session.restore()
    }

    @Test("The size comes from the terminal")
    func size() throws {
        let terminal = try PseudoTerminal()
        var size = winsize()
        size.ws_col = 100
        size.ws_row = 30
        _ = ioctl(terminal.side, UInt(TIOCSWINSZ), &size)
        let session = try TerminalSession.start(input: terminal.side, output: terminal.side)
        defer { session.restore() }
        #expect(session.size == TerminalSize(columns: 100, rows: 30))
        size.ws_col = 40
        size.ws_row = 12
        _ = ioctl(terminal.side, UInt(TIOCSWINSZ), &size)
        #expect(session.currentSize() == TerminalSize(columns: 40, rows: 12))
    }

    @Test("Keys typed arrive as events; a lone ESC becomes Escape after a moment")
    func keys() async throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.side, output: terminal.side)
        defer { session.restore() }
        let stream = session.events()
        terminal.type("a\u{1B}[A日\r")
        let typed = await Self.collect(stream) { $0.flatMap(\.keys).count >= 4 }
        #expect(typed.flatMap(\.keys) == [.character("a"), .up, .character("日"), .enter])
        terminal.type("\u{1B}")
        let escaped = await Self.collect(stream) { !$0.flatMap(\.keys).isEmpty }
        #expect(escaped.flatMap(\.keys) == [.escape])
    }

    @Test("Restore ends the events; a second call to events gets an ended stream")
    func ending() async throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.side, output: terminal.side)
        let stream = session.events()
        var second = session.events().makeAsyncIterator()
        #expect(await second.next() == nil)
        session.restore()
        let events = await Self.collect(stream) { _ in false }
        #expect(events.isEmpty)
    }

    @Test("Not a terminal: no session")
    func notATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(throws: TerminalSession.Failure.notATerminal) {
            try TerminalSession.start(input: ends[0], output: ends[1])
        }
        let terminal = try PseudoTerminal()
        #expect(throws: TerminalSession.Failure.notATerminal) {
            try TerminalSession.start(input: terminal.side, output: ends[1])
        }
    }
}

extension TerminalEvent {
    /// The keys an event carries, none for other events.
    var keys: [KeyPress] {
        if case .keys(let keys) = self { keys } else { [] }
    }
}
