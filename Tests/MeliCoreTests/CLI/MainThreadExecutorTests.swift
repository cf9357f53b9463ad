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

    /// Idle work (as `CurlTransport`'s transfers) waits in place of the loop's own sleep: a job
    /// enqueued from another thread interrupts that wait and runs on the loop thread; one
    /// enqueued by the loop's own jobs does not interrupt (nothing is waiting then); once the
    /// work detaches, the loop sleeps on its own condition again and still runs what comes; other
    /// work is refused while one is attached; the work is told before the loop runs jobs.
    @Test func idleWorkIsInterruptedByJobsFromOtherThreads() {
        /// Waits up to 20 s per turn on a semaphore that only `interrupt` signals, noting how each turn ended.
        final class Work: IdleWork {
            let signal = DispatchSemaphore(value: 0)
            let turns = Mutex<[String]>([])
            let interrupts = Atomic(0)
            let thread = Mutex<UInt>(0)
            func runWhileIdle(atMost milliseconds: Int?) {
                thread.withLock { $0 = MainThreadExecutorTests.currentThread() }
                let ended = signal.wait(timeout: .now() + .seconds(20)) == .success ? "interrupted" : "timed out"
                turns.withLock { $0.append(ended) }
            }
            func interrupt() {
                interrupts.add(1, ordering: .relaxed)
                signal.signal()
            }
            let warnings = Atomic(0)
            func willRunJobs() { warnings.add(1, ordering: .relaxed) }
        }
        let executor = MainThreadExecutor()
        let work = Work()
        let loop = Self.currentThread()
        let ranOn = Mutex<[UInt]>([])
        let finished = Atomic(false)
        let interruptsBeforeOwnJobs = Mutex(-1)
        Task(executorPreference: executor) {
            #expect(executor.attach(work))
            // One wait at a time: other work is refused while this one is attached.
            #expect(!executor.attach(Work()))
            // Resumed from another thread while the loop waits in the work.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "meli.tests.resumer").asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
            }
            ranOn.withLock { $0.append(Self.currentThread()) }
            interruptsBeforeOwnJobs.withLock { $0 = work.interrupts.load(ordering: .relaxed) }
            // Jobs enqueued from the loop thread itself.
            async let child: UInt = Self.currentThread()
            let fromChild = await child
            ranOn.withLock { $0.append(fromChild) }
            #expect(work.interrupts.load(ordering: .relaxed) == interruptsBeforeOwnJobs.withLock { $0 })
            executor.detach(work)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "meli.tests.resumer").asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
            }
            ranOn.withLock { $0.append(Self.currentThread()) }
            finished.store(true, ordering: .releasing)
        }
        executor.run(until: { finished.load(ordering: .acquiring) })
        #expect(work.turns.withLock { $0 }.first == "interrupted")
        #expect(!work.turns.withLock { $0 }.contains("timed out"))
        #expect(work.thread.withLock { $0 } == loop)
        #expect(interruptsBeforeOwnJobs.withLock { $0 } >= 1)
        // Told before the jobs it let run: the resumed task's, its child's.
        #expect(work.warnings.load(ordering: .relaxed) >= 2)
        #expect(ranOn.withLock { $0 } == [loop, loop, loop])
    }
}
