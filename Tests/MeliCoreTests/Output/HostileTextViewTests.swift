import Foundation
import Testing
@testable import MeliCore

/// Issue 13, item 8, view by view: an API whose every string (names, titles, ids, descriptions,
/// attribute values, filters, addresses, token answers, error bodies, Location and Retry-After
/// headers, a feed's fields, a checksums listing) holds terminal escapes, C1 controls,
/// bidirectional overrides and isolates, NUL, backspace and carriage return. Every command runs
/// in process against it, at trace level, in every view: a coloured terminal, a terminal with
/// NO_COLOR, the same in Spanish, piped, `--json` and `--json=FIELDS` with every field.
///
/// Standard output and error may then hold none of those characters; on a coloured terminal the
/// only escapes left are the colour sequences meli itself writes (`TextStyle.paint`). JSON parses,
/// keeps the server's exact value, and writes each of those characters as a `\u` escape: the bidi
/// overrides too (`\u202e`), so a `jq` reader gets the value unchanged and a terminal showing the
/// raw JSON is not reordered.
@Suite("Hostile API text in every view")
struct HostileTextViewTests {
    /// Every kind of character a terminal acts on, between visible words that show the field was printed.
    static let hostile = "HOSTILE\u{1B}[2J\u{1B}]0;title\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J"
        + "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{0}\u{8}\r\u{1B}[8m\u{1B}[30;40mEND"
    static let base = "http://127.0.0.1:9"
    static let package = "meli-qa_9.9.9_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
    static let login = ["auth", "login", "--code", "TG-good", "--client-id", "1", "--redirect-uri", "https://example.com/cb"]

    /// How a run is shown: which streams are terminals, and the environment that decides colour and language.
    enum View: String, CaseIterable, CustomStringConvertible {
        case colour, noColour, spanishColour, piped, json, jsonFields

        var terminal: Bool { [.colour, .noColour, .spanishColour].contains(self) }
        var coloured: Bool { self == .colour || self == .spanishColour }
        var isJSON: Bool { self == .json || self == .jsonFields }
        var environment: [String: String] {
            switch self {
            case .noColour: ["NO_COLOR": "1"]
            case .spanishColour: ["MELI_LANG": "es"]
            default: [:]
            }
        }
        var description: String { rawValue }
    }

    /// What a command's JSON holds of the server's text.
    enum JSONText: Sendable {
        /// Its exact value, escaped.
        case exact
        /// The value made safe where it was read: a feed's changes are cleaned as the feed is
        /// loaded (`Feed.load`), for every use, JSON included.
        case cleaned
        /// Nothing from the server.
        case none
    }

