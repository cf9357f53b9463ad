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
/// in the order they were enqueued. Unstructured tasks (`Task {}`) inside it, and dispatch queues
/// (the terminal's, a signal's), still run on libdispatch's threads, which start only when
/// something uses them; a continuation resumed there brings the task back here. Nothing in
/// the task may block this thread waiting for another job of the same task: none does (it
/// awaits, and waits in system calls only for other processes and the network). A job may block
/// in a write (a full pipe, a terminal stopped by Ctrl-S): the idle work is told before jobs run
/// (`IdleWork.willRunJobs`), so that requests still in flight go on elsewhere meanwhile.
///
/// While no job is queued the thread sleeps, either on its own condition or, when something is
/// attached (`IdleWork`: `CurlTransport`'s transfers), in that work's own wait, so that requests
/// are driven here too and no transfer thread starts (`CurlTransport` says what it saves).
package final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs`, `idleWork` and `thread` are read and written only with `lock` held;
    // the two pointers are set once.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var idleWork: (any IdleWork)?
    /// The thread running the jobs, once `run` is called: it is never asleep when it enqueues.
    private var thread: pthread_t?

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
        // The idle work is interrupted only from another thread: the loop's own is not waiting.
        let asleep = thread.map { pthread_equal($0, pthread_self()) == 0 } ?? true
        let work = asleep ? idleWork : nil
        pthread_mutex_unlock(lock)
        work?.interrupt()
    }

    /// Makes `work` what this thread does while no job is queued, until `detach`; false when other
    /// work is attached (one wait at a time: the caller does its work elsewhere). Called from any
    /// thread, the work's own lock held or not: the executor never calls the work with its lock
    /// held (`enqueue` interrupts it after unlocking), so the order is the work's, then this one's.
    package func attach(_ work: any IdleWork) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let attached = idleWork, attached !== work { return false }
        idleWork = work
        pthread_cond_signal(ready)
        return true
    }

    /// Ends `attach(work)`: the thread sleeps on its own condition again when idle.
    package func detach(_ work: any IdleWork) {
        pthread_mutex_lock(lock)
        if idleWork === work { idleWork = nil }
        pthread_mutex_unlock(lock)
    }

    /// Runs the jobs on the calling thread, sleeping while there are none; never returns (the
    /// program's task ends the process with `_exit`).
    package func run() -> Never {
        claimThread()
        while true { runBatch(polling: false) }
    }

    /// Runs the jobs on the calling thread until `finished` says so, asked after each batch and
    /// every 10 ms while none comes (tests: one whose job ran elsewhere must fail, not hang).
    package func run(until finished: () -> Bool) {
        claimThread()
        while !finished() { runBatch(polling: true) }
    }

    private func claimThread() {
        pthread_mutex_lock(lock)
        thread = pthread_self()
        pthread_mutex_unlock(lock)
    }

    /// Waits for at least one job (at most 10 ms when `polling`), then runs every job enqueued by then.
    private func runBatch(polling: Bool) {
        pthread_mutex_lock(lock)
        while jobs.isEmpty {
            if let work = idleWork {
                pthread_mutex_unlock(lock)
                work.runWhileIdle(atMost: polling ? 10 : nil)
                pthread_mutex_lock(lock)
                if polling { break }
                continue
            }
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
        let work = batch.isEmpty ? nil : idleWork
        pthread_mutex_unlock(lock)
        work?.willRunJobs()
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// What `MainThreadExecutor`'s thread does while no job is queued, in place of sleeping:
/// `CurlTransport`'s transfers, which libcurl drives from a poll of their sockets.
package protocol IdleWork: AnyObject, Sendable {
    /// Runs on the executor's thread while no job is queued: does what is due, then sleeps until
    /// more is, for at most `milliseconds` (nil: its own bound), or until `interrupt()`. Returns
    /// at once when what it did may have enqueued a job.
    func runWhileIdle(atMost milliseconds: Int?)
    /// Called from another thread after a job was enqueued: makes `runWhileIdle` return soon.
    func interrupt()
    /// Called on the executor's thread before it runs jobs while the work is attached: the jobs
    /// may block that thread (a write to a full pipe), and what cannot wait must go on elsewhere.
    func willRunJobs()
}
