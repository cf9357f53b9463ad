/// The catalog's API paths, each declared once: its path, what a 404 says is missing, its cache class.
extension Endpoint {
    /// Every site.
    static let sites = Endpoint("sites", missing: .API.resourceSites, lifetime: .catalog)

    /// One site, by id.
    static func site(_ id: String) -> Endpoint {
        Endpoint("sites", id, missing: .API.resourceSite(site: id), lifetime: .catalog)
    }

    /// A site's top-level categories.
    static func categories(site: String) -> Endpoint {
        Endpoint("sites", site, "categories", missing: .API.resourceSite(site: site), lifetime: .catalog)
    }

    /// One category with its place in the tree.
    static func category(_ id: String) -> Endpoint {
        Endpoint("categories", id, missing: .API.resourceCategory(category: id), lifetime: .catalog)
    }

    /// A page of a site's search results.
    static func search(site: String) -> Endpoint {
        Endpoint("sites", site, "search", missing: .API.resourceSite(site: site), lifetime: .search, refusal: .search)
    }

    /// One item.
    static func item(_ id: String) -> Endpoint {
        Endpoint("items", id, missing: .API.resourceItem(item: id), lifetime: .item)
    }

    /// An item's description.
    static func description(item id: String) -> Endpoint {
        Endpoint("items", id, "description", missing: .API.resourceItem(item: id), lifetime: .item)
    }
}

/// The catalog endpoints, mapped from the API's shapes to meli's models.
extension APIClient {
    package func sites() async throws(APIError) -> [Site] {
        try await get([SiteDTO].self, .sites).map(Self.site)
    }

    package func site(_ id: String) async throws(APIError) -> Site {
        Self.site(try await get(SiteDTO.self, .site(id)))
    }

    package func categories(site: String) async throws(APIError) -> [CategoryRef] {
        try await get([CategoryRefDTO].self, .categories(site: site)).map(Self.categoryRef)
    }

    package func category(_ id: String) async throws(APIError) -> Category {
        let dto = try await get(CategoryDTO.self, .category(id))
        return Category(
            id: dto.id, name: dto.name ?? dto.id, path: (dto.pathFromRoot ?? []).map(Self.categoryRef),
            children: (dto.childrenCategories ?? []).map(Self.categoryRef), totalItems: dto.totalItemsInThisCategory)
    }

    package func search(_ request: SearchRequest) async throws(APIError) -> SearchPage {
        let dto = try await get(SearchPageDTO.self, .search(site: request.site), query: request.queryItems)
        return SearchPage(
            siteID: dto.siteID ?? request.site, query: dto.query,
            // Counts below zero mean nothing: a server's -9223372036854775808 is taken as 0.
            total: max(0, dto.paging?.total ?? dto.results.count), offset: max(0, dto.paging?.offset ?? request.offset),
            limit: max(0, dto.paging?.limit ?? request.limit),
            results: dto.results.map { result in
                ItemSummary(
                    id: result.id, title: result.title ?? result.id, price: result.price, currencyID: result.currencyID ?? "",
                    condition: result.condition, availableQuantity: result.availableQuantity, permalink: result.permalink,
                    thumbnail: result.thumbnail, freeShipping: result.shipping?.freeShipping ?? false)
            },
            sort: dto.sort.map(Self.sort), availableSorts: (dto.availableSorts ?? []).map(Self.sort),
            filters: (dto.filters ?? []).map(Self.filter), availableFilters: (dto.availableFilters ?? []).map(Self.filter))
    }

    /// The item, with its description unless `withDescription` is false. A missing (404) or empty
    /// description leaves `description` nil; only a missing item is an error.
    /// The item and its description are requested at once: over HTTP/2 they share the connection
    /// as two streams; over HTTP/1.1 the second waits for the first's answer on the one connection
    /// to the host (`CurlTransport`).
    package func item(_ id: String, withDescription: Bool = true) async throws(APIError) -> Item {
        async let pending = withDescription ? description(of: id) : .success(nil)
        let dto: ItemDTO
        do {
            dto = try await get(ItemDTO.self, .item(id))
        } catch {
            _ = await pending
            throw error
        }
        let description = try await pending.get()
        let address = dto.sellerAddress
        let location = [address?.city?.name, address?.state?.name, address?.country?.name]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return Item(
            id: dto.id, title: dto.title ?? dto.id, price: dto.price, currencyID: dto.currencyID ?? "",
            condition: dto.condition, status: dto.status, availableQuantity: dto.availableQuantity, warranty: dto.warranty,
            permalink: dto.permalink, pictures: (dto.pictures ?? []).compactMap { $0.secureURL ?? $0.url },
            attributes: (dto.attributes ?? []).map { Item.Attribute(id: $0.id ?? "", name: $0.name ?? $0.id ?? "", value: $0.valueName) },
            freeShipping: dto.shipping?.freeShipping ?? false, sellerLocation: location.isEmpty ? nil : location,
            description: description)
    }

    /// The description's text; nil when missing (404) or blank.
    private func description(of id: String) async -> Result<String?, APIError> {
        do {
            let body = try await get(DescriptionDTO.self, .description(item: id))
            return .success([body.plainText, body.text].compactMap { $0 }.first { !$0.trimmingWhitespace.isEmpty })
        } catch .notFound {
            return .success(nil)
        } catch {
            return .failure(error)
        }
    }

    private static func site(_ dto: SiteDTO) -> Site {
        Site(id: dto.id, name: dto.name ?? dto.id, currencyID: dto.defaultCurrencyID ?? "")
    }

    private static func categoryRef(_ dto: CategoryRefDTO) -> CategoryRef {
        CategoryRef(id: dto.id, name: dto.name ?? dto.id, totalItems: dto.totalItemsInThisCategory)
    }

    private static func sort(_ dto: SortDTO) -> SortOption {
        SortOption(id: dto.id, name: dto.name ?? dto.id)
    }

    private static func filter(_ dto: FilterDTO) -> SearchFilter {
        SearchFilter(
            id: dto.id, name: dto.name ?? dto.id,
            values: (dto.values ?? []).map { SearchFilter.Value(id: $0.id, name: $0.name ?? $0.id, results: $0.results) })
    }
}
