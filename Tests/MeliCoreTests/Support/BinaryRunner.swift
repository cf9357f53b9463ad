import Foundation

/// What a run of a built binary produced.
struct RunResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built executables as a user would: arguments in; stdout, stderr and exit code out.
enum BinaryRunner {
    /// The folder holding `meli`, `meli-dev` and `meli-qa`: `MELI_BIN_DIR`, or the build products
    /// folder this test binary runs from.
    static let productsDirectory: String? = {
        if let dir = ProcessInfo.processInfo.environment["MELI_BIN_DIR"] { return dir }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("meli-dev").path) { return dir.path }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    static func path(of binary: String) throws -> String {
        guard let dir = productsDirectory else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "built binaries not found; run swift build first or set MELI_BIN_DIR"])
        }
        return dir + "/" + binary
    }

    /// Runs `executable` with exactly `environment` (nothing inherited) in `directory`.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
        stdin: String? = nil
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try path(of: executable))
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        // Read both pipes fully before waiting, so a chatty child never blocks on a full pipe.
        let errData = ReadAll(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread.
private final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
