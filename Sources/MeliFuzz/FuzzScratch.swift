#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MeliCore

/// A folder of the fuzzer's own (a HOME and the env files of the input being run) and a run of
/// `meli-qa` inside it, its output into buffers and every request answered with the same body.
package struct FuzzScratch: Sendable {
    package let path: String

    /// A new folder under the system's temporary folder; nil when it cannot be made.
    package static func make() -> FuzzScratch? {
        var template = Array("/tmp/meli-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        let path = String(cString: made)
        guard mkdir(path + "/home", 0o700) == 0 else { return nil }
        return FuzzScratch(path: path)
    }

    /// The settings of the API target: every value Base.env has, the API on a loopback address
    /// that no request reaches (the transport answers).
    static let apiEnvFile = """
        MELI_API_BASE_URL = http://127.0.0.1:9
        MELI_LOG_LEVEL = trace
        MELI_DEFAULT_SITE = MLA
        MELI_HTTP_TIMEOUT = 30
        MELI_CACHE_TTL_CATALOG = 1d
        MELI_CACHE_TTL_SEARCH = 5m
        MELI_CACHE_TTL_ITEM = 10m
        MELI_CACHE_MAX_MB = 50

        """

    /// Writes `bytes` as the file `name` in the folder, or removes it when nil.
    func write(_ name: String, _ bytes: [UInt8]?) {
        let file = path + "/" + name
        guard let bytes else {
            unlink(file)
            return
        }
        // Plain writes: the folder is the fuzzer's own, and a rename and fsync per input would
        // take most of each run.
        writeWhole(bytes, to: file)
    }

    /// What a run printed and how it ended.
    package struct Outcome: Sendable {
        package var arguments: [String]
        /// Whether standard output and error were terminals (coloured) or pipes.
        package var terminal: Bool
        package var code: ExitCode
        package var stdout: String
        package var stderr: String
    }

    /// Runs `meli-qa arguments` with the folder's Main.env, every request answered by `answer`.
    func run(_ arguments: [String], terminal: Bool, answer: [UInt8]) async -> Outcome {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": path + "/home", "MELI_ENV_FILE": path + "/Main.env", "MELI_NO_UPDATE_NOTIFIER": "1", "MELI_CLIENT_SECRET": "fuzz-secret-value"],
            currentDirectory: path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 80), stderr: err.output(isTerminal: terminal), transport: FixedAnswer(body: answer))
        let name = EnvironmentName.allCases.first { $0.rawValue == "qa" } ?? EnvironmentName.allCases[0]
        let code = await Runner.run(name, arguments: arguments, context: context)
        return Outcome(arguments: arguments, terminal: terminal, code: code, stdout: out.text, stderr: err.text)
    }
}

extension FuzzScratch {
    /// The top folder the tar target's packages are unpacked as (the seeds under Tests/Fuzz/tar
    /// are packages scripts/package made of meli-qa 1.0.0 on linux/x86_64, whatever machine runs).
    static let tarTop = "meli-qa_1.0.0_linux_x86_64"

    /// Unpacks `input`, an uncompressed tar stream, into a new folder as an install does, and
    /// removes the folder; what a refusal says is what `self install` would print. Stops the
    /// process when the folder cannot be removed or anything else appeared in the scratch folder.
    func unpack(_ input: [UInt8]) -> Outcome {
        write("package.tar", input)
        let before = FileSystem.local.names(in: path)
        var template = Array((path + "/unpack.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatalError("meli-fuzz: cannot make a folder in \(path)") }
        let root = String(cString: made)
        let fd = open(path + "/package.tar", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { fatalError("meli-fuzz: cannot read \(path)/package.tar") }
        let err = OutputBuffer()
        var code = ExitCode.success
        var printed = ""
        do {
            let folder = try PackageSource.unpackTar(descriptor: fd, root: root, top: Self.tarTop, binary: "meli-qa")
            printed = "unpacked \(FileSystem.local.names(in: folder).joined(separator: " "))\n"
        } catch {
            code = ErrorReporter.plain(binary: "meli-qa", stderr: err.output()).report(error)
        }
        close(fd)
        do { try FileSystem.local.removeTree(root) } catch { fatalError("meli-fuzz tar: \(root) cannot be removed: \(error.reason)") }
        let after = FileSystem.local.names(in: path)
        guard after == before else { fatalError("meli-fuzz tar: the scratch folder holds \(after), not \(before)") }
        return Outcome(arguments: ["self", "install", "package.tar"], terminal: false, code: code, stdout: printed, stderr: err.text)
    }
}

/// Writes `bytes` to `path` in one write(2); what could not be written is left out.
private func writeWhole(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Answers every request with status 200 and the same body.
struct FixedAnswer: HTTPTransport {
    let body: [UInt8]

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
