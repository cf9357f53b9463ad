#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program with this process's standard input, output and error, and waits for it.
package enum Subprocess {
    /// The program's exit status (128 + the signal when killed), or nil when it could not start.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> Int32? {
        guard let pid = start(executable, arguments, environment: environment) else { return nil }
        return wait(pid)
    }

    /// Starts a program whose standard input, output and error are the given descriptors (nil:
    /// this process's own); returns its process id, or nil when it could not start.
    package static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil
    ) -> pid_t? {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                #if canImport(Darwin)
                posix_spawn_file_actions_addinherit_np(&actions, target)
                #endif
            }
        }
        // On macOS the child gets 0, 1 and 2 only: never another thread's pipe or socket.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else { return nil }
        #else
        // Glibc's module does not offer posix_spawn_file_actions_addclosefrom_np: the descriptors
        // handed over here are opened close-on-exec (see `pipe`), so gzip gets them as 0, 1, 2 only.
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return nil }
        #endif
        return pid
    }

    /// Waits for a started program: its exit status, 128 + the signal when killed, nil on error.
    package static func wait(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return nil }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// A pipe whose two ends are not inherited by programs started later (each end is handed to a
    /// child through `start`, which duplicates it onto 0, 1 or 2): (read end, write end).
    package static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard systemPipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// The first of `names` that is an executable file, else `program` looked up in `PATH`.
    package static func locate(_ program: String, preferring names: [String], path: String?, fileSystem: FileSystem = .local) -> String? {
        let candidates = names + (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        return candidates.first { access($0, X_OK) == 0 && fileSystem.isFile($0) }
    }
}

private func systemPipe(_ ends: inout [Int32]) -> Int32 {
    pipe(&ends)
}
