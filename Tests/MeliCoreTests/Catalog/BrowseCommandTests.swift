import Foundation
import Testing
@testable import MeliCore

/// `browse` outside a terminal, and the pieces of its runtime that need none: the failure text a
/// screen shows, the browser command, the site it starts on.
@Suite("Browse command")
struct BrowseCommandTests {
    /// Piped, browse is a usage error that points to `search`, in the user's language.
    @Test(arguments: [("en_US.UTF-8", "needs a terminal", "use: meli-dev search"), ("es_AR.UTF-8", "necesita una terminal", "use: meli-dev search")])
    func notATerminalPointsToSearch(lang: String, words: String, pointer: String) async throws {
        let run = try InProcessRun(environment: ["LANG": lang])
        let result = await run(["browse", "zapatillas", "running"], terminal: false)
        #expect(result.code == .usage)
        #expect(result.out.isEmpty)
        #expect(result.err.contains(words), "\(result.err)")
        #expect(result.err.contains("\(pointer) zapatillas running"), "\(result.err)")
        #expect(result.err.contains("meli-dev browse --help"), "\(result.err)")
    }

    /// The pointer is the `search` line a shell runs: the site kept, words quoted, a word that
    /// starts with `-` after `--`, and `WORDS` where none were given (no made-up query).
    @Test(arguments: [
        (["browse", "--site", "MLB"], "meli-dev search --site MLB WORDS"),
        (["browse", "samsung", "tv", "--site", "MLB"], "meli-dev search --site MLB samsung tv"),
        (["browse", "it's"], "meli-dev search 'it'\\''s'"),
        (["browse", "--", "-cel", "x"], "meli-dev search -- -cel x"),
    ])
    func notATerminalGivesARunnableSearchLine(arguments: [String], line: String) async throws {
        let run = try InProcessRun()
        let result = await run(arguments, terminal: false)
        #expect(result.code == .usage)
        #expect(result.err.contains(line), "\(result.err)")
    }

    /// An error on a screen is the reporter's text without its `binary: error: ` head, and its exit code.
    @Test(arguments: [Language.english, .spanish])
    func failureIsTheReportersText(language: Language) throws {
        let home = try TemporaryDirectory()
        let app = try Self.app(language: language, home: home)
        let error = APIError.notFound(.item("MLA1"))
        let failure = app.browseFailure(error)
        let reported = Reported.stderr(error, binary: "meli-dev", language: language)
        #expect(failure.exitCode == ExitCode.notFound.rawValue)
        #expect(!failure.message.hasPrefix("meli-dev"))
        #expect(!failure.message.isEmpty)
        let first = try #require(reported.split(separator: "\n").first).dropFirst("meli-dev: error: ".count)
        #expect(failure.message.hasPrefix(first), "\(failure.message) in \(reported)")
        #expect(!failure.message.contains("\n"), "one paragraph: \(failure.message)")
        withExtendedLifetime(home) {}
    }

    /// An answer the cache gave in the network's place is marked; one from the network is not;
    /// a failure is the reporter's text with its exit code.
    @Test func answersFromTheCacheAreMarked() async throws {
        let home = try TemporaryDirectory()
        let app = try Self.app(language: .english, home: home)
        let client = try app.apiClient()
        let stale = await BrowseSession.ask(client, app) { client in
            client.onStale(StaleAnswer(age: 120, reason: .offlineRequested))
            return 1
        }
        #expect(stale == .success(Answer(1, fromCache: true)))
        let fresh = await BrowseSession.ask(client, app) { _ in 2 }
        #expect(fresh == .success(Answer(2, fromCache: false)))
        let site = await BrowseSession.ask(client, app) { try await $0.site("MLA") }
        #expect((try? site.get())?.value.name == "Argentina")
        let missing = await BrowseSession.ask(client, app) { try await $0.item("MLA1", withDescription: true) }
        #expect(missing == .failure(app.browseFailure(APIError.notFound(.item("MLA1")))))
        withExtendedLifetime(home) {}
    }

