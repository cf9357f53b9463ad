import Foundation
import Testing

/// The README's examples, run: every `console` block that follows a `<!-- checked -->` line is a
/// list of `$ command` lines, each followed by what it prints on standard output. The commands run
/// in order, as a new user would type them: one fresh HOME for the whole README, in the repository
/// (for `Config/`), piped (so numbers are the API's), or on a terminal after
/// `<!-- checked: terminal -->` (`terminalMarker`), with `swift run` standing for the built
/// binaries (a `swift` on PATH that runs its arguments after `run`). A line `...` in the expected
/// output stands for any number of lines; trailing spaces and tabs are not compared. Standard error
/// (meli-dev's debug log) is not compared; every command must exit 0 (an example that shows an
/// exit code says so itself, `; echo "exit $?"`).
@Suite("README examples")
struct ReadmeExamplesTests {
    /// One `$ command` of a block and what the README says it prints.
    struct Example: CustomStringConvertible {
        var line: Int
        var command: String
        var expected: [String]
        /// Run with standard output on a terminal (`<!-- checked: terminal -->`), else piped.
        var terminal = false
        var description: String { "README.md:\(line): $ \(command)" }
    }

    static let marker = "<!-- checked -->"
    /// Before a block whose commands run on a terminal 100 columns wide, without colour or pager,
    /// standard error left out (as the README leaves meli-dev's debug log out).
    static let terminalMarker = "<!-- checked: terminal -->"

    /// The examples of the checked blocks of `text`, in order.
    static func examples(_ text: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let mark = lines[index].trimmingCharacters(in: .whitespaces)
            guard mark == marker || mark == terminalMarker, index + 1 < lines.count, lines[index + 1].hasPrefix("```console") else { continue }
            index += 2
            while index < lines.count, !lines[index].hasPrefix("```") {
                if lines[index].hasPrefix("$ ") {
                    examples.append(Example(
                        line: index + 1, command: String(lines[index].dropFirst(2)), expected: [], terminal: mark == terminalMarker))
                } else if !examples.isEmpty {
                    examples[examples.count - 1].expected.append(lines[index])
                }
                index += 1
            }
        }
        return examples
    }

    /// Whether `actual` is `expected`, where a `...` line matches any lines (none included).
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        func trimmed(_ line: String) -> String {
            var line = line
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            return line
        }
        let actual = actual.map(trimmed)
        let expected = expected.map(trimmed)
        func match(_ a: Int, _ e: Int) -> Bool {
            guard e < expected.count else { return a == actual.count }
            if expected[e] == "..." { return (a...actual.count).contains { match($0, e + 1) } }
            return a < actual.count && actual[a] == expected[e] && match(a + 1, e + 1)
        }
        return match(0, 0)
    }

    @Test func theMatcherHonoursEllipses() {
        #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
        #expect(Self.matches(["a"], ["a", "..."]))
        #expect(Self.matches(["a\t"], ["a"]))
        #expect(!Self.matches(["a", "b"], ["a"]))
        #expect(!Self.matches(["a", "b"], ["a", "...", "c"]))
        #expect(!Self.matches([], ["a"]))
    }

    /// The README keeps its checked blocks: "Using it"'s, piped and on a terminal, among them.
    @Test func theREADMEHasCheckedExamples() throws {
        let examples = Self.examples(try String(contentsOfFile: repositoryFile("README.md"), encoding: .utf8))
        #expect(examples.count >= 15, "\(examples)")
        #expect(examples.contains { $0.command.hasPrefix("swift run meli-dev sites") && !$0.terminal })
        #expect(examples.contains { $0.command.hasPrefix("swift run meli-dev search iphone") && $0.terminal })
        #expect(examples.allSatisfy { !$0.expected.isEmpty }, "each example shows what it prints")
    }

    @Test func theREADMEsExamplesPrintWhatTheySay() throws {
        guard let products = BinaryRunner.productsDirectory else { throw BinaryRunner.missing }
        let examples = Self.examples(try String(contentsOfFile: repositoryFile("README.md"), encoding: .utf8))
        let home = try TemporaryDirectory()
        // `swift run meli-dev ...` runs the built meli-dev, as `swift run` would after building it.
        _ = try home.write("bin/swift", "#!/bin/sh\n[ \"$1\" = run ] && shift\nexec \"$@\"\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path + "/bin/swift")
        let path = [home.path + "/bin", products, ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].joined(separator: ":")
        let repository = URL(fileURLWithPath: repositoryFile("README.md")).deletingLastPathComponent().path
        for example in examples {
            let result = try Self.run(example, environment: ["HOME": home.path, "PATH": path], directory: repository)
            // The README's home is /home/you; this run's is a temporary folder.
            let stdout = result.stdout.replacingOccurrences(of: home.path + "/", with: "/home/you/")
            let actual = stdout.components(separatedBy: "\n").dropLast(stdout.hasSuffix("\n") ? 1 : 0)
            #expect(result.status == 0, "\(example) exited \(result.status)\n\(result.stderr)")
            #expect(Self.matches(Array(actual), example.expected), """
                \(example) printed:
                \(result.stdout)
                where the README says:
                \(example.expected.joined(separator: "\n"))
                """)
        }
    }
}

extension ReadmeExamplesTests {
    /// Runs `example` by `/bin/sh`, piped, or on a terminal as `terminalMarker` says.
    static func run(_ example: Example, environment: [String: String], directory: String) throws -> RunResult {
        guard example.terminal else {
            return try BinaryRunner.run("/bin/sh", ["-c", example.command], environment: environment, directory: directory)
        }
        let command = "cd '\(directory)' && { \(example.command)\n} 2>/dev/null"
        let terminal = try PseudoTerminal.run(
            "/bin/sh", ["-c", command], environment: environment.merging(["NO_COLOR": "1", "MELI_PAGER": "", "TERM": "xterm"]) { $1 }, width: 100)
        return RunResult(status: terminal.ending == .exited(0) ? 0 : 1, stdout: terminal.screen, stderr: "\(terminal.ending)")
    }
}

extension BinaryRunner {
    /// The built binaries could not be found.
    static var missing: CocoaError {
        CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "built binaries not found; run swift build first or set MELI_BIN_DIR"])
    }
}
