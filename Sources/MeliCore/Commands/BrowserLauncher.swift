#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a web address in the user's browser for `browse` (`o` on the item screen), without
/// letting the browser write over the screen: its standard input, output and error are /dev/null.
enum BrowserLauncher {
    /// The program and its arguments that open `url`: `$BROWSER` (its first choice, `%s` standing
    /// for the address, else the address last), else `xdg-open` (Linux) or `open` (macOS) on
    /// `PATH`; nil when there is none, or when `url` is not an http(s) address.
    static func command(for url: String, environment: [String: String], fileSystem: FileSystem) -> (String, [String])? {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        let path = environment["PATH"]
        if let choice = environment["BROWSER"]?.split(separator: ":").first {
            let words = choice.split(separator: " ").map(String.init)
            if let program = words.first, let found = locate(program, path: path, fileSystem: fileSystem) {
                let arguments = Array(words.dropFirst())
                let withURL = arguments.contains { $0.contains(text: "%s") }
                    ? arguments.map { $0.replacing(text: "%s", with: url) } : arguments + [url]
                return (found, withURL)
            }
        }
        #if canImport(Darwin)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        return locate(opener, path: path, fileSystem: fileSystem).map { ($0, [url]) }
    }

    /// Starts the browser on `url`; its process id, or nil when there is none or it could not start.
    static func start(_ url: String, environment: [String: String], fileSystem: FileSystem) -> pid_t? {
        guard let (program, arguments) = command(for: url, environment: environment, fileSystem: fileSystem) else { return nil }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { return nil }
        defer { close(null) }
        return Subprocess.start(program, arguments, environment: environment, stdin: null, stdout: null, stderr: null)
    }

    /// Waits for the browser's launcher to end, without holding a thread: it is looked at every
    /// tenth of a second, until it ends, `patience` tenths have passed, or the task is cancelled.
    /// Whether it ended well (exit 0), or nil while it still runs (a browser that stays open).
    static func reap(_ pid: pid_t, patience: Int = .max) async -> Bool? {
        var status: Int32 = 0
        var looks = 0
        while !Task.isCancelled, looks < patience {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status == 0 }
            if done < 0, errno != EINTR { return nil }
            looks += 1
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Collects an ended launcher at once, if it has ended.
    @discardableResult
    static func reapNow(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// `program` itself when it is a path, else where it is on `PATH`.
    private static func locate(_ program: String, path: String?, fileSystem: FileSystem) -> String? {
        if program.contains("/") { return Subprocess.locate(program, preferring: [program], path: "", fileSystem: fileSystem) }
        return Subprocess.locate(program, preferring: [], path: path, fileSystem: fileSystem)
    }
}
