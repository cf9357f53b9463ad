import Testing
@testable import MeliCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output that cannot be written (a full disk, a closed descriptor) fails the run, and says so on
/// standard error: a success would hide that the rest was lost.
@Suite("Output that cannot be written")
struct OutputFailureTests {
    /// Standard output on a descriptor opened read-only refuses every write (EBADF, as a closed
    /// one does; a full disk gives ENOSPC): each kind of answer exits 1, naming the reason.
    @Test(arguments: [["--version"], ["search", "iphone"], ["sites"], ["--help"], ["completion", "bash"], ["help", "--man"]])
    func aFailedWriteFailsTheRun(arguments: [String]) async throws {
        let home = try TemporaryDirectory()
        let path = home.path + "/output"
        let made = open(path, O_CREAT | O_WRONLY, 0o600)
        try #require(made >= 0)
        close(made)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let (code, err) = await Self.run(arguments, home: home, stdout: descriptor)
        #expect(code == .failure, "\(err)")
        #expect(err.contains("meli-dev: error: could not write its output to standard output (\(SystemError.text(EBADF)))"), "\(err)")
        #expect(err.contains("send it elsewhere"), "\(err)")
    }

    /// The same runs writing to a file that takes the bytes end as before: exit 0, nothing said.
    @Test func aWriteThatGoesThroughIsNoFailure() async throws {
        let home = try TemporaryDirectory()
        let descriptor = open(home.path + "/output", O_CREAT | O_WRONLY, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let (code, err) = await Self.run(["search", "iphone"], home: home, stdout: descriptor)
        #expect(code == .success, "\(err)")
        #expect(err.isEmpty, "\(err)")
    }

    /// `meli-dev ARGUMENTS` in this process, its standard output the descriptor `stdout`: the exit
    /// code and what it said on standard error.
    static func run(_ arguments: [String], home: TemporaryDirectory, stdout: Int32) async -> (ExitCode, String) {
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/Dev.env")],
            currentDirectory: home.path, executablePath: nil,
            stdout: .standard(stdout), stderr: err.output(), transport: NoNetwork())
        let code = await Runner.run(.dev, arguments: arguments + ["--no-color", "--log-level", "error"], context: context)
        return (code, err.text)
    }

    /// A reader that left (EPIPE, when SIGPIPE is ignored) is no failure of the writer's, as for
    /// `cat`; the first real failure is the one kept.
    @Test func aReaderThatLeftIsNoFailure() {
        let failure = WriteFailure()
        failure.note(EPIPE)
        #expect(failure.first == nil)
        failure.note(ENOSPC)
        failure.note(EIO)
        #expect(failure.first == ENOSPC)
    }
}
