import Foundation
import Testing
@testable import MeliCore

/// Every real response in Fixtures/ml-api (copied from ../shared/fixtures, see its SOURCES.md)
/// decodes, old and new shapes alike.
@Suite("API responses decode")
struct DTODecodingTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ml-api")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static var allFixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The DTO each fixture is a response of, chosen by its name.
    static func decode(_ name: String) throws -> Any {
        let body = try bytes(name)
        switch name {
        case _ where name.hasPrefix("search_"): return try JSONBody.decode(SearchPageDTO.self, from: body)
        case _ where name.hasPrefix("item_"): return try JSONBody.decode(ItemDTO.self, from: body)
        case _ where name.hasPrefix("description_"): return try JSONBody.decode(DescriptionDTO.self, from: body)
        case _ where name.hasPrefix("sites_"): return try JSONBody.decode([SiteDTO].self, from: body)
        case _ where name.hasPrefix("site_"): return try JSONBody.decode(SiteDTO.self, from: body)
        case _ where name.hasPrefix("categories_"): return try JSONBody.decode([CategoryRefDTO].self, from: body)
        case _ where name.hasPrefix("error_"): return try JSONBody.decode(APIErrorBodyDTO.self, from: body)
        default: throw BodyDecodingError(field: name, problem: .invalidValue)
        }
    }

    @Test func thereAreFixtures() {
        #expect(Self.allFixtures.count >= 13)
    }

    @Test(arguments: allFixtures)
    func decodes(_ name: String) throws {
        _ = try Self.decode(name)
    }

    @Test func searchPage2021() throws {
        let page = try JSONBody.decode(SearchPageDTO.self, from: Self.bytes("search_MLA_motorola_g6_2021.json"))
        #expect(page.siteID == "MLA")
        #expect(page.query == "Motorola G6")
        #expect(page.paging?.total == 599)
        #expect(page.paging?.primaryResults == 1000, "primary_results may exceed total")
        #expect(page.results.count == 10)
        #expect(page.results[0].id == "MLA897752664")
        #expect(page.results[0].price == 41998.99)
        #expect(page.sort?.id == "relevance")
        #expect(page.availableSorts?.map(\.id) == ["price_asc", "price_desc"])
        #expect(page.availableFilters?.first?.values?.first?.results == 173)
    }

    @Test func categorySearchHasNoQuery() throws {
        let page = try JSONBody.decode(SearchPageDTO.self, from: Self.bytes("search_MCO_category_filter.json"))
        #expect(page.query == nil)
        #expect(page.paging?.total == 2_575_612)
    }

    @Test func oldSearchShape2017() throws {
        let page = try JSONBody.decode(SearchPageDTO.self, from: Self.bytes("search_MLA_tostadora_limit6_2017.json"))
        #expect(page.results.count == 6)
        #expect(page.sort?.name == "More relevant")
    }

    @Test func itemWithPicturesAttributesAndAddress() throws {
        let item = try JSONBody.decode(ItemDTO.self, from: Self.bytes("item_MLA633578907_32pics.json"))
        #expect(item.pictures?.count == 32)
        #expect(item.id == "MLA633578907")
        let other = try JSONBody.decode(ItemDTO.self, from: Self.bytes("item_MLA848214758.json"))
        #expect(other.sellerAddress?.city?.name != nil)
        #expect(other.attributes?.isEmpty == false)
    }

    @Test func itemWithout2025DroppedFields() throws {
        let item = try JSONBody.decode(ItemDTO.self, from: Array(#"{"id":"MLA1","title":"t","price":10,"currency_id":"ARS"}"#.utf8))
        #expect(item.availableQuantity == nil)
        #expect(item.title == "t")
    }

    @Test func descriptionsOldAndNew() throws {
        let old = try JSONBody.decode(DescriptionDTO.self, from: Self.bytes("description_MLA632591345.json"))
        #expect(old.plainText?.isEmpty == false)
        let new = try JSONBody.decode(DescriptionDTO.self, from: Self.bytes("description_MCO558134948.json"))
        #expect((new.plainText ?? new.text)?.isEmpty == false)
    }

    @Test func sitesAndSiteDetail() throws {
        let sites = try JSONBody.decode([SiteDTO].self, from: Self.bytes("sites_2021.json"))
        #expect(sites.contains { $0.id == "MLA" && $0.defaultCurrencyID == "ARS" })
        let brazil = try JSONBody.decode(SiteDTO.self, from: Self.bytes("site_MLB.json"))
        #expect(brazil.defaultCurrencyID == "BRL")
        #expect(brazil.categories?.isEmpty == false)
    }

    @Test func errorBody() throws {
        let body = try JSONBody.decode(APIErrorBodyDTO.self, from: Self.bytes("error_404_item_not_found.json"))
        #expect(body.status == 404)
        #expect(body.error == "not_found")
    }

    @Test(arguments: [
        (#"{"results": [{"id": "A"}, {"id": "B", "price": "cheap"}]}"#, "results[1].price", DecodingProblem.expected(.number)),
        (#"{"results": [{"title": "x"}]}"#, "results[0].id", .missing),
        (#"{"results": null}"#, "results", .foundNull(expected: .array)),
        (#"{"results": [{"id": "A"}]"#, "", .notJSON),
        ("<html>busy</html>", "", .notJSON),
    ])
    func decodingErrorsNameTheField(body: String, field: String, problem: DecodingProblem) {
        do {
            _ = try JSONBody.decode(SearchPageDTO.self, from: Array(body.utf8))
            Issue.record("decoded")
        } catch {
            #expect(error.field == field)
            #expect(error.problem == problem)
        }
    }
}
