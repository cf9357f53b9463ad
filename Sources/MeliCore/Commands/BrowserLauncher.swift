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
    /// The programs and arguments that may open `url`, in the order to try them: each choice of
    /// `$BROWSER` (split on `:`, each split into words as a shell would, without running one; `%s`
    /// stands for the address, else it comes last), those found only; when `$BROWSER` names none
    /// that is found, `xdg-open` (Linux) or `open` (macOS) on `PATH`. Empty when `url` is not an
    /// http(s) address. Python's webbrowser splits and substitutes the same way.
    static func commands(for url: String, environment: [String: String], fileSystem: FileSystem) -> [(String, [String])] {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return [] }
        let path = environment["PATH"]
        var found: [(String, [String])] = []
        for choice in (environment["BROWSER"] ?? "").split(separator: ":") {
            guard let words = ShellWords.split(String(choice)), let program = words.first,
                  let located = locate(program, path: path, fileSystem: fileSystem) else { continue }
            let arguments = Array(words.dropFirst())
            let withURL = arguments.contains { $0.contains(text: "%s") }
                ? arguments.map { $0.replacing(text: "%s", with: url) } : arguments + [url]
            found.append((located, withURL))
        }
        #if canImport(Darwin)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        if found.isEmpty, let located = locate(opener, path: path, fileSystem: fileSystem) { found.append((located, [url])) }
        return found
    }

    /// Tries each of `commands(for:)` in turn until one starts and does not fail within `patience`
    /// tenths of a second (one still running then, a browser that stays open, counts as opened and
    /// is collected when it ends). Whether one opened `url`.
    static func launch(_ url: String, environment: [String: String], fileSystem: FileSystem, patience: Int) async -> Bool {
        for (program, arguments) in commands(for: url, environment: environment, fileSystem: fileSystem) {
            guard let pid = start(program, arguments, environment: environment) else { continue }
            switch await reap(pid, patience: patience) {
            case true?: return true
            case nil:
                Task { _ = await reap(pid) }
                return true
            case false?: continue
            }
        }
        return false
    }

    /// Starts `program`, its standard input, output and error /dev/null; its process id, or nil.
    static func start(_ program: String, _ arguments: [String], environment: [String: String]) -> pid_t? {
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
