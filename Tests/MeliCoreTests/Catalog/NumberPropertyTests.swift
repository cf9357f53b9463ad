import Foundation
import Testing
@testable import MeliCore

/// Random and extreme numbers, from the command line and from a server, through the whole of
/// `search` and `item` (argument parser, JSON decoder, model, and every view: the terminal table,
/// piped lines, JSON): whatever they are, a run ends with an exit code, never a trap.
///
/// Deterministic: the values come from a fixed seed, so a failure names a case that fails again.
@Suite("Numbers: property test")
struct NumberPropertyTests {
    static let seed: UInt64 = 0x6D65_6C69_0013
    static let cases = 1_000

    @Test func searchAndItemSurviveAnyNumbers() async throws {
        let home = try TemporaryDirectory()
        var random = SplitMix64(seed: Self.seed)
        var outcomes: [ExitCode: Int] = [:]
        for index in 0..<Self.cases {
            let page = Self.searchPage(&random)
            let item = Self.item(&random)
            let answer = AnsweringTransport { request in
                let body = request.url.contains("/search?") ? page : request.url.hasSuffix("/description") ? #"{"plain_text":"d"}"# : item
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            }
            let paging = Self.pagingArguments(&random)
            let views: [(arguments: [String], terminal: Bool)] = [
                (["search", "x", "--site", "MLA"] + paging, true), (["search", "x", "--site", "MLA"] + paging, false),
                (["search", "x", "--site", "MLA", "--json"] + paging, false), (["search", "x", "--site", "MLA", "--json=id,price"], false),
                (["item", "MLA1"], true), (["item", "MLA1"], false), (["item", "MLA1", "--json"], false),
            ]
            for view in views {
                let run = await Self.run(view.arguments, terminal: view.terminal, home: home, transport: answer)
                outcomes[run.code, default: 0] += 1
                let context = "case \(index): \(view.arguments) terminal \(view.terminal)\n\(page)\n\(item)\n\(run.err)"
                #expect([.success, .failure, .usage].contains(run.code), "\(context)")
                if run.code == .success, view.arguments.contains(where: { $0.hasPrefix("--json") }) {
                    #expect((try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) != nil, "\(context)\n\(run.out)")
                }
                if run.code != .success { #expect(run.out.isEmpty, "\(context)") }
            }
        }
        // The values reach the views: most runs succeed, so this is not a test of error paths only.
        #expect(outcomes[.success, default: 0] > Self.cases * 7 / 2, "\(outcomes)")
    }

    /// Every bit pattern is a Double (NaN, infinities, subnormals included): each is written by
    /// every currency, with nothing but its symbol, a sign, digits and separators.
    @Test func anyDoubleIsAPriceInEveryCurrency() {
        var random = SplitMix64(seed: Self.seed)
        let currencies = ["ARS", "BRL", "COP", "USD", "EUR", "CLP", "PYG", "XYZ"]
        for _ in 0..<5_000 {
            let amount = random.next() % 2 == 0 ? Double(bitPattern: random.next()) : Double(Int64(bitPattern: random.next())) / 100
            for code in currencies {
                let format = CurrencyFormat.for(code)
                let text = format.format(amount)
                let number = text.replacingOccurrences(of: format.symbol, with: "")
                #expect(text.contains(format.symbol))
                #expect(number.allSatisfy { $0.isNumber || $0 == " " || $0 == "-" || $0 == format.groupingSeparator || $0 == format.decimalSeparator },
                        "\(amount) \(code): \(text)")
                if amount.isFinite, amount.magnitude >= 1 { #expect(number.contains { $0.isNumber }, "\(amount) \(code): \(text)") }
            }
        }
    }

    /// Random header values, digits of any length among them: a lifetime is never NaN, negative or
    /// past 2^31 seconds, and a date never traps.
    @Test func anyCacheHeadersGiveALifetimeInRange() {
        var random = SplitMix64(seed: Self.seed)
        let words = ["max-age=", "no-cache", "no-store", "s-maxage=", ",", " ", "\"", "="]
        func digits() -> String {
            switch random.next() % 3 {
            case 0: Self.integer(&random)
            case 1: String(repeating: "9", count: Int(random.next() % 40))
            default: Self.price(&random)
            }
        }
        let years = ["0", "1", "1969", "9999", "10000", "9223372036854775807", "-9223372036854775808", "94"]
        for _ in 0..<20_000 {
            let control = (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] + digits() }.joined()
            let year = years[Int(random.next() % UInt64(years.count))]
            var headers = ["cache-control": control, "age": digits()]
            if random.next() % 2 == 0 { headers["expires"] = "Sun, 06 Nov \(year) 08:49:37 GMT" }
            if random.next() % 2 == 0 { headers["date"] = "Sun Nov  6 08:49:37 \(years[Int(random.next() % UInt64(years.count))])" }
            let lifetime = CachePolicy(headers: headers, fallbackLifetime: 300, now: Date(timeIntervalSince1970: 1_795_219_200)).lifetime
            #expect((0...CachePolicy.greatestDelta).contains(lifetime), "\(headers)")
            if let expires = HTTPDate.parse(headers["expires"] ?? "") { #expect(HTTPDate.format(expires).hasSuffix(" GMT")) }
        }
    }

    // MARK: Values

    static let integers: [String] = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775806", "-1", "0", "1", "20", "50",
        "4611686018427387904", "99999999999999999999", "1e3", "2.5",
    ]