    /// A command, what runs before it in the same home, its `--json` fields, and whether its output
    /// in a text view (and in JSON) quotes what the server sent.
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var setup: [[String]] = []
        var jsonFields: [String]?
        var quotesServer = true
        var json = JSONText.exact
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["sites"], jsonFields: SitesReport.fields.names),
        Case(arguments: ["site", "MLA"], jsonFields: SiteReport.fields.names, json: .none),
        Case(arguments: ["categories", "--site", "MLA"], jsonFields: CategoriesReport.fields.names),
        Case(arguments: ["category", "MLA1"], jsonFields: CategoryReport.fields.names),
        Case(arguments: ["search", "x", "--site", "MLA"], jsonFields: SearchReport.fields.names),
        Case(arguments: ["item", "MLA1"], jsonFields: ItemReport.fields.names),
        Case(arguments: ["item", "MLA1", "--no-description"], jsonFields: ItemReport.fields.names),
        Case(arguments: login),
        Case(arguments: ["auth", "status"], setup: [login], jsonFields: AuthStatusReport.fields.names),
        Case(arguments: ["auth", "token"], setup: [login], jsonFields: TokenReport.fields.names),
        Case(arguments: ["auth", "logout"], setup: [login], quotesServer: false),
        Case(arguments: ["update", "--check"], jsonFields: UpdateCheckResult.fields.names, json: .cleaned),
        Case(arguments: ["cache", "info"], setup: [["sites"], ["item", "MLA1"]], jsonFields: CacheInfoReport.fields.names, quotesServer: false, json: .none),
        Case(arguments: ["cache", "clear"], setup: [["sites"]], jsonFields: CacheClearReport.fields.names, quotesServer: false, json: .none),
        Case(arguments: ["env"], setup: [["site", "MLA"]], jsonFields: EnvReport.fields.names, quotesServer: false, json: .none),
    ]

    /// Failures whose message quotes the server (or does not, `quotesServer` false), on standard error.
    static let failures: [Case] = [
        Case(arguments: ["item", "MLA401"]),
        Case(arguments: ["item", "MLA403"]),
        Case(arguments: ["search", "x", "--site", "MLB"]),
        Case(arguments: ["item", "MLA404"], quotesServer: false),
        // Its Retry-After is quoted only as seconds or a date: the hostile one is not quoted at all.
        Case(arguments: ["item", "MLA429"], quotesServer: false),
        Case(arguments: ["item", "MLA500"], quotesServer: false),
        Case(arguments: ["item", "MLA302"]),
        Case(arguments: ["item", "MLA7"], quotesServer: false),
        Case(arguments: ["item", "MLA8"], quotesServer: false),
        Case(arguments: ["auth", "login", "--code", "TG-bad", "--client-id", "1", "--redirect-uri", "https://example.com/cb"]),
        // A token about to expire, whose renewal the server refuses with its own words.
        Case(arguments: ["item", "MLA1"], setup: [["auth", "login", "--code", "TG-short", "--client-id", "1", "--redirect-uri", "https://example.com/cb"]]),
        Case(arguments: ["update", "--check"], setup: [["wrong-feed"]]),
        Case(arguments: ["update"], quotesServer: false),
        Case(arguments: ["self", "install", "\(base)/feed.json", "--prefix", "PREFIX"], quotesServer: false),
        Case(arguments: ["self", "install", "\(base)/pkg/\(package)", "--prefix", "PREFIX"], quotesServer: false),
    ]

    static var matrix: [(Case, View)] { cases.flatMap { c in View.allCases.filter { !$0.isJSON || c.jsonFields != nil }.map { (c, $0) } } }
    static var failureMatrix: [(Case, View)] { failures.flatMap { c in View.allCases.filter { !$0.isJSON }.map { (c, $0) } } }

    @Test(arguments: matrix)
    func everyCommandInEveryViewWritesNoControlCharacter(_ command: Case, _ view: View) async throws {
        let home = try TemporaryDirectory()
        for setup in command.setup { _ = await Self.run(setup, view: .piped, home: home) }
        var arguments = command.arguments + ["-vvv"]
        if view == .json { arguments.append("--json") }
        if view == .jsonFields, let fields = command.jsonFields { arguments.append("--json=" + fields.joined(separator: ",")) }
        let run = await Self.run(arguments, view: view, home: home)
        #expect(run.code == .success, "\(run.err)")
        Self.expectSafe(run.out, coloured: view.coloured && !view.isJSON, "\(command) [\(view)] stdout")
        Self.expectSafe(run.err, coloured: view.coloured, "\(command) [\(view)] stderr")
        #expect(run.err.contains("debug:"), "\(command) [\(view)]: the logs ran")
        if ["sites", "site", "categories", "category", "search", "item"].contains(command.arguments[0]) {
            #expect(run.err.contains("x-evil: HOSTILE"), "\(command) [\(view)]: the answer's headers were logged")
        }
        if view.coloured { #expect(run.err.contains("\u{1B}[90m"), "\(command) [\(view)]: meli's own colours stay") }
        if view.isJSON {
            try Self.expectJSON(run.out, quotes: command.json, "\(command) [\(view)]")
        } else if command.quotesServer {
            #expect(run.out.contains("HOSTILE"), "\(command) [\(view)]: the server's text is shown:\n\(run.out)")
            #expect(run.out.contains("]0;title") || run.out.contains("END"), "\(command) [\(view)]: what is left of it is shown:\n\(run.out)")
        }
    }

    @Test(arguments: failureMatrix)
    func failuresQuotingTheServerWriteNoControlCharacter(_ command: Case, _ view: View) async throws {
        for verbose in [false, true] {
            let home = try TemporaryDirectory()
            var environment: [String: String] = [:]
            for setup in command.setup {
                if setup == ["wrong-feed"] { environment["MELI_QA_UPDATE_FEED_URL"] = "\(Self.base)/wrong.json" } else {
                    _ = await Self.run(setup, view: .piped, home: home)
                }
            }
            let arguments = command.arguments.map { $0 == "PREFIX" ? home.path + "/prefix" : $0 } + (verbose ? ["-vvv"] : [])
            let run = await Self.run(arguments, view: view, home: home, environment: environment)
            #expect(run.code != .success, "\(command) [\(view)] succeeded:\n\(run.out)")
            Self.expectSafe(run.out, coloured: view.coloured, "\(command) [\(view)] stdout")
            Self.expectSafe(run.err, coloured: view.coloured, "\(command) [\(view)] stderr")
            #expect(run.err.contains("error"), "\(command) [\(view)]: \(run.err)")
            if command.quotesServer, !verbose {
                #expect(run.err.contains("HOSTILE"), "\(command) [\(view)]: the server's words are quoted:\n\(run.err)")
            }
        }
    }

    /// The update notice after a command, on a terminal, lists the feed's changes.
    @Test(arguments: [View.colour, .noColour, .spanishColour])
    func theUpdateNoticeWritesNoControlCharacter(_ view: View) async throws {
        let home = try TemporaryDirectory()
        let run = await Self.run(["site"], view: view, home: home)
        #expect(run.code == .success, "\(run.err)")
        #expect(run.err.contains("9.9.9") && run.err.contains("HOSTILE"), "the notice ran:\n\(run.err)")
        Self.expectSafe(run.out, coloured: view.coloured, "site [\(view)] stdout")
        Self.expectSafe(run.err, coloured: view.coloured, "site [\(view)] stderr")
    }

    // MARK: Checks

    /// The parameter lists `TextStyle.paint` writes (`ESC [ 1;31 m`), spelt out here rather than
    /// taken from meli: the colours it may emit, nothing else.
    static let meliColours: Set<String> = {
        let colours = ["31", "32", "33", "34", "35", "36", "90"]
        return Set(["0", "1"] + colours + colours.map { "1;" + $0 })
    }()

    /// What a terminal would act on in `text`: any C0 control but tab and newline, DEL, C1, the
    /// bidirectional marks, overrides and isolates, the line and paragraph separators; and any
    /// escape except, when `coloured`, meli's own colours.
    static func unsafe(_ text: String, coloured: Bool) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B, coloured, let end = colourEnd(scalars, index) {
                index = end + 1
                continue
            }
            let bad = (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            if bad {
                let context = String(String.UnicodeScalarView(scalars[max(0, index - 12)..<min(scalars.count, index + 12)]))
                found.append("U+\(String(value, radix: 16, uppercase: true)) in \(context.debugDescription)")
            }
            index += 1
        }
        return found
    }

    /// The index of the `m` of `ESC [ codes m` at `start` when `codes` is one meli writes.
    static func colourEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var end = start + 2
        var codes = ""
        while end < scalars.count, scalars[end] != "m", codes.count < 8 {
            codes.unicodeScalars.append(scalars[end])
            end += 1
        }
        return end < scalars.count && scalars[end] == "m" && meliColours.contains(codes) ? end : nil
    }

    static func expectSafe(_ text: String, coloured: Bool, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let found = unsafe(text, coloured: coloured)
        #expect(found.isEmpty, "\(what): \(found.prefix(5).joined(separator: "; "))", sourceLocation: sourceLocation)
        // The same, on the bytes written: no ESC outside meli's colours, no C1 CSI (C2 9B), no NUL, BS or CR.
        let bytes = Array(text.utf8)
        #expect(!bytes.contains(0) && !bytes.contains(8) && !bytes.contains(13), "\(what)", sourceLocation: sourceLocation)
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && $1 == 0x9B }, "\(what)", sourceLocation: sourceLocation)
        if !coloured { #expect(!bytes.contains(0x1B), "\(what)", sourceLocation: sourceLocation) }
    }

    /// JSON that parses; the characters appear only as `\u` escapes; the server's value is kept whole.
    static func expectJSON(_ text: String, quotes: JSONText, _ what: String) throws {
        expectSafe(text, coloured: false, what)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        switch quotes {
        case .none:
            return
        case .cleaned:
            #expect(strings(in: parsed).contains { $0.contains("HOSTILEEND") }, "\(what):\n\(text)")
        case .exact:
            #expect(strings(in: parsed).contains { $0.contains(hostile) }, "\(what): the exact value is kept:\n\(text)")
            for escape in ["\\u001b", "\\u009b", "\\u202e", "\\u2066", "\\u2069", "\\u0000", "\\u0008", "\\r", "\\u0007"] {
                #expect(text.contains(escape), "\(what): \(escape) written as an escape")
            }
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings) + object.keys.map { $0 }
        default: []
        }
    }

    // MARK: Running

    static func run(_ arguments: [String], view: View, home: TemporaryDirectory, environment extra: [String: String] = [:]) async
        -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let environment = [
            "HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env"), "MELI_API_BASE_URL": base,
            "MELI_QA_UPDATE_FEED_URL": "\(base)/feed.json", "MELI_CLIENT_SECRET": "client-secret-1",
        ].merging(view.environment) { $1 }.merging(extra) { $1 }
        let context = Context(
            environment: environment, currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: view.terminal, width: 100), stderr: err.output(isTerminal: view.terminal),
            transport: RedirectFollowingTransport(HostileAPI()), clock: TestClock().source)
        let code = await Runner.run(.qa, arguments: arguments, context: context)
        return (code, out.text, err.text)
    }
}

