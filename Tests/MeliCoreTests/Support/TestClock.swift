import Foundation
import Synchronization
@testable import MeliCore

/// A clock whose waits return at once: each `sleep` is recorded and moves the clock on by its
/// duration instead of taking it. Only those waits move it, never real time: the date starts at
/// `start`, the monotonic clock at zero, so a budget or a deadline depends on the waits alone, not
/// on how busy the machine is (a real network timeout still takes its real time, but costs nothing).
final class TestClock: Sendable {
    private let start: Date
    private let waited = Mutex<(each: [Duration], total: Duration)>(([], .zero))

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.start = start
    }

    /// Every wait asked for, in order.
    var sleeps: [Duration] { waited.withLock { $0.each } }

    /// The sum of the waits.
    var slept: Duration { waited.withLock { $0.total } }

    /// The clock to hand to the code under test.
    var source: TimeSource {
        TimeSource(
            now: { [self] in start.addingTimeInterval(slept.inSeconds) },
            elapsed: { [self] in slept },
            sleep: { [self] duration in
                try Task.checkCancellation()
                waited.withLock { waited in
                    waited.each.append(duration)
                    waited.total += duration
                }
                await Task.yield()
            })
    }
}
