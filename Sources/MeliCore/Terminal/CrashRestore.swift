#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the crash handler needs, set before it is installed: a signal handler can read only
/// globals, and must not allocate or take a lock.
nonisolated(unsafe) private var crashSettings = termios()
nonisolated(unsafe) private var crashInput: Int32 = -1
nonisolated(unsafe) private var crashOutput: Int32 = -1
nonisolated(unsafe) private var crashLeave: UnsafeMutableBufferPointer<UInt8>? = nil

/// On a crash (a Swift trap, a bad memory access, an abort) while a session runs, leaves the
/// alternate screen and puts the terminal's settings back, then lets the signal do what it
/// would have done (a core dump, the shell's "Illegal instruction").
enum CrashRestore {
    /// The signals a crash or a trap raises, and the others whose default ends the process and
    /// that the session does not turn into events (SIGQUIT from Ctrl-\ elsewhere or `kill -QUIT`,
    /// SIGUSR1/2, SIGALRM, the resource limits). Not SIGPIPE: libcurl may meet one on a socket
    /// and must survive it as it would without a session.
    static let signals: [Int32] = [
        SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM,
    ]

    #if canImport(Glibc) || canImport(Darwin)
    /// The actions `arm` replaced, by signal.
    typealias Previous = OneShotSignal.Previous

    /// Installs the handler for `settings` on `input` and `output`; returns the actions it replaced.
    static func arm(settings: termios, input: Int32, output: Int32) -> Previous {
        if crashLeave == nil { crashLeave = OneShotSignal.bytes(TerminalMode.leave) }
        crashSettings = settings
        crashInput = input
        crashOutput = output
        return OneShotSignal.install({ signal in
            if let leave = crashLeave, crashOutput >= 0 {
                OneShotSignal.write(leave, to: crashOutput)
                _ = tcsetattr(crashInput, TCSANOW, &crashSettings)
            }
            raise(signal)
        }, for: signals)
    }

    /// Puts back the actions `arm` replaced; the handler then does nothing if it still runs.
    static func disarm(_ previous: Previous) {
        OneShotSignal.restore(previous)
        crashOutput = -1
    }
    #else
    /// Nothing: this platform's C library is not one meli installs a crash handler with.
    typealias Previous = [Int32: Int32]

    /// Installs nothing here.
    static func arm(settings: termios, input: Int32, output: Int32) -> Previous { [:] }

    /// Nothing to put back.
    static func disarm(_ previous: Previous) {}
    #endif
}
