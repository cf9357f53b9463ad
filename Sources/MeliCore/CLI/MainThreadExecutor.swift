#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command's task on the thread that calls `run`: the process's main thread
/// (`Runner.start`), where a C program would do its work.
///
/// Why not `async` top-level code: that parks the main thread in `dispatch_main` and runs the
/// task on libdispatch's worker threads, so every run started three threads (two workers and the
/// event thread libdispatch starts with them) and handed its work over twice before doing any,
/// and the main thread ended through `pthread_exit`, which loads libgcc_s.so.1 to unwind.
/// Measured with the release build: `--version` 2.25 -> 1.62 ms, a cached search 3.30 -> 2.81 ms,
/// an uncached one 10.47 -> 10.01 ms; `--version` now starts no thread at all.
///
/// What runs here: the task given this executor as its preference (`Task(executorPreference:)`)
/// and the child tasks it makes (`async let`, task groups), which inherit it, one job at a time
/// in the order they were enqueued. Unstructured tasks (`Task {}`) inside it, and queues such as
/// the transfer thread of `CurlTransport`, still run on libdispatch's threads, which start only
/// when something uses them; a continuation resumed there brings the task back here. Nothing in
/// the task may block this thread waiting for another job of the same task: none does (it
/// awaits, and waits in system calls only for other processes and the network).
package final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is read and written only with `lock` held; the two pointers are set once.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []

    package init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(ready, nil)
    }

    deinit {
        pthread_cond_destroy(ready)
        pthread_mutex_destroy(lock)
        ready.deallocate()
        lock.deallocate()
    }

    /// Called from any thread (the runtime, a transfer thread resuming a continuation).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_signal(ready)
        pthread_mutex_unlock(lock)
    }

    /// Runs the jobs on the calling thread, sleeping while there are none; never returns (the
    /// program's task ends the process with `_exit`).
    package func run() -> Never {
        while true { runBatch(polling: false) }
    }

    /// Runs the jobs on the calling thread until `finished` says so, asked after each batch and
    /// every 10 ms while none comes (tests: one whose job ran elsewhere must fail, not hang).
    package func run(until finished: () -> Bool) {
        while !finished() { runBatch(polling: true) }
    }

    /// Waits for at least one job (at most 10 ms when `polling`), then runs every job enqueued by then.
    private func runBatch(polling: Bool) {
        pthread_mutex_lock(lock)
        while jobs.isEmpty {
            if !polling {
                pthread_cond_wait(ready, lock)
                continue
            }
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            var deadline = now
            deadline.tv_nsec += 10_000_000
            if deadline.tv_nsec >= 1_000_000_000 { (deadline.tv_sec, deadline.tv_nsec) = (deadline.tv_sec + 1, deadline.tv_nsec - 1_000_000_000) }
            if pthread_cond_timedwait(ready, lock, &deadline) == ETIMEDOUT { break }
        }
        // Taken whole, the array left empty: emptying it in place while `batch` shares its storage
        // copied it at every batch.
        let batch = jobs
        jobs = []
        pthread_mutex_unlock(lock)
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
