import Synchronization

/// The sandbox's catalog built from `SandboxData`: every product in every site, priced in the
/// site's currency. Deterministic: built the same way on every run. Owned by a `SandboxTransport`,
/// it builds each site the first time a request names it, and keeps it.
///
/// Building a site is on the path of every sandbox command, so it is kept cheap: the data is
/// values, with nothing to parse; words are folded a byte at a time (`TextFolding.latin1Words`);
/// descriptions are written only when one is asked for. Measured with callgrind on the release
/// build, a site took 27.4 million instructions, half of a whole `meli-dev search iphone`, when it
/// was parsed from text and folded a character at a time; 1.2 million now.
final class SandboxCatalog: Sendable {
    struct CategoryNode: Sendable {
        var id: String
        var name: String
        var parentID: String?
        var childIDs: [String]
    }

    struct Item: Sendable {
        var id: String
        var siteID: String
        var title: String
        var price: Double
        var currencyID: String
        var condition: String
        var availableQuantity: Int
        var soldQuantity: Int
        var freeShipping: Bool
        var categoryID: String
        var topCategoryID: String
        var brand: String
        var model: String
        var warranty: String
        var city: String
        var state: String
        var country: String
        var portuguese: Bool
        var descriptionKind: DescriptionKind
        /// Title, brand and category names, lower-cased and without accents, split into words: what `q` matches.
        var searchWords: [String]
        /// Position in the site's catalog: ties in every sort are broken by it.
        var rank: Int

        var pictures: [String] { (1...3).map { "https://sandbox.meli.invalid/pictures/\(id)-\($0).jpg" } }
        var thumbnail: String { "https://sandbox.meli.invalid/pictures/\(id)-1-thumb.jpg" }
        var permalink: String { "https://sandbox.meli.invalid/\(siteID)-\(id.dropFirst(3))" }

        /// `nil`: the description endpoint answers 404; `""`: it answers with empty texts.
        var description: String? {
            switch descriptionKind {
            case .missing: nil
            case .empty: ""
            case .written: SandboxCatalog.description(
                title: title, used: condition == "used", freeShipping: freeShipping, quantity: availableQuantity, portuguese: portuguese)
            }
        }
    }

    /// What an item's description endpoint answers.
    enum DescriptionKind: Sendable {
        /// 404.
        case missing
        /// Empty texts.
        case empty
        /// A text written from the item's title, condition, shipping and stock.
        case written
    }

    struct SiteCatalog: Sendable {
        var id: String
        var name: String
        var countryID: String
        var currency: String
        var portuguese: Bool
        /// Top-level categories in catalog order.
        var topCategoryIDs: [String]
        var categories: [String: CategoryNode]
        var items: [Item]
    }

    /// The sites built so far, by id.
    private let built = Mutex<[String: SiteCatalog]>([:])

    init() {}

    /// Every site, in catalog order, as the seeds give them (nothing is built).
    var seeds: [SandboxData.SiteSeed] { SandboxData.sites }

    /// The site `id`, built on first use.
    func site(_ id: String) -> SiteCatalog? {
        guard let index = SandboxData.sites.firstIndex(where: { $0.id == id }) else { return nil }
        return built.withLock { built in
            if let site = built[id] { return site }
            let site = Self.build(SandboxData.sites[index], siteIndex: index)
            built[id] = site
            return site
        }
    }

    /// The item `id`: ids and category ids start with their site's id (`MLA1400000100`, `MLA1051`).
    func item(_ id: String) -> Item? {
        site(String(id.prefix(3)))?.items.first { $0.id == id }
    }

    func category(_ id: String) -> (site: SiteCatalog, node: CategoryNode)? {
        guard let site = site(String(id.prefix(3))), let node = site.categories[id] else { return nil }
        return (site, node)
    }

