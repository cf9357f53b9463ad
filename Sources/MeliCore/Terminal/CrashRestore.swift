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
    typealias Previous = [Int32: sigaction]

    /// Installs the handler for `settings` on `input` and `output`; returns the actions it replaced.
    static func arm(settings: termios, input: Int32, output: Int32) -> Previous {
        if crashLeave == nil {
            let bytes = Array(TerminalMode.leave.utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            crashLeave = buffer
        }
        crashSettings = settings
        crashInput = input
        crashOutput = output
        var action = sigaction()
        let handler: @convention(c) (Int32) -> Void = { signal in
            if let leave = crashLeave, crashOutput >= 0 {
                #if canImport(Glibc)
                _ = Glibc.write(crashOutput, leave.baseAddress, leave.count)
                #else
                _ = Darwin.write(crashOutput, leave.baseAddress, leave.count)
                #endif
                _ = tcsetattr(crashInput, TCSANOW, &crashSettings)
            }
            raise(signal)
        }
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
        #else
        action.__sigaction_u.__sa_handler = handler
        action.sa_flags = SA_RESETHAND
        #endif
        sigemptyset(&action.sa_mask)
        var previous: Previous = [:]
        for signal in signals {
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        return previous
    }

    /// Puts back the actions `arm` replaced; the handler then does nothing if it still runs.
    static func disarm(_ previous: Previous) {
        for (signal, action) in previous {
            var action = action
            _ = sigaction(signal, &action, nil)
        }
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
