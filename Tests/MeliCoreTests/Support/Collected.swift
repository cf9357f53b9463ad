import Synchronization

/// Values collected from any thread.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    /// Adds `value`; returns how many there are now.
    @discardableResult
    func append(_ value: Value) -> Int { storage.withLock { $0.append(value); return $0.count } }

    var items: [Value] { storage.withLock { $0 } }
}
