import Synchronization

/// True the first time it is asked, from any thread.
final class Once: Sendable {
    private let done = Mutex(false)

    func first() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