    private static func build(_ seed: SandboxData.SiteSeed, siteIndex: Int) -> SiteCatalog {
        var categories: [String: CategoryNode] = [:]
        var top: [String] = []
        for category in SandboxData.categories {
            let id = seed.id + category.code
            let childIDs = category.children.map { seed.id + $0.code }
            categories[id] = CategoryNode(id: id, name: name(category, seed), parentID: nil, childIDs: childIDs)
            top.append(id)
            for (child, childID) in zip(category.children, childIDs) {
                categories[childID] = CategoryNode(id: childID, name: name(child, seed), parentID: id, childIDs: [])
            }
        }
        // A leaf's words and its parent's, folded once for all its products.
        let categoryWords = categories.mapValues { node in
            TextFolding.words(node.name) + (node.parentID.flatMap { categories[$0] }.map { TextFolding.words($0.name) } ?? [])
        }
        let items = SandboxData.products.enumerated().map { index, product in
            self.product(product, index: index, seed: seed, siteIndex: siteIndex, categories: categories, categoryWords: categoryWords)
        }
        return SiteCatalog(
            id: seed.id, name: seed.name, countryID: seed.countryID, currency: seed.currency, portuguese: seed.portuguese,
            topCategoryIDs: top, categories: categories, items: items)
    }

    private static func name(_ category: SandboxData.CategorySeed, _ seed: SandboxData.SiteSeed) -> String {
        seed.portuguese ? category.portuguese : category.spanish
    }

    private static func product(
        _ data: SandboxData.ProductSeed, index p: Int, seed: SandboxData.SiteSeed, siteIndex: Int, categories: [String: CategoryNode],
        categoryWords: [String: [String]]
    ) -> Item {
        let dollars = data.dollars
        let used = p % 6 == 4
        let title = seed.portuguese ? data.portuguese : data.spanish
        let leaf = seed.id + data.leaf
        let place = seed.cities[(p + siteIndex) % seed.cities.count]
        let id = "\(seed.id)\(1_400_000_100 + p * 137 + siteIndex * 7)"
        let quantity = 1 + (p * 37 + siteIndex * 11) % 60
        let freeShipping = dollars >= 30 || p % 4 == 0
        let descriptionKind: DescriptionKind = p % 17 == 9 ? .missing : (p % 19 == 12 ? .empty : .written)
        let warranty = used
            ? (seed.portuguese ? "Sem garantia" : "Sin garantía")
            : (seed.portuguese ? "Garantia do vendedor: 12 meses" : "Garantía del vendedor: 12 meses")
        return Item(
            id: id, siteID: seed.id, title: title, price: price(dollars * (used ? 0.7 : 1), seed: seed),
            currencyID: seed.currency, condition: used ? "used" : "new", availableQuantity: quantity,
            soldQuantity: (p * 53 + siteIndex * 29) % 700, freeShipping: freeShipping, categoryID: leaf,
            topCategoryID: categories[leaf]?.parentID ?? leaf, brand: data.brand, model: data.model, warranty: warranty,
            city: place.city, state: place.state, country: seed.country,
            portuguese: seed.portuguese, descriptionKind: descriptionKind,
            searchWords: TextFolding.words(title) + TextFolding.words(data.brand) + (categoryWords[leaf] ?? []),
            rank: p)
    }

    /// Prices as shops write them: `$ 628.999`, `R$ 2.469,90`, `$ 1.795.900`.
    private static func price(_ dollars: Double, seed: SandboxData.SiteSeed) -> Double {
        let local = dollars * seed.perDollar
        switch seed.currency {
        case "BRL": return local.rounded(.down) + 0.9
        case "COP": return (local / 1000).rounded(.up) * 1000 - 100
        default: return (local / 1000).rounded(.up) * 1000 - 1
        }
    }

    fileprivate static func description(title: String, used: Bool, freeShipping: Bool, quantity: Int, portuguese: Bool) -> String {
        if portuguese {
            return """
                \(title).

                Produto \(used ? "usado, revisado e em ótimo estado" : "novo, lacrado, com nota fiscal"). \
                \(freeShipping ? "Frete grátis para todo o Brasil." : "Frete por conta do comprador.") \
                Estoque disponível: \(quantity) unidades.

                As imagens são ilustrativas. Tire suas dúvidas antes de comprar.
                """
        }
        return """
            \(title).

            Producto \(used ? "usado, revisado y en excelente estado" : "nuevo, en caja sellada, con factura"). \
            \(freeShipping ? "Envío gratis a todo el país." : "Envío a cargo del comprador.") \
            Stock disponible: \(quantity) unidades.

            Las imágenes son ilustrativas. Consulte antes de comprar.
            """
    }
}
