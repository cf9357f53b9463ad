#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the handler writes, and where, set before it is installed: a signal handler can read only
/// globals, and must not allocate or take a lock.
nonisolated(unsafe) private var interruptClear: UnsafeMutableBufferPointer<UInt8>? = nil
nonisolated(unsafe) private var interruptOutput: Int32 = -1

/// Clears a drawn progress line when Ctrl-C (or SIGTERM, SIGHUP) ends the process mid-download:
/// the line is not left on the screen (`…33 B / 1 kB 3% 25 B/s` was). Armed while a line is on
/// the screen, for the signals still at their default action (one ignored, as under `nohup`, is
/// left so); the handler writes the clearing bytes, then the signal does what it would have done
/// (`SA_RESETHAND`), so the shell still sees the process killed by it.
enum MeterInterrupt {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    #if canImport(Glibc) || canImport(Darwin)
    /// The actions `arm` replaced, by signal.
    typealias Previous = [Int32: sigaction]

    /// Installs the handler writing `clear` to `output`; returns the actions it replaced.
    static func arm(clear: String, output: Int32) -> Previous {
        if interruptClear == nil {
            let bytes = Array(clear.utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            interruptClear = buffer
        }
        interruptOutput = output
        var action = sigaction()
        let handler: @convention(c) (Int32) -> Void = { signal in
            if let clear = interruptClear, interruptOutput >= 0 {
                #if canImport(Glibc)
                _ = Glibc.write(interruptOutput, clear.baseAddress, clear.count)
                #else
                _ = Darwin.write(interruptOutput, clear.baseAddress, clear.count)
                #endif
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
            guard sigaction(signal, nil, &old) == 0, isDefault(old) else { continue }
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        return previous
    }

    /// Whether `action` is the default one (SIG_DFL is the null handler on Linux and macOS).
    private static func isDefault(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 0 && action.sa_flags & Int32(SA_SIGINFO) == 0
        #else
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 0 && action.sa_flags & SA_SIGINFO == 0
        #endif
    }

    /// Puts back the actions `arm` replaced.
    static func disarm(_ previous: Previous) {
        interruptOutput = -1
        for (signal, action) in previous {
            var action = action
            _ = sigaction(signal, &action, nil)
        }
    }
    #else
    /// Nothing: this platform's C library is not one meli installs handlers with.
    typealias Previous = [Int32: Int32]

    static func arm(clear: String, output: Int32) -> Previous { [:] }

    static func disarm(_ previous: Previous) {}
    #endif
}
