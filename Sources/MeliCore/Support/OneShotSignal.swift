#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal handler installed for one delivery (`SA_RESETHAND`): it does its last bit of cleanup
/// (restoring the terminal, clearing a progress line), then raises the signal again, which now
/// does what it would have done, so the shell still sees the process ended by it. The one
/// installation shared by `CrashRestore` and `MeterInterrupt`. A handler reads only globals set
/// before it is installed, and must not allocate or take a lock.
enum OneShotSignal {
    #if canImport(Glibc) || canImport(Darwin)
    /// The actions `install` replaced, by signal.
    typealias Previous = [Int32: sigaction]

    /// Installs `handler` for `signals` (with `overDefaultOnly`, only those still at their
    /// default action: one ignored, as under `nohup`, is left so); returns what it replaced.
    static func install(_ handler: @convention(c) (Int32) -> Void, for signals: [Int32], overDefaultOnly: Bool = false) -> Previous {
        var action = sigaction()
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
            if overDefaultOnly, sigaction(signal, nil, &old) != 0 || !isDefault(old) { continue }
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        return previous
    }

    /// Puts back the actions `install` replaced.
    static func restore(_ previous: Previous) {
        for (signal, action) in previous {
            var action = action
            _ = sigaction(signal, &action, nil)
        }
    }

    /// Whether `action` is the default one (SIG_DFL is the null handler on Linux and macOS).
    private static func isDefault(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 0 && action.sa_flags & Int32(SA_SIGINFO) == 0
        #else
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 0 && action.sa_flags & SA_SIGINFO == 0
        #endif
    }

    /// `text`'s bytes in memory that is never freed, for a handler to write.
    static func bytes(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }

    /// Writes `buffer` to `descriptor` from a handler (write(2) is async-signal-safe).
    static func write(_ buffer: UnsafeMutableBufferPointer<UInt8>, to descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        _ = Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }
    #endif
}
