import Foundation
import Testing
@testable import MeliCore

/// The pager as a user meets it: the built binary on a pseudo-terminal, a stand-in pager on PATH
/// that records what it was given and its environment, and the same commands piped.
@Suite("Pager end to end")
final class PagerBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let bin: String
    /// What the stand-in pager read, and its environment.
    var paged: String { (try? String(contentsOfFile: home.path + "/paged", encoding: .utf8)) ?? "" }
    var pagerEnvironment: String { (try? String(contentsOfFile: home.path + "/pager-env", encoding: .utf8)) ?? "" }
    var pagerRan: Bool { FileManager.default.fileExists(atPath: home.path + "/paged") }

    init() throws {
        home = try TemporaryDirectory()
        bin = home.path + "/bin"
        // Reads everything, as a pager does, shows none of it, and keeps it and its environment.
        let recorder = "#!/bin/sh\ncat > \"$HOME/paged\"\nenv > \"$HOME/pager-env\"\n"
        for name in ["record-pager", "less"] {
            let path = try home.write("bin/\(name)", recorder)
            chmod(path, 0o755)
        }
    }

    func environment(_ extra: [String: String]) -> [String: String] {
        ["HOME": home.path, "PATH": bin + ":/usr/bin:/bin", "TERM": "xterm"].merging(extra) { $1 }
    }

    @Test func itemOnATerminalGoesThroughMELI_PAGERWithLessDefaults() throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "item", "MLA1400000237"], environment: environment(["MELI_PAGER": "record-pager"]))
        #expect(run.ending == .exited(0), "\(run.screen)")
        #expect(paged.contains("Apple iPhone 13 128 GB Azul Medianoche"))
        #expect(!run.screen.contains("Apple iPhone 13"), "the pager shows the output, not meli: \(run.screen)")
        // Colours reach the pager, which LESS=R lets through.
        #expect(paged.contains("\u{1B}[1m"))
        let variables = Set(pagerEnvironment.split(separator: "\n").map(String.init))
        #expect(variables.contains("LESS=FRX"))
        #expect(variables.contains("LV=-c"))
    }

    @Test func aLESSOfTheUsersOwnIsKept() throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "categories"], environment: environment(["PAGER": "record-pager", "LESS": "-i"]))
        #expect(run.ending == .exited(0))
        #expect(paged.contains("MLA1051"))
        #expect(pagerEnvironment.split(separator: "\n").contains("LESS=-i"))
    }

    @Test func withNoPagerNamedLessOnPATHPages() throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "search", "iphone"], environment: environment([:]))
        #expect(run.ending == .exited(0))
        #expect(paged.contains("MLA1400000237"))
    }

    @Test func helpPagesInBothLanguages() throws {
        _ = try PseudoTerminal.run("meli-dev", ["--help"], environment: environment(["MELI_PAGER": "record-pager"]))
        #expect(paged.contains("LEARN MORE"))
        _ = try PseudoTerminal.run("meli-dev", ["help", "item"], environment: environment(["MELI_PAGER": "record-pager", "LANG": "es_AR.UTF-8"]))
        #expect(paged.contains("MÁS INFORMACIÓN"))
    }

    @Test(arguments: [["MELI_PAGER": ""], ["MELI_PAGER": "cat"], ["PAGER": "cat"], ["PAGER": ""], ["MELI_PAGER": "", "PAGER": "record-pager"]])
    func emptyOrCatTurnsPagingOff(_ variables: [String: String]) throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "item", "MLA1400000237"], environment: environment(variables))
        #expect(run.ending == .exited(0))
        #expect(!pagerRan)
        #expect(run.screen.contains("Apple iPhone 13 128 GB Azul Medianoche"))
    }

    @Test func pipedOutputIsNeverPaged() throws {
        let result = try BinaryRunner.run("meli-dev", ["-q", "item", "MLA1400000237"], environment: environment(["MELI_PAGER": "record-pager"]))
        #expect(result.status == 0)
        #expect(!pagerRan)
        #expect(result.stdout.contains("title\tApple iPhone 13"))
    }

    @Test func aCommandThatPrintsNothingOpensNoPager() throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "item", "MLA999"], environment: environment(["MELI_PAGER": "record-pager"]))
        #expect(run.ending == .exited(5))
        #expect(!pagerRan)
        #expect(run.screen.contains("error:"))
    }

    @Test func aPagerThatCannotStartIsOneWarningAndTheOutputStillComes() throws {
        let run = try PseudoTerminal.run("meli-dev", ["-q", "sites"], environment: environment(["MELI_PAGER": "no-such-pager -R"]))
        #expect(run.ending == .exited(0))
        #expect(run.screen.contains("Argentina"))
        let item = try PseudoTerminal.run("meli-dev", ["item", "MLA1400000237", "--no-color"], environment: environment(["MELI_PAGER": "no-such-pager -R"]))
        #expect(item.ending == .exited(0))
        #expect(item.screen.contains("Apple iPhone 13 128 GB Azul Medianoche"))
        #expect(item.screen.components(separatedBy: "warning: the pager 'no-such-pager -R'").count == 2, "\(item.screen)")
    }

    /// q before the end: the pager leaves while meli still has much to write (more than a pipe
    /// holds). meli neither dies of SIGPIPE nor says anything; it ends as the command did.
    @Test func quittingThePagerEarlyIsNoError() throws {
        let description = String(repeating: "Una línea larga de la descripción de la publicación.\n", count: 6000)
        let item = HTTPPathTests.fixture("item_MLA848214758.json")
        let server = try LoopbackServer(routes: { target in
            target.hasSuffix("/description")
                ? .respond(status: 200, body: Array(#"{"plain_text":"\#(description.replacingOccurrences(of: "\n", with: "\\n"))"}"#.utf8))
                : .respond(status: 200, body: item)
        })
        defer { server.stop() }
        let run = try PseudoTerminal.run("meli-qa", ["item", "MLA848214758"], environment: environment([
            "MELI_PAGER": "exec 0<&-; true", "MELI_API_BASE_URL": server.baseURL, "MELI_LOG_LEVEL": "error",
        ]))
        #expect(run.ending == .exited(0), "\(run.screen)")
        #expect(run.screen.isEmpty, "\(run.screen.prefix(500))")
    }
}

/// The LEARN MORE footer as the built binary prints it: the addresses compiled from Config/repository.
@Suite("Help footer end to end")
struct HelpFooterBinaryTests {
    @Test(arguments: [["--help"], ["item", "--help"], ["help", "auth", "login"]])
    func everyHelpPageLinksTheREADMEAndTheIssues(_ arguments: [String]) throws {
        let home = try TemporaryDirectory()
        let result = try BinaryRunner.run("meli-dev", arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0)
        #expect(ProjectLinks.compiled.repository.hasPrefix("https://"))
        #expect(result.stdout.contains("LEARN MORE\n"))
        #expect(result.stdout.contains("help --man | man -l -"))
        // A checkout not yet adopted links nothing: no page ever shows the OWNER/REPO template.
        #expect(result.stdout.contains(ProjectLinks.compiled.readme) == !ProjectLinks.compiled.isPlaceholder)
        #expect(result.stdout.contains(ProjectLinks.compiled.issues) == !ProjectLinks.compiled.isPlaceholder)
        #expect(!result.stdout.contains("OWNER/REPO"))
    }

    @Test func onlyAnAdoptedRepositoryIsLinked() {
        #expect(ProjectLinks(repository: "https://github.com/OWNER/REPO").isPlaceholder)
        #expect(!ProjectLinks(repository: "https://github.com/acme/meli").isPlaceholder)
        let page = HelpRenderer(root: Program.root(binary: "meli-dev", environment: .dev), links: ProjectLinks(repository: "https://github.com/acme/meli"))
            .render([Program.root(binary: "meli-dev", environment: .dev)])
        #expect(page.contains("https://github.com/acme/meli/issues"))
    }
}
