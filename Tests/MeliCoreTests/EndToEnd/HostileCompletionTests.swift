import Foundation
import Testing
@testable import MeliCore

/// Completion with a server whose ids are shell code: what bash's completion function inserts
/// must be the text offered and nothing else. Both ends are tried: `__complete` never offers an
/// id that is not well formed (`ServerWord`), and the bash script quotes whatever it inserts.
@Suite("Completion of hostile server values in bash", .serialized)
final class HostileCompletionTests: @unchecked Sendable {
    let home: TemporaryDirectory
    static let hostile = ["$(touch${IFS}pwned)", "`touch pwned`", "a;touch pwned", "-rf", "*", ">pwned", "&x", "$HOME", "a|b", "~root"]

    init() throws { home = try TemporaryDirectory() }

    func environment(_ base: String) -> [String: String] {
        let binaries = BinaryRunner.productsDirectory.map { $0 + ":" } ?? ""
        return [
            "HOME": home.path, "PATH": binaries + "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_LANG": "en",
            "MELI_NO_UPDATE_NOTIFIER": "1", "MELI_HTTP_TIMEOUT": "5",
        ]
    }

    /// A search answer whose results, sorts, filter keys and filter values include `hostile`,
    /// beside well-formed ones (`MLA897752664`, `price_asc`, `free`, `*-1000.0`, `[2002-2002]`).
    static func search() throws -> [UInt8] {
        var page = try JSONSerialization.jsonObject(with: Data(HTTPPathTests.fixture("search_MLA_motorola_g6_2021.json"))) as! [String: Any]
        var results = page["results"] as! [[String: Any]]
        for (index, id) in hostile.prefix(results.count - 1).enumerated() { results[index + 1]["id"] = id }
        page["results"] = results
        page["available_sorts"] = (hostile + ["price_asc"]).map { ["id": $0, "name": "sort"] }
        let values = (hostile + ["free", "*-1000.0", "[2002-2002]"]).map { ["id": $0, "name": "value", "results": 1] as [String: Any] }
        page["available_filters"] = (hostile + ["shipping"]).map { ["id": $0, "name": "filter", "type": "text", "values": values] as [String: Any] }
        page["filters"] = [Any]()
        return Array(try JSONSerialization.data(withJSONObject: page))
    }

    static func categories() -> [UInt8] {
        let ids = hostile.map { "MPA1" + $0 } + ["MPA1;touch${IFS}pwned", "MPA1055"]
        return Array(("[" + ids.map { #"{"id":"\#($0.replacingOccurrences(of: "`", with: "\\u0060"))","name":"c"}"# }.joined(separator: ",") + "]").utf8)
    }

    /// Runs bash's completion function for each line (split as bash splits it), then evaluates
    /// each inserted word as Enter would: for each candidate, what COMPREPLY holds, a tab, and
    /// what the shell reads it as.
    func bash(_ lines: [[String]], base: String) throws -> [[String]] {
        let script = try Shells.script("meli-qa", "bash", in: home, name: "meli-qa.bash")
        var program = "cd \(BrowseScreen.quoted(home.path)) && source \(BrowseScreen.quoted(script))\n"
        for words in lines {
            let quoted = words.map(BrowseScreen.quoted).joined(separator: " ")
            program += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); _meli_qa\n"
            program += "for w in \"${COMPREPLY[@]}\"; do eval \"printf '%s\\t%s\\n' \\\"\\$w\\\" $w\"; done; echo --\n"
        }
        let result = try BinaryRunner.run(try Shells.path("bash"), ["--norc", "--noprofile", "-c", program], environment: environment(base), directory: home.path)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        return result.stdout.split(separator: "--\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\n").map(String.init) }
    }

    /// What a candidate is once the shell has read it.
    func inserted(_ line: String) -> String { line.split(separator: "\t", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }

    @Test func serverIdsThatAreShellCodeAreNeverOffered() throws {
        let search = try Self.search()
        let server = try LoopbackServer(routes: { target in
            let json = ["Content-Type": "application/json"]
            if target.hasPrefix("/sites/MLA/search") { return .respond(status: 200, headers: json, body: search) }
            if target == "/sites/MPA/categories" { return .respond(status: 200, headers: json, body: Self.categories()) }
            return .respond(status: 404, body: Array("{}".utf8))
        })
        defer { server.stop() }
        // A glob's match, to tell a glob inserted as it is from one left to expand.
        _ = try home.write("shipping=x-1000.0", "")
        for arguments in [["search", "ktm", "--site", "MLA"], ["categories", "--site", "MPA"]] {
            let run = try BinaryRunner.run("meli-qa", arguments, environment: environment(server.baseURL))
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let answers = try bash([
            ["meli-qa", "search", "x", "--filter", "shipping", "=", ""],
            ["meli-qa", "search", "x", "--filter", ""],
            ["meli-qa", "search", "x", "--sort", ""],
            ["meli-qa", "item", ""],
            ["meli-qa", "category", "MPA"],
        ], base: server.baseURL)
        #expect(answers.count == 5)
        guard answers.count == 5 else { return }
        // After `KEY=`, `-rf` is no option, and `*` is quoted: each is inserted as itself.
        #expect(answers[0].map(inserted) == ["-rf", "*", "free", "*-1000.0", "[2002-2002]"], "the values, each inserted as itself")
        #expect(answers[0].filter { $0.hasPrefix("*") || $0.hasPrefix("[") }.isEmpty, "globs are quoted: \(answers[0])")
        #expect(answers[1].map(inserted) == ["shipping="])
        #expect(Set(answers[2].map(inserted)) == Set(SearchCommand.sorts), "the choices only")
        #expect(answers[3].map(inserted) == ["MLA897752664"])
        #expect(answers[4].map(inserted) == ["MPA1055"])
        #expect(!FileManager.default.fileExists(atPath: home.path + "/pwned"))
    }

    /// Whatever a binary answers, the bash script inserts it quoted: a stand-in `meli-qa` offers
    /// the hostile words themselves, and each is, once read by the shell, that very text.
    @Test func theBashScriptQuotesWhatItInserts() throws {
        let standIn = try home.write("bin/meli-qa", "#!/bin/sh\nprintf '%s\\n' " + Self.hostile.map(BrowseScreen.quoted).joined(separator: " ") + " 'id,title' ':4'\n")
        #expect(chmod(standIn, 0o755) == 0)
        let answers = try bash([[standIn, "item", ""]], base: "sandbox://")
        #expect(answers.first?.map(inserted) == Self.hostile + ["id,title"])
        #expect(answers.first?.last == "id,title\tid,title", "a word that needs no quotes is left as it is")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/pwned"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/bin/pwned"))
    }
}
