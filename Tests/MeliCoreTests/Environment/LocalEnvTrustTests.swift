import Foundation
import Testing
@testable import MeliCore

/// A `Local.env` chooses every setting, down to the keys updates are checked with
/// (`MELI_UPDATE_KEYS`) and where they come from (the feed): the attack round had root, run with
/// mallory's HOME (sudo keeps it on macOS and some Linux setups), read her
/// `~/.config/meli-qa/Local.env`, install her signed package and run her binary; a Local.env of
/// mode 0666, in a 0777 folder, or another user's was read without a word. Now each is read only
/// when it and its folder are the user's or root's and no one else may write them; otherwise the
/// run stops with a configuration error (exit 3) naming the file and what to do, never skipping it.
@Suite("Local.env someone else could change")
struct LocalEnvTrustTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    /// What mallory writes: her key and her feed.
    static let hostile = "MELI_UPDATE_KEYS = 11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\nMELI_QA_UPDATE_FEED_URL = /tmp/mal/feed.json\nMELI_LOG_LEVEL = error\n"

    var configLocal: String { home.path + "/.config/meli-qa/Local.env" }

    func resolve(_ fileSystem: FileSystem = .local) -> Result<Environment, ConfigurationError> {
        var resolver = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env")], currentDirectory: home.path,
            executablePath: nil)
        resolver.fileSystem = fileSystem
        return resolver.resolve(EnvironmentOverrides())
    }

    /// The one error of a resolution that failed, rendered.
    func failure(_ result: Result<Environment, ConfigurationError>) throws -> Diagnostic {
        guard case .failure(let error) = result else {
            Issue.record("read: \(String(describing: try? result.get().settings.map(\.key)))")
            throw CancellationError()
        }
        let errors = error.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map { $0.rendered() })")
        return try #require(errors.first)
    }

    /// Others may write the file, or its folder: an error naming it, with what to do. (Before, it
    /// was read and its settings used.)
    @Test(arguments: [(0o666, 0o755, false), (0o646, 0o755, false), (0o664, 0o755, false), (0o644, 0o777, true), (0o644, 0o775, true)])
    func aLocalEnvOthersCanWriteIsAnError(file: Int, folder: Int, folderIsTheProblem: Bool) throws {
        try home.write(".config/meli-qa/Local.env", Self.hostile)
        #expect(chmod(configLocal, mode_t(file)) == 0 && chmod(home.path + "/.config/meli-qa", mode_t(folder)) == 0)
        // Whatever this user's groups are: none is a private one here.
        var fileSystem = FileSystem.local
        fileSystem.privateGroup = { nil }
        let diagnostic = try failure(resolve(fileSystem))
        // MELI_ENV_FILE is absolute, so paths are shown absolute, never relative to the working directory.
        let shown = folderIsTheProblem ? home.path + "/.config/meli-qa" : configLocal
        let mode = OwnershipProblem.octal(folderIsTheProblem ? folder : file)
        #expect(diagnostic.subject == .verbatim(configLocal))
        #expect(diagnostic.text == .Trust.localEnvUntrusted(reason: .Trust.placeWritable(path: shown, mode: mode), remedy: .Trust.placeWritableRemedy(path: shown)))
        #expect(diagnostic.message.contains("chmod go-w \(shown)"), "\(diagnostic.message)")
        #expect(diagnostic.text.spanish.hasPrefix("no se lee: \(shown) la pueden escribir otros usuarios"), "\(diagnostic.text.spanish)")
    }

    /// Writable only by the user's private group (Fedora's umask 002), the user's own Local.env is
    /// read: no one else can write it. The same mode without a private group is refused above.
    @Test func theUsersPrivateGroupMayWriteIt() throws {
        try home.write(".config/meli-qa/Local.env", "MELI_LOG_LEVEL = critical\n")
        #expect(chmod(configLocal, 0o664) == 0 && chmod(home.path + "/.config/meli-qa", 0o775) == 0)
        let group = try #require(FileSystem.local.inspect(configLocal)).group
        var fileSystem = FileSystem.local
        fileSystem.privateGroup = { group }
        if fileSystem.currentUser() == 0 {
            // Root's group is never a private one.
            let diagnostic = try failure(resolve(fileSystem))
            let shown = configLocal
            #expect(diagnostic.text == .Trust.localEnvUntrusted(reason: .Trust.placeWritable(path: shown, mode: "0664"), remedy: .Trust.placeWritableRemedy(path: shown)))
        } else {
            #expect(try resolve(fileSystem).get().logLevel == .critical)
        }
    }

    /// Another user's Local.env, or one in another user's folder, is an error naming the owner
    /// and what to do. Root, run with mallory's HOME, stops there.
    @Test(.enabled(if: geteuid() == 0), arguments: [false, true])
    func anotherUsersLocalEnvIsAnError(folderIsTheProblem: Bool) throws {
        try home.write(".config/meli-qa/Local.env", Self.hostile)
        let given = folderIsTheProblem ? home.path + "/.config/meli-qa" : configLocal
        #expect(chown(given, 4242, 4242) == 0)
        let diagnostic = try failure(resolve())
        // MELI_ENV_FILE is absolute, so paths are shown absolute, never relative to the working directory.
        let shown = folderIsTheProblem ? home.path + "/.config/meli-qa" : configLocal
        #expect(diagnostic.text == .Trust.localEnvUntrusted(reason: .Trust.placeOtherOwner(path: shown, owner: "uid 4242"), remedy: .Trust.localEnvOtherOwnerRemedy(path: shown)))
        #expect(diagnostic.message.contains("sudo -H"), "\(diagnostic.message)")
        // Root's own (the system's) is read.
        #expect(chown(given, 0, 0) == 0)
        #expect(try resolve().get().logLevel == .error)
    }

    /// The attack as it was run, with the built binary as root: mallory's Local.env in the HOME
    /// root runs with names her keys and her feed; `update` stops with exit 3 before reading any
    /// feed, and says why. (Before, it installed her signed package.)
    @Test(.enabled(if: geteuid() == 0)) func rootWithMallorysHomeDoesNotReadHerLocalEnv() throws {
        try home.write(".config/meli-qa/Local.env", Self.hostile)
        #expect(chown(home.path + "/.config", 4242, 4242) == 0 && chown(home.path + "/.config/meli-qa", 4242, 4242) == 0)
        #expect(chown(configLocal, 4242, 4242) == 0)
        for arguments in [["update"], ["env"]] {
            let run = try BinaryRunner.run("meli-qa", arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_LANG": "en"], directory: home.path)
            #expect(run.status == 3, "\(arguments): \(run.stderr)")
            // Found in the checkout the binary was built in: shown relative to the working directory.
            let shown = ".config/meli-qa/Local.env"
            #expect(run.stderr.contains("\(shown): error: not read: \(shown) belongs to another user (uid 4242)"), "\(run.stderr)")
            #expect(!run.stderr.contains("/tmp/mal/feed.json") && !run.stdout.contains("/tmp/mal/feed.json"))
        }
    }

    /// The checkout's Config/Local.env (for `swift run`) is held to the same rule.
    @Test func theCheckoutsLocalEnvToo() throws {
        try home.write("repo/Package.swift", "")
        try home.write("repo/Config/QA.env", "#include \"\(repositoryFile("Config/Base.env"))\"\n")
        let local = try home.write("repo/Config/Local.env", Self.hostile)
        #expect(chmod(local, 0o666) == 0)
        let resolver = EnvironmentResolver(
            name: .qa, processEnvironment: ["HOME": home.path], currentDirectory: home.path, executablePath: home.path + "/repo/.build/debug/meli-qa")
        let diagnostic = try failure(resolver.resolve(EnvironmentOverrides()))
        #expect(diagnostic.subject == .verbatim("repo/Config/Local.env"))
        #expect(diagnostic.text == .Trust.localEnvUntrusted(reason: .Trust.placeWritable(path: "repo/Config/Local.env", mode: "0666"), remedy: .Trust.placeWritableRemedy(path: "repo/Config/Local.env")))
    }

    /// A missing Local.env costs nothing and says nothing, whatever its folder: only a file that
    /// is there is judged, with the fstat its read makes and one stat of its folder.
    @Test func noLocalEnvNoWord() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/.config/meli-qa", withIntermediateDirectories: true)
        #expect(chmod(home.path + "/.config/meli-qa", 0o777) == 0)
        let environment = try resolve().get()
        #expect(!environment.warnings.contains { $0.message.contains("Local.env") })
    }

    // MARK: the migration of an old Local.env (M1)

    /// An installed binary's layout, without installing: `<prefix>/lib/meli-qa/<version>/`.
    func layout(version: String) throws -> String {
        try home.write(".local/lib/meli-qa/\(version)/bin/meli-qa", "")
        return home.path + "/.local/lib/meli-qa/\(version)/bin/meli-qa"
    }

    /// An old Local.env another user owns (root's, in a shared prefix; or one a package carried) is
    /// not copied into the user's configuration folder: the run says so once, and the folder's
    /// Local.env is made holding a note saying so, so it is not offered again. (Before, it was
    /// copied, and read from then on.) Here this process plays user 4242, to whom the real files,
    /// root's or this user's, belong to someone else.
    @Test func anOldLocalEnvOfAnotherUserIsNotAdopted() throws {
        let executable = try layout(version: "1.0.0")
        let old = try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/Local.env", Self.hostile)
        let owner = try #require(FileSystem.local.inspect(old)).owner
        var fileSystem = FileSystem.local
        fileSystem.currentUser = { owner &+ 4242 }
        let local = LocalEnvFile(binary: "meli-qa", configDirectory: home.path + "/.config/meli-qa", executablePath: executable, fileSystem: fileSystem)
        #expect(local.migrate() == .notAdopted(from: old, to: configLocal, owner: owner))
        let note = try String(contentsOfFile: configLocal, encoding: .utf8)
        #expect(note.hasPrefix("// Your own settings for this program") && note.contains("Not copied from \(old): it belongs to another user (uid \(owner))"))
        #expect(!note.contains("MELI_UPDATE_KEYS"), "nothing of it is copied")
        #expect(FileSystem.local.permissions(of: configLocal) == 0o600)
        #expect(local.migrate() == nil, "said once")
        let diagnostic = LocalEnvFile.Migration.notAdopted(from: old, to: configLocal, owner: owner).diagnostic { $0 }
        #expect(diagnostic.severity == .warning && diagnostic.subject == .verbatim(old))
        #expect(diagnostic.message.hasPrefix("not copied to \(configLocal): this file belongs to another user (uid \(owner))"))
    }

    /// The user's own old Local.env is still copied, as before.
    @Test func theUsersOwnOldLocalEnvIsCopied() throws {
        let executable = try layout(version: "1.0.0")
        let old = try home.write(".local/lib/meli-qa/1.0.0/share/meli-qa/Local.env", "MELI_LOG_LEVEL = error\n")
        let local = LocalEnvFile(binary: "meli-qa", configDirectory: home.path + "/.config/meli-qa", executablePath: executable)
        #expect(local.migrate() == .copied(from: old, to: configLocal))
        #expect(try String(contentsOfFile: configLocal, encoding: .utf8) == "MELI_LOG_LEVEL = error\n")
    }
}
