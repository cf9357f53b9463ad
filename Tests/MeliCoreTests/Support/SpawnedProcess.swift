import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started as a shell starts one: no signal blocked, SIGINT, SIGTERM, SIGPIPE and
/// SIGHUP at their default actions. Foundation's `Process` passes on the signal mask of the thread
/// that starts it, and test threads block SIGINT and SIGTERM: a child started so ignores Ctrl-C and
/// `terminate()` (seen: an nghttpd that outlived its test). Output goes to files, so that a child
/// that lives on can never hold a pipe another test reads to its end.
final class SpawnedProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How a child ended.
    enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// Its standard input's other end, open until `closeInput()`: a child reading it sees the end then.
    private var input: Int32
    private var ending: Ending?
    private let lock = NSLock()

    /// Runs `arguments` (the first looked up on PATH) with exactly `environment`; `stdout` nil:
    /// started with its standard output closed, as `>&-` does.
    init(_ arguments: [String], environment: [String: String], stdout: String?, stderr: String) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        input = pipeEnds[1]

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
            close(pipeEnds[0])
        }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } else {
            posix_spawn_file_actions_addclose(&actions, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw Failure(description: "posix_spawn \(arguments.first ?? ""): error \(spawned)")
        }
        pid = child
    }

    deinit {
        if isRunning { kill(pid, SIGKILL) }
        _ = wait()
        closeInput()
    }

    func signal(_ signal: Int32) { kill(pid, signal) }

    func closeInput() {
        lock.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// Whether it has not ended yet (reaping it when it has).
    var isRunning: Bool {
        lock.withLock {
            if ending != nil { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            ending = Self.decode(status)
            return false
        }
    }

    /// Waits for it to end.
    @discardableResult
    func wait() -> Ending {
        if let ending = lock.withLock({ ending }) { return ending }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let ended = Self.decode(status)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        lock.withLock {
            ending = ended
            cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        return ended
    }

    /// The processor time (user and system) it used, once `wait()` has returned; nil before.
    var cpuSeconds: Double? { lock.withLock { cpu } }
    private var cpu: Double?

    private static func decode(_ status: Int32) -> Ending {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }
}
