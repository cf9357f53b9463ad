import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private tmux server (its own socket, no configuration, no status line) running an
/// interactive bash in one window of a given size: full-screen programs are driven through it as a
/// person drives them, keys in and the screen out. Every tmux command runs as `SpawnedProcess`
/// runs a child, so that the shell and what it starts get no blocked signal (SIGTERM must reach
/// them). The server is killed when the value goes away.
final class Tmux: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The shell's working directory, where its commands leave files (`stty -a > before`).
    let directory: TemporaryDirectory
    private let tmux: String
    private let socket: String
    private let environment: [String: String]
    private var calls = 0
    private static let target = "e2e"

    /// Starts the server with a `width` x `height` window whose shell has exactly `environment`
    /// (and TERM=xterm-256color), and waits for its prompt. Without tmux on PATH it throws, saying
    /// how to install it: these tests fail rather than skip.
    init(width: Int = 80, height: Int = 24, environment: [String: String]) throws {
        guard let tmux = Self.installed() else {
            throw Failure(description: "tmux is not installed (not found on PATH): run scripts/setup, which installs it")
        }
        self.tmux = tmux
        self.directory = try TemporaryDirectory()
        self.socket = "meli-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.environment = environment.merging(["HISTFILE": "/dev/null"]) { $1 }
        _ = try command([
            "start-server", ";", "set-option", "-g", "status", "off", ";",
            "new-session", "-d", "-s", Self.target, "-x", "\(width)", "-y", "\(height)", "-c", directory.path,
            "-e", "TERM=xterm-256color", "bash --noprofile --norc -i",
        ])
        _ = try waitUntil("the shell's prompt") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    deinit {
        _ = try? command(["kill-server"])
    }

    /// Types `text` as it is (`send-keys -l`): all of it in one write to the terminal.
    func type(_ text: String) throws {
        _ = try command(["send-keys", "-t", Self.target, "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Up`, `Down`, `End`, `PageDown`, `C-c`, `C-z`, `q`.
    func press(_ keys: String...) throws {
        _ = try command(["send-keys", "-t", Self.target] + keys)
    }

    /// Types a command line at the shell's prompt and presses Enter.
    func run(_ commandLine: String) throws {
        try type(commandLine)
        try press("Enter")
    }

    /// What the window shows, one line a row; with `escapes`, the attributes and colours as SGR
    /// escapes; `joined`, a line the terminal wrapped as one.
    func capture(escapes: Bool = false, joined: Bool = false) throws -> String {
        try command(["capture-pane", "-p", "-t", Self.target] + (escapes ? ["-e"] : []) + (joined ? ["-J"] : []))
    }

    /// Captures every ~20 ms until `condition` holds, and returns that capture; after `timeout`
    /// seconds it throws, naming `what` was awaited and showing the last capture.
    func waitUntil(_ what: String, escapes: Bool = false, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        let found = Self.poll(timeout: timeout) {
            last = (try? capture(escapes: escapes)) ?? last
            return condition(last)
        }
        guard found else { throw Failure(description: "waited \(timeout) s for \(what); the screen shows:\n\(last)") }
        return last
    }

    /// Whether the program in the window shows the alternate screen (a full-screen program's).
    func alternateScreen() throws -> Bool {
        try command(["display-message", "-p", "-t", Self.target, "#{alternate_on}"]).hasPrefix("1")
    }

    /// Resizes the window, as a terminal emulator's window is resized: the program gets SIGWINCH.
    func resize(width: Int, height: Int) throws {
        _ = try command(["resize-window", "-t", Self.target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The process the shell runs in the foreground now (its only child), found with pgrep.
    func foregroundPID() throws -> pid_t {
        let shell = try command(["display-message", "-p", "-t", Self.target, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var child: pid_t?
        _ = Self.poll(timeout: 10) {
            let found = (try? Self.execute(["pgrep", "-P", shell], environment: environment, in: directory)) ?? ""
            child = found.split(separator: "\n").first.flatMap { pid_t($0) }
            return child != nil
        }
        guard let child else { throw Failure(description: "the shell (pid \(shell)) runs no command") }
        return child
    }

    /// Calls `condition` every ~20 ms until it holds (true) or `timeout` seconds pass (false).
    static func poll(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition() { return true }
            if Date() >= deadline { return false }
            usleep(20_000)
        }
    }

    /// Runs one tmux command on this server and returns what it printed.
    private func command(_ arguments: [String]) throws -> String {
        calls += 1
        return try Self.execute([tmux, "-u", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment, in: directory, tag: calls)
    }

    /// Runs `arguments` to its end; its standard output, or a failure with its standard error.
    private static func execute(_ arguments: [String], environment: [String: String], in directory: TemporaryDirectory, tag: Int = 0) throws -> String {
        let out = directory.path + "/.tmux-\(tag).out"
        let err = directory.path + "/.tmux-\(tag).err"
        defer { for file in [out, err] { unlink(file) } }
        let process = try SpawnedProcess(arguments, environment: environment, stdout: out, stderr: err)
        process.closeInput()
        let ending = process.wait()
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard ending == .exited(0) else {
            let said = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            throw Failure(description: "\(arguments.joined(separator: " ")): \(ending): \(said)")
        }
        return printed
    }

    /// tmux's path: on PATH, or where Homebrew puts it.
    private static func installed() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
