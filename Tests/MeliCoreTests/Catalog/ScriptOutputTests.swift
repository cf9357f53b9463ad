import Foundation
import Testing
@testable import MeliCore

/// Output a script can trust (issue 27): piped, every price and count as the API gives it, with
/// the currency in a column of its own; on a terminal, in the site's format. `--json=` naming no
/// field is a usage error listing them; `env` names a flag as the origin of what it set.
@Suite("Output for scripts")
struct ScriptOutputTests {
    /// An API whose numbers need grouping: a price of 25999 ARS and 41998.99 ARS, counts of 1234 and 56789.
    struct NumbersAPI: HTTPTransport {
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let path = request.url.split(separator: "?").first.map(String.init) ?? request.url
            let body: String
            if path.hasSuffix("/items/MLA1") {
                body = #"{"id":"MLA1","title":"Round","price":25999,"currency_id":"ARS","condition":"new"}"#
            } else if path.hasSuffix("/items/MLA2") {
                body = #"{"id":"MLA2","title":"Cents","price":41998.99,"currency_id":"ARS"}"#
            } else if path.hasSuffix("/categories/MLA5") {
                body = #"{"id":"MLA5","name":"Many","total_items_in_this_category":1234,"path_from_root":[{"id":"MLA5","name":"Many"}],"#
                    + #""children_categories":[{"id":"MLA6","name":"More","total_items_in_this_category":56789}]}"#
            } else if path.hasSuffix("/description") {
                body = #"{"plain_text":"d"}"#
            } else {
                return HTTPResponse(status: 404, headers: [:], body: [])
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        }
    }

    func qa(_ arguments: [String], terminal: Bool) async throws -> (code: ExitCode, out: String, err: String) {
        let home = try TemporaryDirectory()
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: [
                "HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env"), "MELI_ACCESS_TOKEN": "APP_USR-1-script",
                "MELI_API_BASE_URL": "http://127.0.0.1:9",
            ],
            currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 100), stderr: err.output(), transport: NumbersAPI())
        let code = await Runner.run(.qa, arguments: arguments + ["--no-color", "--no-cache", "-q"], context: context)
        return (code, out.text, err.text)
    }

    @Test func pipedPricesArePlainNumbersWithTheCurrencyBeside() async throws {
        let round = try await qa(["item", "MLA1"], terminal: false)
        #expect(round.code == .success, "\(round.err)")
        #expect(round.out.contains("\nprice\t25999\tARS\n"), "\(round.out)")
        let cents = try await qa(["item", "MLA2"], terminal: false)
        #expect(cents.out.contains("\nprice\t41998.99\tARS\n"), "\(cents.out)")
        let terminal = try await qa(["item", "MLA1"], terminal: true)
        #expect(terminal.out.contains("$ 25.999"), "the site's format on a terminal:\n\(terminal.out)")
    }

    @Test func pipedCountsArePlainNumbers() async throws {
        let piped = try await qa(["category", "MLA5"], terminal: false)
        #expect(piped.code == .success, "\(piped.err)")
        #expect(piped.out == "category\tMLA5\tMany\t1234\npath\tMLA5\tMany\t\nchild\tMLA6\tMore\t56789\n")
        let terminal = try await qa(["category", "MLA5"], terminal: true)
        #expect(terminal.out.contains("1.234") && terminal.out.contains("56.789"), "\(terminal.out)")
    }

    /// `--json=` with nothing after `=` (or only commas and spaces) lists the fields, exit 2,
    /// before anything is requested; `--json` alone is still everything.
    @Test(arguments: ["--json=", "--json=,", "--json= , "])
    func jsonWithoutFieldsIsAUsageErrorListingThem(option: String) async throws {
        let run = try InProcessRun()
        for (arguments, fields) in [
            (["item", "MLA1400000237"], ItemReport.fields.names), (["category", "MLA1051"], CategoryReport.fields.names),
            (["search", "iphone"], SearchReport.fields.names), (["sites"], SitesReport.fields.names), (["env"], EnvReport.fields.names),
        ] {
            let result = await run(arguments + [option], terminal: false)
            #expect(result.code == .usage, "\(arguments) \(option)")
            #expect(result.out.isEmpty)
            #expect(result.err.contains(Message.Output.noJSONFields(valid: fields.joined(separator: ",")).english), "\(result.err)")
        }
        #expect(await run(["sites", "--json"], terminal: false).code == .success)
    }

    /// `-q env`: the level is the flag's, and every view says so, the settings' list too.
    @Test func envNamesTheFlagAsTheOriginOfWhatItSet() async throws {
        let run = try InProcessRun()
        let json = await run(["env", "-q", "--json"], terminal: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["log_level"] as? String == "error")
        #expect((object["sources"] as? [String: Any])?["log_level"] as? String == "--quiet")
        #expect((object["settings"] as? [String: Any])?["MELI_LOG_LEVEL"] as? String == "error")
        let piped = await run(["env", "--timeout", "7"], terminal: false)
        #expect(piped.out.contains("\nsettings.MELI_HTTP_TIMEOUT\t7\t--timeout\n"), "\(piped.out)")
        #expect(piped.out.contains("\nsettings.MELI_LOG_LEVEL\terror\t--log-level\n"), "InProcessRun gives --log-level error")
        let terminal = await run(["env", "-q"], terminal: true)
        #expect(terminal.out.contains("MELI_LOG_LEVEL"))
        #expect(!terminal.out.contains("Config/Dev.env:5"), "the file no longer sets the level:\n\(terminal.out)")
    }
}
