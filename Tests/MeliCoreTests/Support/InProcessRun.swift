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

    func callAsFunction(_ arguments: [String], terminal: Bool = true, environment extra: [String: String] = [:]) async
        -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/Dev.env")]
                .merging(environment) { $1 }.merging(extra) { $1 },
            currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 100), stderr: err.output(), transport: NoNetwork())
        let code = await Runner.run(.dev, arguments: arguments + ["--no-color", "--log-level", "error"], context: context)
        return (code, out.text, err.text)
    }
}
