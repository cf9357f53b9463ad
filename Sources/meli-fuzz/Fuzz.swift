import Dispatch
import MeliCore
import MeliFuzz
import Synchronization
#if FUZZING
import CFuzzer
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Built two ways. By `swift build`: `meli-fuzz TARGET FILE...` runs each file through the target
// once and shows what meli printed (to reproduce a finding by hand). By `scripts/fuzz`, with
// `-sanitize=fuzzer,address -D FUZZING`: `meli-fuzz TARGET [libFuzzer flags] [CORPUS...]` hands
// every input libFuzzer makes to the target.

@main
enum MeliFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        let target: FuzzTarget
        if arguments.count > 1, let named = FuzzTarget(rawValue: arguments[1]) {
            target = named
            arguments.remove(at: 1)
        } else if let inherited = inheritedTarget() {
            target = inherited
        } else {
            fail("usage: meli-fuzz \(names) FILE...")
        }
        guard let scratch = FuzzScratch.make() else { fail("cannot make a folder under /tmp") }
        #if FUZZING
        // libFuzzer's -fork and -jobs start copies of this program with libFuzzer's flags alone, so
        // the target reaches them in the environment (without it, every copy stopped at the usage
        // line and a --jobs campaign ran nothing).
        setenv(targetVariable, target.rawValue, 1)
        state.withLock { $0 = (target, scratch) }
        // libFuzzer ends a run that stops by itself (-runs, -max_total_time) with exit(): the
        // folder goes then. After a crash or a timeout (_Exit) it is kept, to look at.
        atexit {
            guard let (_, scratch) = state.withLock({ $0 }) else { return }
            try? FileSystem.local.removeTree(scratch.path)
        }
        var argc = Int32(arguments.count)
        var pointers = arguments.map { strdup($0) } + [nil]
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv, fuzzOne)
        }
        exit(status)
        #else
        guard arguments.count > 1 else { fail("usage: meli-fuzz \(names) FILE...") }
        for file in arguments.dropFirst() {
            guard let bytes = try? FileSystem.local.readFile(atPath: file) else { fail("cannot read '\(file)'") }
            let outcome = runBlocking(target, bytes, scratch)
            print("== \(file): meli-qa \(outcome.arguments.joined(separator: " ")): exit \(outcome.code.rawValue)")
            print(outcome.stdout + outcome.stderr, terminator: "")
        }
        try? FileSystem.local.removeTree(scratch.path)
        #endif
    }
}

#if FUZZING
/// The target and folder of this run, for libFuzzer's callback (a C function: it captures nothing).
let state = Mutex<(FuzzTarget, FuzzScratch)?>(nil)

/// libFuzzer's callback, under the name its runtime also looks for.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (target, scratch) = state.withLock({ $0 }) else { return 0 }
    runBlocking(target, size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)), scratch)
    return 0
}
#endif

/// Runs `input` through `target` and waits for it: libFuzzer calls in on its own thread, outside
/// Swift's concurrency.
@discardableResult
func runBlocking(_ target: FuzzTarget, _ input: [UInt8], _ scratch: FuzzScratch) -> FuzzScratch.Outcome {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<FuzzScratch.Outcome?>(nil)
    Task {
        let result = await target.run(input, in: scratch)
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return outcome.withLock { $0! }
}

/// The variable that names the target for the copies libFuzzer starts.
let targetVariable = "MELI_FUZZ_TARGET"

/// The target a parent meli-fuzz named, when this process is one of libFuzzer's copies.
func inheritedTarget() -> FuzzTarget? {
    #if FUZZING
    guard let value = getenv(targetVariable) else { return nil }
    return FuzzTarget(rawValue: String(cString: value))
    #else
    return nil
    #endif
}

func fail(_ message: String) -> Never {
    TextOutput.standard(2).line("meli-fuzz: \(message)")
    exit(2)
}
