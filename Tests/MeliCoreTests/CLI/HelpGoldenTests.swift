import Testing
@testable import MeliCore

/// Every help page in both languages, the man page and the completion scripts, pinned as golden
/// files: what the command declarations render, word for word.
@Suite("Help pages, man page and completions")
struct HelpGoldenTests {
    let root = Program.root(binary: "meli-qa", environment: .qa)
    /// The footer's links of an adopted repository, whatever Config/repository says in this checkout.
    let links = ProjectLinks(repository: "https://github.com/meli-example/meli")

    /// Every command's `--help`, root first, each under a `==== <path>` line.
    @Test(arguments: Language.allCases)
    func everyHelpPage(language: Language) throws {
        let renderer = HelpRenderer(root: root, language: language, links: links)
        var pages = ""
        for (path, _) in Completions.commands(root) {
            var specs = [root]
            for name in path { specs.append(try #require(specs.last!.subcommand(named: name))) }
            pages += "==== \((["meli-qa"] + path).joined(separator: " "))\n" + renderer.render(specs)
        }
        try Golden.check(pages, language == .spanish ? "help.es.txt" : "help.txt")
    }

    @Test func manPage() throws {
        let page = ManPage.render(root: root, environment: .qa, build: BuildInfo(version: "1.2.3", commit: "abc1234", date: "2026-11-21T10:00:00Z"), links: links)
        try Golden.check(page, "meli-qa.1")
    }

    @Test(arguments: Completions.shells)
    func completionScript(shell: String) throws {
        try Golden.check(try #require(Completions.script(shell, root: root)), "completion.\(shell)")
    }
}
