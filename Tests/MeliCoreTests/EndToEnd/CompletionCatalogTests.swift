import Foundation
import Testing
@testable import MeliCore

/// `__complete`'s catalog values as users meet them: `meli-qa` against a loopback server that
/// counts requests (completion must make none, even with every entry stale or the server gone,
/// and change nothing on disk), and `meli-dev`'s last search kept for `--sort`, `--filter`, `item`.
@Suite("Completion of the catalog")
final class CompletionCatalogTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func environment(_ base: String, _ extra: [String: String]) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": base, "MELI_HTTP_TIMEOUT": "5", "MELI_LOG_LEVEL": "warning", "MELI_NO_UPDATE_NOTIFIER": "1"]
            .merging(extra) { $1 }
    }

    func run(_ binary: String, _ arguments: [String], base: String = "sandbox://", env: [String: String] = [:]) throws -> RunResult {
        try BinaryRunner.run(binary, arguments, environment: environment(base, env))
    }

    /// The candidate lines (value, tab, description) for `words`, checked to be a quiet success.
    func lines(_ binary: String, _ words: [String], base: String = "sandbox://", env: [String: String] = [:]) throws -> [String] {
        let result = try run(binary, [CompleteCommand.entry] + words, base: base, env: env)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(words)")
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(":") }
    }

    func values(_ binary: String, _ words: [String], base: String = "sandbox://", env: [String: String] = [:]) throws -> [String] {
        try lines(binary, words, base: base, env: env).map { String($0.split(separator: "\t").first ?? "") }
    }

    /// Every file under `path` with its size and modification time: what a run must leave alone.
    func snapshot(_ path: String) -> [String: String] {
        var files: [String: String] = [:]
        for name in (FileManager.default.subpaths(atPath: path) ?? []) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
            files[name] = "\(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        return files
    }

    static let category = #"{"id":"MCO1747","name":"Accesorios para Vehículos","children_categories":[{"id":"MCO5810","name":"Herramientas"}]}"#

    /// Answers stale at once (max-age=0): completion takes a cached answer whatever its age.
    func catalogServer(siteName: String? = nil) throws -> LoopbackServer {
        let sites = siteName.map { #"[{"id":"MCO","name":"\#($0)","default_currency_id":"COP"}]"# }
        return try LoopbackServer(routes: { target in
            let stale = ["Cache-Control": "max-age=0", "Content-Type": "application/json"]
            switch target {
            case "/sites": return .respond(status: 200, headers: stale, body: sites.map { Array($0.utf8) } ?? HTTPPathTests.fixture("sites_2021.json"))
            case "/sites/MCO/categories": return .respond(status: 200, headers: stale, body: HTTPPathTests.fixture("categories_MCO.json"))
            case "/categories/MCO1747": return .respond(status: 200, headers: stale, body: Array(Self.category.utf8))
            default: return .respond(status: 404, body: Array("{}".utf8))
            }
        })
    }

    @Test func sitesAndCategoriesComeFromTheCacheAndNeverFromTheNetwork() throws {
        let server = try catalogServer()
        var running = true
        defer { if running { server.stop() } }
        let base = server.baseURL
        #expect(try values("meli-qa", ["search", "--site", ""], base: base) == KnownSites.all.keys.sorted(), "nothing cached yet")
        #expect(try values("meli-qa", ["category", ""], base: base, env: ["MELI_DEFAULT_SITE": "MCO"]) == [])
        #expect(server.requests.isEmpty, "\(server.requests.map(\.line))")

        for arguments in [["sites"], ["categories", "--site", "MCO"], ["category", "MCO1747"]] {
            #expect(try run("meli-qa", arguments, base: base).status == 0, "\(arguments)")
        }
        let asked = server.requests.count
        let cache = snapshot(home.path + "/.cache")
        let state = snapshot(home.path + "/.local/state")

        let sites = try JSONSerialization.jsonObject(with: Data(HTTPPathTests.fixture("sites_2021.json"))) as! [[String: Any]]
        let siteLines = sites.map { "\($0["id"]!)\t\($0["name"]!)" }
        let categories = try JSONSerialization.jsonObject(with: Data(HTTPPathTests.fixture("categories_MCO.json"))) as! [[String: Any]]
        let categoryLines = categories.map { "\($0["id"]!)\t\($0["name"]!)" } + ["MCO5810\tAccesorios para Vehículos › Herramientas"]
        for round in 0..<2 {
            #expect(try lines("meli-qa", ["search", "--site", ""], base: base) == siteLines)
            #expect(try lines("meli-qa", ["search", "--site", "MCO", "--category", ""], base: base) == categoryLines, "--site on the line")
            #expect(try lines("meli-qa", ["category", ""], base: base, env: ["MELI_DEFAULT_SITE": "MCO"]) == categoryLines, "the current site")
            #expect(try values("meli-qa", ["category", "mco174"], base: base) == ["MCO1747", "MCO1743"], "the word's own site, in either case")
            #expect(try values("meli-qa", ["category", "MLA"], base: base) == [], "MLA's categories were never asked for")
            #expect(try values("meli-qa", ["search", "--site", "MLA", "--category", ""], base: base) == [])
            if round == 0 {
                server.stop()   // the second round with the API down
                running = false
            }
        }
        #expect(server.requests.count == asked, "completion asked the server: \(server.requests.map(\.line).dropFirst(asked))")
        #expect(snapshot(home.path + "/.cache") == cache, "an entry was written, touched or removed")
        #expect(snapshot(home.path + "/.local/state") == state)
    }

    @Test func aLoginsOwnEntriesAreReadAndItsSecretsNeverShown() throws {
        let token = "APP_USR-completion-token-7d1f"
        let server = try catalogServer(siteName: "Colombia \(token)")
        defer { server.stop() }
        let env = ["MELI_ACCESS_TOKEN": token]
        #expect(try run("meli-qa", ["sites"], base: server.baseURL, env: env).status == 0)
        let asked = server.requests.count
        let answer = try lines("meli-qa", ["search", "--site", ""], base: server.baseURL, env: env)
        #expect(answer == ["MCO\tColombia \(Redactor.mask)"], "the token's own entry, its echo masked")
        #expect(try values("meli-qa", ["search", "--site", ""], base: server.baseURL) == KnownSites.all.keys.sorted(), "another login's entry is not read")
        #expect(server.requests.count == asked)
    }

    @Test func sortsFiltersAndItemsComeFromTheLastSearch() throws {
        #expect(try lines("meli-dev", ["search", "x", "--sort", ""]) == SearchCommand.sorts, "no search yet: the choices, undescribed")
        #expect(try lines("meli-dev", ["search", "x", "--filter", ""]) == [])
        #expect(try lines("meli-dev", ["item", ""]) == [])

        let search = try run("meli-dev", ["search", "iphone", "--site", "MLA", "--json"])
        #expect(search.status == 0)
        let page = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as! [String: Any]
        let results = (page["results"] as! [[String: Any]]).map { "\($0["id"]!)\t\($0["title"]!)" }
        let sorts = ([page["sort"] as Any] + (page["available_sorts"] as! [Any])).compactMap { $0 as? [String: Any] }
        let filters = (page["available_filters"] as! [[String: Any]])
        let condition = try #require(filters.first { $0["id"] as? String == "condition" })
        let conditionValues = (condition["values"] as! [[String: Any]]).map { "condition=\($0["id"]!)\t\($0["name"]!) (\($0["results"]!))" }

        #expect(try lines("meli-dev", ["item", ""]) == results)
        #expect(try lines("meli-dev", ["search", "y", "--sort", ""]) == sorts.map { "\($0["id"]!)\t\($0["name"]!)" })
        let keys = try run("meli-dev", [CompleteCommand.entry, "search", "y", "--filter", "con"])
        #expect(keys.stdout == "condition=\t\(condition["name"]!)\n:6\n", "no space after '=': the value follows")
        #expect(try lines("meli-dev", ["search", "y", "--filter", "condition="]) == conditionValues)
        #expect(try lines("meli-dev", ["search", "y", "--filter=condition="]) == conditionValues.map { "--filter=" + $0 })
        #expect(try lines("meli-dev", ["search", "y", "--filter", "nothing="]) == [])
        #expect(try lines("meli-qa", ["item", ""]) == [], "each binary keeps its own")
        // Another site on the line: the MLA search's filters and sorts would find nothing there.
        #expect(try lines("meli-dev", ["search", "y", "--site", "MLB", "--filter", "condition="]) == [])
        #expect(try lines("meli-dev", ["search", "y", "--site", "MLB", "--sort", ""]) == SearchCommand.sorts)
        #expect(try lines("meli-dev", ["search", "y", "--site", "mla", "--filter", "condition="]) == conditionValues)
    }

    /// The same search again leaves the file as it was (the same inode, not replaced); another
    /// search replaces it, and completion follows.
    @Test func theSameSearchAgainLeavesTheLastSearchAsItWas() throws {
        let file = home.path + "/.local/state/meli-dev/" + LastSearch.fileName
        func inode() -> ino_t? {
            var info = stat()
            return stat(file, &info) == 0 ? info.st_ino : nil
        }
        #expect(try run("meli-dev", ["search", "iphone", "--site", "MLA"]).status == 0)
        let first = try #require(inode())
        #expect(try run("meli-dev", ["search", "iphone", "--site", "MLA"]).status == 0)
        #expect(inode() == first, "the same search: not written again")
        let items = try values("meli-dev", ["item", ""])
        #expect(try run("meli-dev", ["search", "iphone", "--site", "MLA", "--sort", "price_asc"]).status == 0)
        #expect(inode() != first, "another search: replaced")
        let sorted = try values("meli-dev", ["item", ""])
        #expect(Set(sorted) != [] && sorted != items, "completion offers the new search's results")
    }

    @Test func anUntrustedStateFolderGivesNothingQuietly() throws {
        #expect(try run("meli-dev", ["search", "iphone", "--site", "MLA"]).status == 0)
        let state = home.path + "/.local/state/meli-dev"
        #expect(chmod(state, 0o777) == 0)
        defer { chmod(state, 0o700) }
        #expect(try lines("meli-dev", ["item", ""]) == [])
    }

    /// Keeping the last search costs completion only: a state folder it may not write (a link,
    /// here) leaves the search's output and exit code as they were, and nothing is written there.
    @Test func aSearchWhoseStateCannotBeKeptStillSucceeds() throws {
        let elsewhere = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path + "/.local/state", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.path + "/.local/state/meli-dev", withDestinationPath: elsewhere.path)
        let search = try run("meli-dev", ["search", "iphone", "--site", "MLA", "--json=id"], env: ["MELI_LOG_LEVEL": "error"])
        #expect(search.status == 0)
        #expect(search.stdout.contains("\"MLA1400000237\""))
        #expect(search.stderr == "")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) == [])
        #expect(try lines("meli-dev", ["item", ""]) == [])
    }
}
