import Synchronization
@testable import MeliCore

/// Runs `meli-dev` in this process against the sandbox, with a scratch HOME, the repository's
/// Dev.env, buffers for output and no network: arguments in; exit code, stdout and stderr out.
struct InProcessRun {
    let home: TemporaryDirectory
    var environment: [String: String] = [:]

    init(environment: [String: String] = [:]) throws {
        home = try TemporaryDirectory()
        self.environment = environment
    }

    /// `stdin`, when given, is standard input (`item -`), read a few bytes at a time.
    func callAsFunction(_ arguments: [String], terminal: Bool = true, environment extra: [String: String] = [:], stdin: String? = nil) async
        -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let input = InputFeed(Array((stdin ?? "").utf8))
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/Dev.env")]
                .merging(environment) { $1 }.merging(extra) { $1 },
            currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 100), stderr: err.output(), transport: NoNetwork(),
            readInput: { input.read($0) })
        let code = await Runner.run(.dev, arguments: arguments + ["--no-color", "--log-level", "error"], context: context)
        return (code, out.text, err.text)
    }
}

/// Standard input for a test: these bytes, then its end; each read gives at most 7 bytes, so that
/// lines arrive cut across reads as a pipe may cut them.
final class InputFeed: Sendable {
    private let state: Mutex<(bytes: [UInt8], position: Int)>

    init(_ bytes: [UInt8]) {
        state = Mutex((bytes, 0))
    }

    func read(_ count: Int) -> InputRead {
        state.withLock { state in
            guard state.position < state.bytes.count else { return .end }
            let end = min(state.bytes.count, state.position + min(count, 7))
            defer { state.position = end }
            return .bytes(Array(state.bytes[state.position..<end]))
        }
    }
}
