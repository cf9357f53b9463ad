import Foundation
import Testing
@testable import MeliCore

/// The sandbox through the real client path: SandboxTransport answers, APIClient decodes.
@Suite("Sandbox")
struct SandboxTests {
    /// A new client per call, as each command makes one (and so a budget per call).
    var client: APIClient {
        APIClient(
            baseURL: SandboxTransport.baseURL, transport: SandboxTransport(), userAgent: "test", accessToken: nil, timeout: 1,
            logger: Logger(level: .critical, output: OutputBuffer().output(), style: .plain, redactor: Redactor(secrets: []), now: { Date() }))
    }

    func search(_ site: String = "MLA", _ text: String? = nil, category: String? = nil, sort: String? = nil,
                filters: [(String, String)] = [], offset: Int = 0, limit: Int = 50) async throws -> SearchPage {
        try await client.search(SearchRequest(site: site, text: text, category: category, sort: sort, filters: filters, offset: offset, limit: limit))
    }

    /// Every result of a search, all pages.
    func all(_ site: String, filters: [(String, String)] = [], category: String? = nil) async throws -> [ItemSummary] {
        var results: [ItemSummary] = []
        var offset = 0
        while true {
            let page = try await search(site, category: category, filters: filters, offset: offset)
            results += page.results
            offset += 50
            if offset >= page.total { return results }
        }
    }

    @Test func threeSitesWithCurrencies() async throws {
        let sites = try await client.sites()
        #expect(Set(sites.map { "\($0.id) \($0.currencyID)" }) == ["MLA ARS", "MLB BRL", "MCO COP"])
    }

    @Test(arguments: ["MLA", "MLB", "MCO"])
    func eachSiteHasTenCategoriesAndSixtyProducts(site: String) async throws {
        let categories = try await client.categories(site: site)
        #expect(categories.count == 10)
        let everything = try await all(site)
        #expect(everything.count >= 60)
        #expect(Set(everything.map(\.id)).count == everything.count, "ids are unique")
        #expect(everything.allSatisfy { $0.id.hasPrefix(site) && $0.price ?? 0 > 0 && !$0.title.isEmpty })
        #expect(Set(everything.compactMap(\.condition)) == ["new", "used"])
    }

    @Test func queryIgnoresCaseAndAccents() async throws {
        let plain = try await search("MLA", "camara")
        let accented = try await search("MLA", "CÁMARA")
        #expect(plain.total > 0)
        #expect(plain.results.map(\.id) == accented.results.map(\.id))
        #expect(try await search("MLA", "zzzz-nothing").total == 0)
    }

    @Test func everyQueryWordMustMatch() async throws {
        let both = try await search("MLA", "apple iphone")
        #expect(both.results.allSatisfy { $0.title.contains("iPhone") })
        #expect(try await search("MLA", "apple").total > both.total)
    }

    @Test func categoryIncludesItsChildren() async throws {
        let top = try await search("MLA", category: "MLA1051")
        let children = try await client.category("MLA1051").children
        var sum = 0
        for child in children { sum += try await search("MLA", category: child.id).total }
        #expect(top.total == sum && sum > 0)
    }

    @Test func filtersNarrowAndCountsAddUp() async throws {
        let page = try await search("MLB", "")
        let condition = try #require(page.availableFilters.first { $0.id == "condition" })
        for value in condition.values {
            let filtered = try await search("MLB", filters: [("condition", value.id)])
            #expect(filtered.total == value.results)
            #expect(filtered.filters.map(\.id) == ["condition"])
            #expect(!filtered.availableFilters.contains { $0.id == "condition" })
        }
        #expect(condition.values.compactMap(\.results).reduce(0, +) == page.total)
        let free = try await all("MLB", filters: [("shipping_cost", "free")])
        #expect(!free.isEmpty && free.allSatisfy(\.freeShipping))
    }

    @Test func priceRangeIsInclusive() async throws {
        let results = try await all("MCO", filters: [("price", "1000000-2000000")])
        #expect(!results.isEmpty && results.allSatisfy { (1_000_000...2_000_000).contains($0.price!) })
        let upTo = try await all("MCO", filters: [("price", "*-100000")])
        #expect(upTo.allSatisfy { $0.price! <= 100_000 })
    }

    @Test func sortsOrderByPrice() async throws {
        let ascending = try await search("MLA", sort: "price_asc").results.compactMap(\.price)
        let descending = try await search("MLA", sort: "price_desc").results.compactMap(\.price)
        #expect(ascending == ascending.sorted())
        #expect(descending == descending.sorted(by: >))
        let page = try await search("MLA", sort: "price_asc")
        #expect(page.sort?.id == "price_asc")
        #expect(page.availableSorts.map(\.id) == ["relevance", "price_desc"])
    }

    @Test func pagingIsConsistent() async throws {
        let whole = try await search("MLA", "", limit: 50)
        let second = try await search("MLA", "", offset: 10, limit: 10)
        #expect(second.total == whole.total)
        #expect(second.offset == 10 && second.limit == 10)
        #expect(second.results.map(\.id) == Array(whole.results[10..<20]).map(\.id))
    }

    @Test func deterministic() async throws {
        let a = try await search("MCO", "samsung", sort: "relevance")
        let b = try await search("MCO", "samsung", sort: "relevance")
        #expect(a == b)
    }

    @Test func itemDescriptionAndNotFound() async throws {
        let first = try #require(try await search("MLA", "iphone").results.first)
        let item = try await client.item(first.id)
        #expect(item.title == first.title)
        #expect(item.attributes.map(\.id) == ["BRAND", "MODEL", "ITEM_CONDITION"])
        #expect(item.pictures.count == 3)
        #expect(item.description?.contains(first.title) == true)
        await #expect(throws: APIError.notFound(.item("MLA1"))) { try await client.item("MLA1") }
        await #expect(throws: APIError.notFound(.categories(site: "MXX"))) { try await client.categories(site: "MXX") }
        await #expect(throws: APIError.notFound(.category("MLA0"))) { try await client.category("MLA0") }
    }

    @Test func someItemsHaveNoDescription() async throws {
        var missing = 0
        for summary in try await all("MLA") {
            if try await client.item(summary.id).description == nil { missing += 1 }
        }
        #expect(missing > 0, "the no-description path is exercised")
    }
}
