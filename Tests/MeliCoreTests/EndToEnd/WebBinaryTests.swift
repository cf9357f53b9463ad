import Foundation
import Testing
@testable import MeliCore

/// `--web` as a user runs it: the built binary with a stand-in browser (BROWSER) that records the
/// address it is given; meli-qa's items come from a loopback server.
@Suite("--web end to end")
final class WebBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let browser: String
    /// The addresses the stand-in browser was started with, one a line.
    var opened: [String] {
        ((try? String(contentsOfFile: home.path + "/opened", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    init() throws {
        home = try TemporaryDirectory()
        browser = try home.write("bin/record-url", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$HOME/opened\"\n")
        chmod(browser, 0o755)
        _ = try home.write("bin/failing-browser", "#!/bin/sh\nexit 3\n")
        chmod(home.path + "/bin/failing-browser", 0o755)
    }

    func run(_ binary: String, _ arguments: [String], _ extra: [String: String] = [:], stdin: String? = nil) throws -> RunResult {
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "BROWSER": browser].merging(extra) { $1 }
        return try BinaryRunner.run(binary, arguments, environment: environment, stdin: stdin)
    }

    @Test func categoryAndSearchOpenTheSitesOwnPages() throws {
        let category = try run("meli-dev", ["category", "MLB5672", "--web"])
        #expect(category.status == 0, "\(category.stderr)")
        #expect(category.stdout.isEmpty)
        #expect(category.stderr.contains("Opening https://listado.mercadolivre.com.br/_CategID_MLB5672 in your browser."))
        let search = try run("meli-dev", ["-q", "search", "iPhone", "15", "--site", "MCO", "--web"])
        #expect(search.status == 0)
        #expect(search.stderr.isEmpty, "-q: \(search.stderr)")
        #expect(opened == ["https://listado.mercadolivre.com.br/_CategID_MLB5672", "https://listado.mercadolibre.com.co/iphone-15"])
    }

    @Test func itemOpensThePermalinkTheAPIGives() throws {
        let server = try LoopbackServer(routes: HTTPPathTests.routes)
        defer { server.stop() }
        let result = try run("meli-qa", ["item", "MLA848214758", "--web"], ["MELI_API_BASE_URL": server.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(opened == ["https://articulo.mercadolibre.com.ar/MLA-848214758-motorola-moto-g-g6-plus-64-gb-indigo-oscuro-4-gb-ram-_JM"])
        #expect(!server.requests.contains { $0.line.contains("/description") }, "the page needs no description")
    }

    @Test func theSandboxOpensItsOwnPermalink() throws {
        let result = try run("meli-dev", ["item", "MLA1400000785", "--web"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(opened == ["https://sandbox.meli.invalid/MLA-1400000785"])
    }

    @Test(arguments: ["https://evil.example/MLA-1", "https://articulo.mercadolibre.com.ar.evil.example/MLA-1", "javascript:alert(1)",
                      "https://mercadolibre.com.ar@evil.example/x", "https://sandbox.meli.invalid/MLA-1"])
    func aPermalinkOffMercadoLibreIsNeverOpened(_ permalink: String) throws {
        let server = try LoopbackServer(routes: { _ in
            .respond(status: 200, body: Array(#"{"id":"MLA1","title":"Uno","price":1,"currency_id":"ARS","permalink":"\#(permalink)"}"#.utf8))
        })
        defer { server.stop() }
        let result = try run("meli-qa", ["item", "MLA1", "--web"], ["MELI_API_BASE_URL": server.baseURL])
        #expect(result.status == 1)
        #expect(opened.isEmpty)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("is not an http(s) address of a MercadoLibre site; it was not opened"), "\(result.stderr)")
    }

    @Test(arguments: [["BROWSER": "", "PATH": "/nonexistent"], ["BROWSER": "failing-browser"]])
    func withoutABrowserTheAddressIsPrintedAndItIsStillASuccess(_ variables: [String: String]) throws {
        var extra = variables
        if extra["BROWSER"] == "failing-browser" { extra["PATH"] = home.path + "/bin:/usr/bin:/bin" }
        let result = try run("meli-dev", ["category", "MLA1051", "--web"], extra)
        #expect(result.status == 0)
        #expect(result.stdout == "https://listado.mercadolibre.com.ar/_CategID_MLA1051\n")
        #expect(result.stderr.contains("No browser could be opened"))
    }

    /// `$BROWSER` as Python's webbrowser reads it: choices split on `:`, tried in turn until one
    /// does not fail; each split into words as a shell would (quotes removed), `%s` the address.
    @Test func browserChoicesAreTriedInTurnAndSplitAsAShellWould() throws {
        let result = try run("meli-dev", ["category", "MLA1051", "--web"], ["BROWSER": "false:'\(browser)' \"--tab %s\" 'two words'"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "opened, so not printed: \(result.stdout)")
        #expect(opened == ["--tab https://listado.mercadolibre.com.ar/_CategID_MLA1051", "two words"])
    }

    @Test func aSiteWithoutAWebSiteIsAUsageError() throws {
        let result = try run("meli-dev", ["category", "MCU123", "--web"])
        #expect(result.status == 2)
        #expect(opened.isEmpty)
    }

    @Test func authLoginOpensTheAuthorizationPage() throws {
        let result = try run("meli-qa", ["auth", "login", "--web", "--site", "MLB"], [
            "MELI_CLIENT_ID": "1234567", "MELI_REDIRECT_URI": "https://example.com/callback", "MELI_CLIENT_SECRET": "s3cr3t-value",
        ], stdin: "\n")
        #expect(opened == ["https://auth.mercadolivre.com.br/authorization?response_type=code&client_id=1234567&redirect_uri=https%3A%2F%2Fexample.com%2Fcallback"])
        #expect(result.stderr.contains("in your browser."))
        #expect(result.status != 0, "no code was given")
    }
}
