import Foundation
import Testing
@testable import MeliCore

/// Arguments cannot change the shape of a request: ids that are not ids and filters that name a
/// parameter `search` sets itself (or a token) are usage errors, and the server hears nothing.
@Suite("Ids and filters are checked before a URL is built")
final class RequestShapeBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        home = try TemporaryDirectory()
        server = try LoopbackServer(routes: { _ in .respond(status: 404, body: Array(#"{"message":"not found","status":404}"#.utf8)) })
    }

    deinit { server.stop() }

    func qa(_ arguments: [String], language: String = "en") throws -> RunResult {
        try BinaryRunner.run(
            "meli-qa", arguments,
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": server.baseURL, "MELI_LANG": language])
    }

    static let refused: [(arguments: [String], message: Message, command: String)] = [
        (["item", ".."], .Catalog.badItemID(value: ".."), "item"),
        (["item", "MLA1/../x"], .Catalog.badItemID(value: "MLA1/../x"), "item"),
        (["item", "MLA%2F1"], .Catalog.badItemID(value: "MLA%2F1"), "item"),
        (["item", "."], .Catalog.badItemID(value: "."), "item"),
        (["category", ".."], .Catalog.badCategoryID(value: ".."), "category"),
        (["category", "MLA1051/x"], .Catalog.badCategoryID(value: "MLA1051/x"), "category"),
        (["search", "x", "--category", "../.."], .Catalog.badCategoryID(value: "../.."), "search"),
        (["search", "x", "--filter", "limit=1000"], SearchFilterTerm.refusal(key: "limit"), "search"),
        (["search", "x", "--filter", "access_token=APP_USR-1"], SearchFilterTerm.refusal(key: "access_token"), "search"),
        (["search", "x", "--filter", "q=other"], SearchFilterTerm.refusal(key: "q"), "search"),
        (["search", "x", "--filter", "OFFSET=5"], SearchFilterTerm.refusal(key: "OFFSET"), "search"),
        (["search", "x", "--filter", "sort=price_asc"], SearchFilterTerm.refusal(key: "sort"), "search"),
        (["search", "x", "--filter", "a&limit=1"], .Search.badFilter(value: "a&limit=1"), "search"),
    ]

    @Test(arguments: refused.indices)
    func refusedBeforeAnyRequest(case index: Int) throws {
        let (arguments, message, command) = Self.refused[index]
        let result = try qa(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == Reported.stderr(UsageError(message, commandPath: [command]), binary: "meli-qa"))
        #expect(!result.stderr.contains("APP_USR-1"))
        #expect(server.requests.isEmpty, "\(server.requests.map(\.line))")
    }

    @Test func theRefusalsAreInSpanishToo() throws {
        let result = try qa(["search", "x", "--filter", "limit=1000"], language: "es")
        #expect(result.status == 2)
        #expect(result.stderr == Reported.stderr(UsageError(SearchFilterTerm.refusal(key: "limit"), commandPath: ["search"]), binary: "meli-qa", language: .spanish))
        #expect(result.stderr != Reported.stderr(UsageError(SearchFilterTerm.refusal(key: "limit"), commandPath: ["search"]), binary: "meli-qa"))
    }

    @Test func idsAndFiltersThatAreWellFormedGoThrough() throws {
        #expect(try qa(["item", "mla1400000100", "--no-description"]).status == 5)
        #expect(try qa(["category", "mla1051"]).status == 5)
        #expect(try qa(["search", "x", "--site", "MLA", "--category", "MLA1051", "--filter", "BRAND=apple", "--filter", "condition=new"]).status == 5)
        let lines = server.requests.map(\.line)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].hasPrefix("GET /items/MLA1400000100 "))
        #expect(lines[1].hasPrefix("GET /categories/MLA1051 "))
        #expect(lines[2].hasPrefix("GET /sites/MLA/search?q=x&category=MLA1051&BRAND=apple&condition=new&offset=0&limit=20 "), "\(lines[2])")
    }

    @Test(arguments: [("..", "%2E%2E"), (".", "%2E"), ("MLA1", "MLA1"), ("a.b", "a.b"), ("a/b", "a%2Fb")])
    func aPathSegmentNeverClimbs(id: String, segment: String) {
        #expect(Endpoint.segment(id) == segment)
        #expect(Endpoint.item(id).path == "/items/\(segment)")
    }
}
