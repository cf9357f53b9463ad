#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Time as the program sees it, carried by `Context`: the date, a monotonic clock for durations
/// and deadlines, and waiting. `system` is the real one; tests build one whose waits return at once
/// and only move the clock on.
package struct TimeSource: Sendable {
    /// The date and time: log timestamps, token expiry, cache ages, feed dates.
    package var now: @Sendable () -> Date
    /// Time since an arbitrary start, never going back: durations, deadlines and budgets.
    package var elapsed: @Sendable () -> Duration
    /// Waits `duration`; throws `CancellationError` when the task is cancelled.
    package var sleep: @Sendable (Duration) async throws -> Void

    package init(
        now: @escaping @Sendable () -> Date, elapsed: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.now = now
        self.elapsed = elapsed
        self.sleep = sleep
    }

    /// The system's date, its continuous clock (from one start for the whole process, so deadlines
    /// made on one copy hold on another), and `Task.sleep`.
    package static let system: TimeSource = {
        let start = ContinuousClock.now
        return TimeSource(
            now: { Date() }, elapsed: { start.duration(to: .now) }, sleep: { try await Task.sleep(for: $0) })
    }()

    /// The deadline `seconds` from now on `elapsed`.
    func deadline(in seconds: Double) -> Duration { elapsed() + .seconds(seconds) }
}

extension Duration {
    /// The duration in seconds, as a fraction.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