    static let prices: [String] = [
        "1e300", "-1e300", "9.2e16", "9.3e18", "4.6e16", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324",
        "-0.0", "0", "0.005", "123456789012345678", "-1", "9223372036854775807", "1e999", "-1e999", "\"NaN\"", "\"abc\"", "null",
    ]

    static func integer(_ random: inout SplitMix64) -> String {
        switch random.next() % 3 {
        case 0: String(Int(bitPattern: UInt(random.next())))
        case 1: String(Int(random.next() % 200) - 20)
        default: integers[Int(random.next() % UInt64(integers.count))]
        }
    }

    static func price(_ random: inout SplitMix64) -> String {
        switch random.next() % 3 {
        case 0:
            let magnitude = Double(random.next() % 1_000_000) * pow(10, Double(Int(random.next() % 330) - 20))
            return String(random.next() % 4 == 0 ? -magnitude : magnitude)
        case 1: return String(Double(random.next() % 10_000_000) / 100)
        default: return prices[Int(random.next() % UInt64(prices.count))]
        }
    }

    static func currency(_ random: inout SplitMix64) -> String {
        ["ARS", "BRL", "COP", "USD", "EUR", "CLP", "XYZ", ""][Int(random.next() % 8)]
    }

    static func searchPage(_ random: inout SplitMix64) -> String {
        let results = (0..<Int(random.next() % 4)).map { n in
            #"{"id":"MLA\#(n)","title":"T\#(n)","price":\#(price(&random)),"currency_id":"\#(currency(&random))","available_quantity":\#(integer(&random)),"condition":"new","shipping":{"free_shipping":true}}"#
        }
        let paging = random.next() % 5 == 0 ? "" : #""paging":{"total":\#(integer(&random)),"offset":\#(integer(&random)),"limit":\#(integer(&random))},"#
        let filter = #"{"id":"price","name":"Precio","values":[{"id":"\#(price(&random))-*","name":"n","results":\#(integer(&random))}]}"#
        return #"{"site_id":"MLA","query":"x",\#(paging)"results":[\#(results.joined(separator: ","))],"available_filters":[\#(filter)]}"#
    }

    static func item(_ random: inout SplitMix64) -> String {
        #"{"id":"MLA1","title":"T","price":\#(price(&random)),"currency_id":"\#(currency(&random))","available_quantity":\#(integer(&random)),"condition":"used"}"#
    }

    static func pagingArguments(_ random: inout SplitMix64) -> [String] {
        switch random.next() % 4 {
        case 0: ["--page", integer(&random)]
        case 1: ["--offset", integer(&random)]
        case 2: ["--limit", integer(&random), "--page", integer(&random)]
        default: []
        }
    }

    // MARK: Running

    static func run(_ arguments: [String], terminal: Bool, home: TemporaryDirectory, transport: any HTTPTransport) async
        -> (code: ExitCode, out: String, err: String) {
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: [
                "HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env"), "MELI_ACCESS_TOKEN": "APP_USR-1-property",
                "MELI_API_BASE_URL": "http://127.0.0.1:9",
            ],
            currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 100), stderr: err.output(), transport: transport)
        let code = await Runner.run(.qa, arguments: arguments + ["--no-color", "--no-cache", "--log-level", "error"], context: context)
        return (code, out.text, err.text)
    }
}

/// A transport answering every request with what `answer` makes of it: thousands of cases need
/// no sockets (the loopback tests in NumberTrapBinaryTests send the same values over HTTP).
private struct AnsweringTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { answer(request) }
}

/// Sebastiano Vigna's SplitMix64: a small, fast, seedable generator, the same on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