/// The API, the token endpoint, a feed and a package folder, every string of every answer
/// `HostileTextViewTests.hostile`, and an `X-Evil` header with it on every answer (logged at trace).
private struct HostileAPI: HTTPTransport {
    static let text = HostileTextViewTests.hostile
    /// The hostile text as a JSON string, as a server sends it.
    static let s = JSONValue.string(text).serialized()

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let path = String(request.url.dropFirst(HostileTextViewTests.base.count).split(separator: "?").first ?? "")
        let s = Self.s
        let site = #"{"id":\#(s),"name":\#(s),"default_currency_id":\#(s)}"#
        let ref = #"{"id":\#(s),"name":\#(s),"total_items_in_this_category":3}"#
        let filter = #"{"id":\#(s),"name":\#(s),"values":[{"id":\#(s),"name":\#(s),"results":2}]}"#
        let sort = #"{"id":\#(s),"name":\#(s)}"#
        let error = #"{"message":\#(s),"error":\#(s),"status":400,"cause":[\#(s)]}"#
        let platform = Feed.platform
        let build = #"{"version":"9.9.9","date":"2026-03-01T00:00:00Z","expires":"2099-01-01T00:00:00Z","os":"\#(platform.os)","arch":"\#(platform.arch)","file":"\#(HostileTextViewTests.package)","sha256":"\#(String(repeating: "a", count: 64))","size":40,"notes":\#(s),"changes":[\#(s),\#(s)]}"#
        let bad = #"{"version":\#(s),"date":\#(s),"os":\#(s),"arch":\#(s),"file":\#(s),"sha256":\#(s),"changes":[\#(s)]}"#
        switch (request.method, path) {
        case ("POST", "/oauth/token"):
            let form = String(decoding: request.body ?? [], as: UTF8.self)
            let lifetime = form.contains("code=TG-good") ? 21_600 : form.contains("code=TG-short") ? 60 : nil
            guard let lifetime else { return Self.json(400, error) }
            let token = JSONValue.string("APP_USR-" + Self.text).serialized()
            return Self.json(200, #"{"access_token":\#(token),"refresh_token":\#(token),"token_type":\#(s),"expires_in":\#(lifetime),"user_id":\#(s),"scope":\#(s)}"#)
        case (_, "/sites"): return Self.json(200, "[\(site)]")
        case (_, "/sites/MLA"): return Self.json(200, site)
        case (_, "/sites/MLA/categories"): return Self.json(200, "[\(ref)]")
        case (_, "/categories/MLA1"):
            return Self.json(200, #"{"id":\#(s),"name":\#(s),"path_from_root":[\#(ref)],"children_categories":[\#(ref)],"total_items_in_this_category":5}"#)
        case (_, "/sites/MLA/search"):
            let result = #"{"id":\#(s),"title":\#(s),"price":10,"currency_id":\#(s),"condition":\#(s),"available_quantity":1,"permalink":\#(s),"thumbnail":\#(s),"shipping":{"free_shipping":true}}"#
            return Self.json(200, #"{"site_id":\#(s),"query":\#(s),"paging":{"total":50,"offset":0,"limit":1},"results":[\#(result)],"sort":\#(sort),"available_sorts":[\#(sort)],"filters":[\#(filter)],"available_filters":[\#(filter)]}"#)
        case (_, "/sites/MLB/search"): return Self.json(403, error)
        case (_, "/items/MLA1"):
            let place = #"{"name":\#(s)}"#
            return Self.json(200, #"{"id":\#(s),"title":\#(s),"price":10,"currency_id":\#(s),"condition":\#(s),"status":\#(s),"available_quantity":1,"warranty":\#(s),"permalink":\#(s),"pictures":[{"url":\#(s),"secure_url":\#(s)}],"attributes":[{"id":\#(s),"name":\#(s),"value_name":\#(s)}],"seller_address":{"city":\#(place),"state":\#(place),"country":\#(place)},"shipping":{"free_shipping":false}}"#)
        case (_, "/items/MLA1/description"): return Self.json(200, #"{"plain_text":\#(s),"text":\#(s)}"#)
        case (_, "/items/MLA401"): return Self.json(401, error)
        case (_, "/items/MLA403"): return Self.json(403, error)
        case (_, "/items/MLA429"): return Self.answer(429, ["Retry-After": Self.text], Array(error.utf8))
        case (_, "/items/MLA500"): return Self.answer(500, [:], Array(Self.text.utf8))
        case (_, "/items/MLA302"): return Self.answer(302, ["Location": "/items/" + Self.text], [])
        case (_, "/items/MLA7"): return Self.answer(200, ["Content-Type": "application/json"], Array(Self.text.utf8))
        case (_, "/items/MLA8"): return Self.json(200, #"{"id":\#(s),"title":[\#(s)]}"#)
        case (_, "/feed.json"): return Self.json(200, #"{"channel":\#(s),"binary":"meli-qa","builds":[\#(build),\#(bad)]}"#)
        case (_, "/wrong.json"): return Self.json(200, #"{"channel":\#(s),"binary":\#(s),"builds":[\#(build)]}"#)
        case (_, "/pkg/checksums.txt"): return Self.answer(200, [:], Array("\(Self.text)  \(HostileTextViewTests.package)\n\(Self.text)\n".utf8))
        default: return Self.answer(404, ["Content-Type": "application/json"], Array(error.utf8))
        }
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        answer(status, ["Content-Type": "application/json"], Array(body.utf8))
    }

    static func answer(_ status: Int, _ headers: [String: String], _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["X-Evil": text]) { $1 }, body: body)
    }
}
