/// The values of a `CompletionSource` that need the environment: sites and categories from the
/// sandbox or the cache (never the network), sorts, filters and items from the last search kept
/// in the state folder (`LastSearch`). Without an environment (`app` nil), the built-in sites only.
///
/// A value from a server's answer is offered only when well formed (`ServerWord`): the shell
/// inserts it into the command line, where `$(…)`, `;` or `*` would run or expand on Enter.
struct CompletionValues {
    typealias Candidate = CompletionAnswer.Candidate

    var app: App?
    var line: CompletionLine

    /// Every value `source` knows; the caller keeps those that match the word.
    func answer(_ source: CompletionSource) async -> CompletionAnswer {
        switch source {
        case .sites: return CompletionAnswer(await sites())
        case .categories: return CompletionAnswer(await categories())
        case .sorts: return CompletionAnswer(lastOfThisSite?.sorts.filter { ServerWord.isName($0.id) }.map { Candidate($0.id, $0.name) } ?? [])
        case .items: return CompletionAnswer(last?.results.filter { CatalogID.parse($0.id) == $0.id }.map { Candidate($0.id, $0.name) } ?? [])
        case .filters: return filters()
        case .environments, .settings, .commands, .fields: return .nothing
        }
    }

    private var last: LastSearch? { app?.lastSearch() }

    /// The last search when it was on the site this line searches (`--site` on it, else the
    /// current one): another site's sorts and filters (`category=MLA1051` for MLB) would find nothing.
    private var lastOfThisSite: LastSearch? {
        guard let app, let last = app.lastSearch() else { return nil }
        let site = line.options["site"]?.last.flatMap(SiteID.init(parsing:)) ?? app.currentSite().site
        return last.site == site.rawValue ? last : nil
    }

    /// The sandbox's sites or the cached `/sites`, else the ones meli knows (`KnownSites`).
    private func sites() async -> [Candidate] {
        if let sites = await app?.cacheOnlyClients().answer({ try await $0.sites() }) {
            return sites.filter { SiteID(parsing: $0.id)?.rawValue == $0.id }.map { Candidate($0.id, $0.name) }
        }
        return KnownSites.all.keys.sorted().map { Candidate($0, KnownSites.all[$0]?.name ?? "") }
    }

    /// The site's top-level categories and the children of those whose own answer is at hand,
    /// those that match the word only, at most `CompletionAnswer.most` (a cache may hold 100,000),
    /// the children of the first `mostParents` looked up. The site is the one the word starts with
    /// (`MLB1`), else `--site` on the line, else the current one (`MELI_DEFAULT_SITE`, the saved
    /// site, the env file).
    private func categories() async -> [Candidate] {
        guard let app else { return [] }
        let site = SiteID(parsing: String(line.current.prefix(3)))
            ?? line.options["site"]?.last.flatMap(SiteID.init(parsing:))
            ?? app.currentSite().site
        let catalog = app.cacheOnlyClients()
        guard let answered = await catalog.answer({ try await $0.categories(site: site.rawValue) }) else { return [] }
        let top = answered.filter { CatalogID.parse($0.id) == $0.id }
        let wanted = { (id: String) in CatalogID.parse(id) == id && CompletionAnswer.matches(id, line.current) }
        var found: [Candidate] = []
        for category in top where wanted(category.id) {
            guard found.count < CompletionAnswer.most else { return found }
            found.append(Candidate(category.id, category.name))
        }
        for category in top.prefix(Self.mostParents) {
            guard let whole = await catalog.answer({ try await $0.category(category.id) }) else { continue }
            for child in whole.children where wanted(child.id) {
                guard found.count < CompletionAnswer.most else { return found }
                found.append(Candidate(child.id, "\(category.name) › \(child.name)"))
            }
        }
        return found
    }

    /// The most top-level categories whose children are looked up (a site has about 30).
    static let mostParents = 100

    /// `KEY=` for each filter of the last search (no space after: the value follows), or, once
    /// the word holds `=`, `KEY=VALUE` for each of that filter's values.
    private func filters() -> CompletionAnswer {
        guard let last = lastOfThisSite else { return .nothing }
        guard let (key, _) = line.current.split(once: "=") else {
            return CompletionAnswer(last.filters.filter { ServerWord.isName($0.id) }.map { Candidate($0.id + "=", $0.name) }, [.noFiles, .noSpace])
        }
        guard ServerWord.isName(String(key)) else { return .nothing }
        let values = (last.values[String(key)] ?? []).filter { ServerWord.isFilterValue($0.id) }
        return CompletionAnswer(values.map { Candidate("\(key)=\($0.id)", $0.name) })
    }
}
