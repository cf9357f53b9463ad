#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The outside world as one value: built once in the executable, built by tests with buffers,
/// a temporary home, a test clock (waits return at once) and, when a test needs one, a file
/// system that fails. Nothing else in the library reads globals.
package struct Context: Sendable {
    package var environment: [String: String]
    package var currentDirectory: String
    /// The executable's real path (links resolved), used to find the files installed beside it.
    package var executablePath: String?
    package var stdout: TextOutput
    package var stderr: TextOutput
    /// Standard output without redaction: only `auth token` writes there, since printing the
    /// token is what it is for. Nil until `redacted(by:)`.
    package var unredactedStdout: TextOutput?
    /// The descriptor behind `stdout` when it is this process's own standard output (1), which
    /// a pager may be started on; nil for a buffer (tests), which is never paged.
    package var stdoutDescriptor: Int32?
    /// The date, the monotonic clock and waiting (`TimeSource.system`, or a test clock).
    package var clock: TimeSource
    /// Every file read and written (`FileSystem.local`, or one a test made fail).
    package var fileSystem: FileSystem
    /// How requests reach a real base URL (the sandbox needs none).
    package var transport: any HTTPTransport
    /// One line of standard input without its newline, or nil at its end.
    package var readLine: @Sendable () -> String?
    /// Up to this many bytes of standard input (`BoundedLines` splits them into lines).
    package var readInput: @Sendable (Int) -> InputRead

    package init(
        environment: [String: String], currentDirectory: String, executablePath: String?,
        stdout: TextOutput, stderr: TextOutput, transport: any HTTPTransport, clock: TimeSource = .system,
        fileSystem: FileSystem = .local, readLine: @escaping @Sendable () -> String? = { nil }, stdoutDescriptor: Int32? = nil,
        readInput: @escaping @Sendable (Int) -> InputRead = { _ in .end }
    ) {
        self.readLine = readLine
        self.readInput = readInput
        self.stdoutDescriptor = stdoutDescriptor
        self.transport = transport
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.executablePath = executablePath
        self.stdout = stdout
        self.stderr = stderr
        self.clock = clock
        self.fileSystem = fileSystem
    }

    /// The clock's date.
    package var now: @Sendable () -> Date { clock.now }

    /// This process's world. `transport` follows no redirects itself: every request of the
    /// process goes through `RedirectFollowingTransport`, here, the one place that follows them.
    package static func live(transport: any HTTPTransport) -> Context {
        Context(
            environment: processEnvironment(),
            currentDirectory: workingDirectory(),
            executablePath: currentExecutablePath(),
            stdout: .standard(1), stderr: .standard(2), transport: RedirectFollowingTransport(transport),
            readLine: { Swift.readLine(strippingNewline: true) }, stdoutDescriptor: 1, readInput: readStandardInput)
    }

    /// read(2) of standard input, again when a signal interrupted it.
    static func readStandardInput(_ count: Int) -> InputRead {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let read = buffer.withUnsafeMutableBytes { SystemCall.read(0, $0.baseAddress!, count) }
            if read > 0 { return .bytes(Array(buffer[..<read])) }
            if read == 0 { return .end }
            if errno != EINTR { return .failed(errno) }
        }
    }

    /// The process's environment variables. On Linux read from `environ` (and the directory from
    /// `getcwd`), not through ProcessInfo and FileManager: in the static binary those, with `Data`
    /// and `JSONDecoder`, linked calendars, time zones, attributed strings, property lists and the
    /// regex engine from FoundationEssentials: 6.6 MB of the 16.2 MB binary, and 1,692 of the
    /// 3,732 protocol conformances the runtime scans at each first use of a generic type
    /// (`scripts/test` keeps it so). The first definition of a name counts, as for getenv(3).
    /// Names that are not ASCII are left out: Swift compares strings by canonical equivalence, so
    /// `MELI_UPDATE_\u{212A}EYS` (KELVIN SIGN) was `MELI_UPDATE_KEYS`, a variable getenv(3),
    /// `env -u` and sudo's lists do not see, and, first in the list, it won over the real one.
    static func processEnvironment() -> [String: String] {
        #if os(Linux)
        var variables: [String: String] = [:]
        // nil after clearenv(3).
        let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let entries = first else { return variables }
        var count = 0
        while entries[count] != nil { count += 1 }
        // Sized once, and each entry read on its bytes: it was made a String whole, then cut, in a
        // table grown as it filled (4,400 instructions a variable; a shell has 30 to 100).
        variables.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = entries[index] else { break }
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                // The name: ASCII up to the first `=`. One past ASCII is skipped: it could compare
                // equal to a setting's (KELVIN SIGN for K). A value's invalid UTF-8 is repaired.
                var equals = 0
                while equals < length, bytes[equals] != UInt8(ascii: "="), bytes[equals] < 0x80 { equals += 1 }
                guard equals < length, bytes[equals] == UInt8(ascii: "=") else { return }
                let name = String(decoding: UnsafeBufferPointer(start: bytes, count: equals), as: UTF8.self)
                let value = String(decoding: UnsafeBufferPointer(start: bytes + equals + 1, count: length - equals - 1), as: UTF8.self)
                // The first of two entries of one name wins, as with getenv(3) (one lookup a name;
                // a second entry, which only a program's own execve can make, is put back).
                if let earlier = variables.updateValue(value, forKey: name) { variables[name] = earlier }
            }
        }
        return variables
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }

    /// The current directory, or "" when it cannot be read (removed, or not searchable).
    static func workingDirectory() -> String {
        #if os(Linux)
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return String(cString: path)
        #else
        return FileManager.default.currentDirectoryPath
        #endif
    }

    static func currentExecutablePath() -> String? {
        #if os(Linux)
        return FileSystem.local.realPath("/proc/self/exe")
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return FileSystem.local.realPath(String(cString: buffer))
        #else
        return nil
        #endif
    }

    /// This world with standard output and error written through `redactor`; the standard output
    /// as it was stays in `unredactedStdout`, for the one output that is a secret on purpose.
    package func redacted(by redactor: Redactor) -> Context {
        var context = self
        context.unredactedStdout = unredactedStdout ?? stdout
        context.stdout = stdout.redacted(by: redactor)
        context.stderr = stderr.redacted(by: redactor)
        return context
    }
}
