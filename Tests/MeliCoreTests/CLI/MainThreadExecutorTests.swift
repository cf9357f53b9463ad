import Dispatch
import Synchronization
import Testing
@testable import MeliCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The main thread's executor")
struct MainThreadExecutorTests {
    /// The calling thread, as a number (pthread_t is one on Linux, a pointer on macOS).
    static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// What the binaries' task does: its own code, a child of `async let`, a child of a task
    /// group, and code after a continuation that another thread resumed (as `CurlTransport`'s
    /// transfer thread does) all run on the thread that runs the loop.
    @Test func theTaskItsChildrenAndItsResumptionsRunOnTheLoopThread() {
        let executor = MainThreadExecutor()
        let loop = Self.currentThread()
        let places = Mutex<[String: UInt]>([:])
        let finished = Atomic(false)
        Task(executorPreference: executor) {
            places.withLock { $0["task"] = Self.currentThread() }
            async let child: UInt = Self.currentThread()
            let fromChild = await child
            let fromGroup = await withTaskGroup(of: UInt.self) { group in
                group.addTask { Self.currentThread() }
                return await group.next() ?? 0
            }
            let resumer = Mutex<UInt>(0)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "meli.tests.resumer").async {
                    resumer.withLock { $0 = Self.currentThread() }
                    continuation.resume()
                }
            }
            places.withLock {
                $0["async let"] = fromChild
                $0["task group"] = fromGroup
                $0["after resume"] = Self.currentThread()
                $0["resumer"] = resumer.withLock { $0 }
            }
            finished.store(true, ordering: .releasing)
        }
        executor.run(until: { finished.load(ordering: .acquiring) })
        let seen = places.withLock { $0 }
        for place in ["task", "async let", "task group", "after resume"] {
            #expect(seen[place] == loop, "\(place) ran on another thread")
        }
        // The continuation was resumed elsewhere: the test would prove nothing otherwise.
        #expect(seen["resumer"] != nil && seen["resumer"] != loop)
    }

    /// Jobs enqueued while a batch runs are run in the next one, in the order they came.
    @Test func jobsRunInTheOrderTheyCame() {
        final class Record: Sendable {
            let order = Mutex<[Int]>([])
            let count = Atomic(0)
        }
        let executor = MainThreadExecutor()
        let record = Record()
        for number in 0..<20 {
            Task(executorPreference: executor) {
                record.order.withLock { $0.append(number) }
                record.count.add(1, ordering: .releasing)
            }
        }
        executor.run(until: { record.count.load(ordering: .acquiring) == 20 })
        #expect(record.order.withLock { $0 } == Array(0..<20))
    }
}
