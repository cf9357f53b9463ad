#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw-mode settings, escape sequences and system calls a `TerminalSession` is made of,
/// kept apart so the session reads as what happens when.
enum TerminalMode {
    /// Alternate screen, cursor hidden, auto-wrap off, bracketed paste on, and mouse-wheel reports (SGR).
    static func enter(mouse: Bool) -> String {
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "")
    }

    /// Everything `enter` turned on, turned off again; the main screen comes back as it was.
    static let leave = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?7h\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// `settings` with line editing, echo, signal keys, flow control and output processing off;
    /// a read returns as soon as one byte is there.
    static func raw(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }

    /// The terminal's settings, or nil with `errno` set.
    static func settings(_ fd: Int32) -> termios? {
        var settings = termios()
        return tcgetattr(fd, &settings) == 0 ? settings : nil
    }

    /// Applies `settings` once output written so far has drained; false with `errno` set.
    @discardableResult
    static func apply(_ settings: termios, to fd: Int32) -> Bool {
        var settings = settings
        while tcsetattr(fd, TCSADRAIN, &settings) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// The terminal's size from TIOCGWINSZ, or 80x24 when it does not say.
    static func size(_ fd: Int32) -> TerminalSize {
        guard let size = SystemCall.windowSize(fd), size.columns > 0, size.rows > 0 else { return TerminalSize(columns: 80, rows: 24) }
        return TerminalSize(columns: size.columns, rows: size.rows)
    }

    /// Writes `bytes` whole to `fd`, retrying when a signal interrupts; gives up on another error.
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                SystemCall.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads what is there from `fd` (at most 4 KiB): the bytes, [] for end of input, nil to try again.
    static func read(_ fd: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress!, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? nil : [] }
        return Array(buffer.prefix(count))
    }
}