    /// `$BROWSER` first (`%s` for the address), an address that is not http(s) never.
    @Test func browserCommand() throws {
        let dir = try TemporaryDirectory()
        let program = dir.path + "/mybrowser"
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        let url = "https://articulo.example/MLA1"
        let env = ["PATH": dir.path, "BROWSER": "mybrowser --new %s:other"]
        let command = try #require(BrowserLauncher.commands(for: url, environment: env, fileSystem: .local).first)
        #expect(command.0 == program)
        #expect(command.1 == ["--new", url])
        let appended = BrowserLauncher.commands(for: url, environment: ["PATH": dir.path, "BROWSER": program], fileSystem: .local)
        #expect(appended.first?.1 == [url])
        #expect(BrowserLauncher.commands(for: "-x https://a", environment: env, fileSystem: .local).isEmpty)
        #expect(BrowserLauncher.commands(for: "file:///etc/passwd", environment: env, fileSystem: .local).isEmpty)
        #expect(BrowserLauncher.commands(for: url, environment: ["PATH": dir.path], fileSystem: .local).isEmpty)
        // Each choice in turn, split as a shell splits words: `other` is not found, so not tried.
        let quoted = BrowserLauncher.commands(for: url, environment: ["PATH": dir.path, "BROWSER": "false:other:mybrowser 'a b' \"c %s\""], fileSystem: .local)
        #expect(quoted.map(\.1) == [["a b", "c " + url]])
    }

    /// A browser command that fails (`BROWSER=false`) did not open the link; one that ends well
    /// did; one still running after its patience (a browser that stays open) is taken as opened.
    @Test(arguments: [("exit 1", false as Bool?), ("exit 0", true), ("sleep 5", nil)])
    func theBrowsersEndingSaysWhetherItOpened(script: String, opened: Bool?) async throws {
        let dir = try TemporaryDirectory()
        let program = dir.path + "/browser"
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n\(script)\n".utf8), attributes: [.posixPermissions: 0o755]))
        let env = ["PATH": "/usr/bin:/bin", "BROWSER": program]
        let command = try #require(BrowserLauncher.commands(for: "https://articulo.example/MLA1", environment: env, fileSystem: .local).first)
        let pid = try #require(BrowserLauncher.start(command.0, command.1, environment: env))
        defer { kill(pid, SIGKILL); _ = BrowserLauncher.reapNow(pid) }
        #expect(await BrowserLauncher.reap(pid, patience: 10) == opened)
    }

    /// `--site`, else `MELI_DEFAULT_SITE`, else the saved site; else none (the site screen).
    @Test func startingSite() throws {
        let home = try TemporaryDirectory()
        let app = try Self.app(language: .english, home: home)
        let parse = { (line: [String]) throws -> BrowseCommand in
            let root = Program.root(binary: "meli-dev", environment: .dev)
            guard case .success(.run(let arguments, _)) = ArgumentParser(root: root).parse(line).outcome else { throw CancellationError() }
            return BrowseCommand(arguments)
        }
        #expect(try parse(["browse", "--site", "MLB"]).chosenSite(app)?.rawValue == "MLB")
        #expect(try parse(["browse", "a", "b"]).query == "a b")
        #expect(try parse(["browse"]).query == nil)
        #expect(try parse(["browse"]).chosenSite(app) == nil)
        try app.saveSite(SiteID(parsing: "MCO")!)
        #expect(try parse(["browse"]).chosenSite(app)?.rawValue == "MCO")
        withExtendedLifetime(home) {}
    }

    /// An `App` for the dev environment in a temporary home, as `Runner` builds it.
    static func app(language: Language, home: TemporaryDirectory) throws -> App {
        let env = ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/Dev.env")]
        var resolver = EnvironmentResolver(name: .dev, processEnvironment: env, currentDirectory: home.path, executablePath: nil)
        resolver.fileSystem = .local
        let environment = try resolver.resolve(EnvironmentOverrides(envFile: nil, options: [:])).get()
        let context = Context(
            environment: env, currentDirectory: home.path, executablePath: nil, stdout: OutputBuffer().output(),
            stderr: OutputBuffer().output(), transport: NoNetwork())
        let logger = Logger(level: .error, output: OutputBuffer().output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() })
        return App(
            environment: environment, logger: logger, io: context, style: .plain, redactor: Redactor(secrets: []), language: language,
            globals: RunOptions(offline: false, noCache: false, quiet: false), transportFailureText: { $0.logText })
    }
}
