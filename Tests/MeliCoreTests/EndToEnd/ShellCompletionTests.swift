import Foundation
import Testing
@testable import MeliCore

/// The generated completion scripts in the real shells, through each shell's own completion
/// machinery, calling the built binaries on PATH: bash's `complete -F` function with the words
/// split as bash splits them (and Tab in an interactive bash), zsh's compinit in a terminal (tmux),
/// fish's `complete -C`. meli-dev's and meli-qa's scripts are loaded together: each must answer
/// for its own binary (meli-dev's sandbox has three sites, meli-qa knows twenty without asking).
@Suite("Completion in bash, zsh and fish", .serialized)
final class ShellCompletionTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let sandboxSites = ["MLA", "MLB", "MCO"]

    init() throws {
        home = try TemporaryDirectory()
        // A search, so that --sort, --filter and item have values.
        let search = try BinaryRunner.run("meli-dev", ["search", "iphone", "--site", "MLA"], environment: environment())
        #expect(search.status == 0, "\(search.stderr)")
    }

    /// A fresh HOME, English, and the built binaries first on PATH, as an installed meli would be.
    func environment() -> [String: String] {
        let binaries = BinaryRunner.productsDirectory.map { $0 + ":" } ?? ""
        return ["HOME": home.path, "PATH": binaries + "/usr/bin:/bin", "MELI_LANG": "en", "MELI_NO_UPDATE_NOTIFIER": "1", "TERM": "xterm-256color"]
    }

    /// Runs `shell` with `arguments`, exactly `environment()`; its standard output.
    func run(_ shell: String, _ arguments: [String]) throws -> String {
        let result = try BinaryRunner.run(try Shells.path(shell), arguments, environment: environment(), directory: home.path)
        #expect(result.status == 0, "\(shell): \(result.stderr)")
        #expect(result.stderr == "", "\(shell) said something")
        return result.stdout
    }

    /// Calls the bash function for each line, given as bash splits it (`COMP_WORDBREAKS` holds `=`):
    /// `COMPREPLY`, one array a line.
    func bash(_ lines: [[String]]) throws -> [[String]] {
        let dev = try Shells.script("meli-dev", "bash", in: home, name: "meli-dev.bash")
        let qa = try Shells.script("meli-qa", "bash", in: home, name: "meli-qa.bash")
        var program = "source \(BrowseScreen.quoted(dev)); source \(BrowseScreen.quoted(qa))\n"
        program += "complete -p meli-dev meli-qa >/dev/null || exit 9\n"
        for words in lines {
            let function = Completions.functionName(words[0])
            let quoted = words.map(BrowseScreen.quoted).joined(separator: " ")
            program += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); \(function); printf '%s\\n' \"${COMPREPLY[@]}\" '--'\n"
        }
        let out = try run("bash", ["--norc", "--noprofile", "-c", program])
        return out.split(separator: "--\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\n").map(String.init) }
    }

    @Test func bashCompletesThroughItsFunction() throws {
        let answers = try bash([
            ["meli-dev", "se"],
            ["meli-dev", "self", ""],
            ["meli-dev", "-v", "cache", ""],
            ["meli-dev", "search", "tv", "--site", ""],
            ["meli-qa", "search", "tv", "--site", ""],
            ["meli-dev", "search", "tv", "--site", "=", "ML"],
            ["meli-dev", "search", "tv", "--sort", "price"],
            ["meli-dev", "search", "tv", "--filter", "cond"],
            ["meli-dev", "search", "tv", "--filter", "condition", "="],
            ["meli-dev", "search", "tv", "--filter", "condition", "=", "n"],
            ["meli-dev", "item", "--json", "=", "id,ti"],
            ["meli-dev", "category", "MLB105"],
            ["meli-dev", "bogus", ""],
        ])
        let root = Program.root(binary: "meli-dev", environment: .dev)
        #expect(answers.count == 13)
        guard answers.count == 13 else { return }
        #expect(answers[0] == ["search", "self"])
        #expect(answers[1] == root.subcommand(named: "self")!.subcommands.map(\.name))
        #expect(answers[2] == ["info", "clear"])
        #expect(Set(answers[3]) == Set(sandboxSites), "meli-dev's sandbox")
        #expect(answers[4] == KnownSites.all.keys.sorted(), "meli-qa's own script asks meli-qa")
        #expect(Set(answers[5]) == ["MLA", "MLB"], "bash's word after '=' is replaced")
        #expect(answers[6] == ["price_asc", "price_desc"])
        #expect(answers[7] == ["condition="])
        #expect(answers[8] == ["new"], "bash's word is the '=', but what Tab replaces follows it")
        #expect(answers[9] == ["new"])
        #expect(answers[10] == ["id,title"], "bash's word is what follows '='")
        #expect(answers[11] == ["MLB1051", "MLB1055"], "a category and its child (Celulares e Telefones › Celulares e Smartphones)")
        #expect(answers[12] == [])
    }

    /// Tab in an interactive bash, which splits the line itself.
    @Test func bashCompletesWithTabInATerminal() throws {
        let script = try Shells.script("meli-dev", "bash", in: home, name: "meli-dev.bash")
        let tmux = try Tmux(width: 100, height: 20, environment: environment())
        try tmux.run("source \(BrowseScreen.quoted(script)); clear")
        try tmux.type("meli-dev search tv --filter condition=")
        try tmux.press("Tab")
        _ = try tmux.waitUntil("the filter's only value") { $0.contains("meli-dev search tv --filter condition=new") }
        try tmux.press("C-u")
        try tmux.type("meli-dev search tv --site=M")
        try tmux.press("Tab", "Tab")
        let listed = try tmux.waitUntil("the sites listed") { screen in self.sandboxSites.allSatisfy { screen.contains($0) } }
        #expect(!listed.contains("MLM"), "meli-dev's sandbox has no MLM")
    }

    /// zsh: meli-dev's script autoloaded from fpath as the packages install it (`_meli-dev`),
    /// meli-qa's sourced; compinit; Tab lists the candidates with their descriptions.
    @Test func zshCompletesWithDescriptions() throws {
        _ = try Shells.path("zsh")
        let functions = home.path + "/functions"
        _ = try Shells.script("meli-dev", "zsh", in: home, name: "functions/_meli-dev")
        let qa = try Shells.script("meli-qa", "zsh", in: home, name: "meli-qa.zsh")
        let tmux = try Tmux(width: 100, height: 30, environment: environment())
        try tmux.run("exec zsh -f")
        try tmux.run("PS1='zsh> '; fpath=(\(BrowseScreen.quoted(functions)) $fpath); autoload -U compinit && compinit -u -D && source \(BrowseScreen.quoted(qa)); clear")
        _ = try tmux.waitUntil("zsh's prompt") { $0.hasPrefix("zsh>") }

        func tab(_ line: String, until what: String, _ condition: @escaping (String) -> Bool) throws -> String {
            try tmux.press("C-u")
            try tmux.type(line)
            try tmux.press("Tab")
            if let screen = try? tmux.waitUntil(what, timeout: 3, condition) { return screen }
            try tmux.press("Tab")
            return try tmux.waitUntil(what, condition)
        }
        let sites = try tab("meli-dev search tv --site M", until: "the sandbox's sites") { $0.contains("MLA") && $0.contains("-- Argentina") }
        #expect(sites.contains("MCO") && sites.contains("-- Colombia") && !sites.contains("MLM"), "\(sites)")
        let commands = try tab("meli-dev se", until: "the commands") { $0.contains("-- Search a site's listings.") }
        #expect(commands.contains("self"), "\(commands)")
        // meli-dev's sandbox has no MP... site: these come from meli-qa's own script and binary.
        let qaSites = try tab("meli-qa search tv --site MP", until: "meli-qa's own answer") { $0.contains("-- Perú") }
        #expect(qaSites.contains("MPY") && qaSites.contains("-- Paraguay"), "\(qaSites)")
        _ = try tab("meli-dev search tv --filter condition=", until: "the filter's value") { $0.contains("--filter condition=new") }
    }

    /// fish: `complete -C` runs fish's completion for a line: candidates and descriptions.
    @Test func fishCompletesWithDescriptions() throws {
        let dev = try Shells.script("meli-dev", "fish", in: home, name: "meli-dev.fish")
        let qa = try Shells.script("meli-qa", "fish", in: home, name: "meli-qa.fish")
        let lines = [
            "meli-dev search tv --site ", "meli-qa search tv --site MLM", "meli-dev search tv --site=MC", "meli-dev sea",
            "meli-dev search tv --filter condition=", "meli-dev bogus ", "meli-dev env diff q",
        ]
        var program = "source \(BrowseScreen.quoted(dev)); source \(BrowseScreen.quoted(qa))\n"
        for line in lines { program += "complete -C \(BrowseScreen.quoted(line)); echo @@\n" }
        let answers = try run("fish", ["--no-config", "-c", program])
            .split(separator: "@@\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\n").map(String.init) }
        #expect(answers.count == lines.count)
        guard answers.count == lines.count else { return }
        #expect(answers[0] == ["MCO\tColombia", "MLA\tArgentina", "MLB\tBrasil"])
        #expect(answers[1] == ["MLM\tMéxico"], "meli-qa's own answer: the sites it knows")
        #expect(answers[2] == ["--site=MCO\tColombia"])
        #expect(answers[3] == ["search\t" + Message.CatalogHelp.searchSummary.english])
        #expect(answers[4].count == 1 && answers[4].first?.hasPrefix("condition=new\t") == true, "\(answers[4])")
        #expect(answers[5] == [])
        #expect(answers[6] == ["qa\t" + Message.Completion.environment(binary: "meli-qa", file: "QA.env").english])
    }

    /// A shell that is not installed fails these tests, saying what installs it; none is skipped.
    @Test func aMissingShellFailsNamingSetup() {
        let error = #expect(throws: Shells.Missing.self) { try Shells.path("no-such-shell-\(getpid())") }
        #expect(error?.description.contains("run scripts/setup, which installs it") == true)
    }
}
