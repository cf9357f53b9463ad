import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a built binary with its standard output and error on a new pseudo-terminal (standard
/// input an empty pipe), as a shell in a terminal runs it: `isatty` holds for 1 and 2, and every
/// signal is at its default action (SIGPIPE too). What the terminal received is read as it comes,
/// so a chatty child never blocks.
enum PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the terminal showed (CR LF turned back into LF) and how the process ended.
    struct Run: Sendable {
        var ending: SpawnedProcess.Ending
        var screen: String
    }

    /// Runs `binary` (a name in the build products folder, or a path) with exactly `environment`,
    /// on a terminal of `width` columns; with `interruptOn`, sends it SIGINT (as Ctrl-C does) once
    /// the terminal has received that text.
    static func run(_ binary: String, _ arguments: [String], environment: [String: String], width: Int = 100, interruptOn: String? = nil) throws -> Run {
        #if canImport(Darwin)
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        let slavePath = String(cString: name)
        #else
        // Glibc's module leaves posix_openpt out: /dev/ptmx, unlocked and numbered by ioctl
        // (TIOCSPTLCK and TIOCGPTN, as TerminalSessionTests does).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        let slavePath = "/dev/pts/\(number)"
        #endif
        defer { close(master) }
        var size = winsize(ws_row: 40, ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        // Held open here until the child ends, so that reading sees the end only then (EIO).
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "\(slavePath): errno \(errno)") }
        let reader = ScreenReader(master)
        let executable = binary.hasPrefix("/") ? binary : try BinaryRunner.path(of: binary)
        let process = try SpawnedProcess([executable] + arguments, environment: environment, stdout: slavePath, stderr: slavePath)
        process.closeInput()
        if let interruptOn {
            let needle = Array(interruptOn.utf8)
            while process.isRunning {
                if reader.received.firstRange(of: needle) != nil {
                    process.signal(SIGINT)
                    break
                }
                usleep(10_000)
            }
        }
        let ending = process.wait()
        close(slave)
        let bytes = reader.wait()
        return Run(ending: ending, screen: String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }
}

/// Reads a pseudo-terminal's master side on its own thread until the terminal is closed.
private final class ScreenReader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    /// What has been received so far.
    var received: [UInt8] { lock.withLock { bytes } }

    init(_ master: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { bytes += buffer[0..<count] }
            }
            done.signal()
        }
    }

    func wait() -> [UInt8] {
        done.wait()
        return received
    }
}
