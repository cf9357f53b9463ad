import Testing
@testable import MeliCore

/// A description's line breaks, whatever they are: "\r\n" is one Character in Swift, so splitting
/// at "\n" kept a description written with Windows line ends (or old Mac ones, "\r") whole, and
/// the view then dropped its "\r"s: on a terminal its lines ran together ("onetwothree") or lost
/// their indentation.
@Suite("Item description lines")
struct ItemDescriptionLinesTests {
    @Test(arguments: ["one\r\ntwo\r\n\r\nthree", "one\ntwo\n\nthree", "one\rtwo\r\rthree"])
    func onATerminalEveryLineIsIndented(_ description: String) async throws {
        let (code, out, err) = try await Self.item(description: description, terminal: true)
        #expect(code == .success, "\(err)")
        #expect(Array(out.split(separator: "\n", omittingEmptySubsequences: false).suffix(5)) == ["  one", "  two", "", "  three", ""])
    }

    @Test(arguments: ["one\r\ntwo", "one\ntwo", "one\rtwo", "one\ttwo"])
    func pipedTheDescriptionStaysOnOneLine(_ description: String) async throws {
        let (code, out, err) = try await Self.item(description: description, terminal: false)
        #expect(code == .success, "\(err)")
        #expect(out.split(separator: "\n").last == "description\tone two")
    }

    static func item(description: String, terminal: Bool) async throws -> (ExitCode, String, String) {
        let home = try TemporaryDirectory()
        let out = OutputBuffer()
        let err = OutputBuffer()
        let context = Context(
            environment: ["HOME": home.path, "MELI_ENV_FILE": repositoryFile("Config/QA.env"), "MELI_API_BASE_URL": DescriptionAPI.base],
            currentDirectory: home.path, executablePath: nil,
            stdout: out.output(isTerminal: terminal, width: 100), stderr: err.output(),
            transport: DescriptionAPI(description: description))
        let code = await Runner.run(.qa, arguments: ["item", "MLA1", "--no-color", "--no-cache"], context: context)
        return (code, out.text, err.text)
    }
}

/// An item whose description is the one given.
private struct DescriptionAPI: HTTPTransport {
    static let base = "http://127.0.0.1:9"
    let description: String

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let json = { (body: String) in HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)) }
        if request.url.hasSuffix("/items/MLA1/description") {
            return json(#"{"plain_text":\#(JSONValue.string(description).serialized())}"#)
        }
        if request.url.hasSuffix("/items/MLA1") {
            return json(#"{"id":"MLA1","title":"T","price":10,"currency_id":"ARS","condition":"new","available_quantity":1}"#)
        }
        return HTTPResponse(status: 404, headers: [:], body: [])
    }
}
