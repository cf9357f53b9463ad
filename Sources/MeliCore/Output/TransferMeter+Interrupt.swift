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
    typealias Previous = OneShotSignal.Previous

    /// Installs the handler writing `clear` to `output`; returns the actions it replaced.
    static func arm(clear: String, output: Int32) -> Previous {
        if interruptClear == nil { interruptClear = OneShotSignal.bytes(clear) }
        interruptOutput = output
        return OneShotSignal.install({ signal in
            if let clear = interruptClear, interruptOutput >= 0 { OneShotSignal.write(clear, to: interruptOutput) }
            raise(signal)
        }, for: signals, overDefaultOnly: true)
    }

    /// Puts back the actions `arm` replaced.
    static func disarm(_ previous: Previous) {
        interruptOutput = -1
        OneShotSignal.restore(previous)
    }
    #else
    /// Nothing: this platform's C library is not one meli installs handlers with.
    typealias Previous = [Int32: Int32]

    static func arm(clear: String, output: Int32) -> Previous { [:] }

    static func disarm(_ previous: Previous) {}
    #endif
}
