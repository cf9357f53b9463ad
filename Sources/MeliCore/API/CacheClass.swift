/// Which lifetime setting (`MELI_CACHE_TTL_*`) keeps an endpoint's answers fresh when they carry no
/// cache headers.
package enum CacheClass: Sendable, Hashable {
    /// Sites and categories: `MELI_CACHE_TTL_CATALOG`.
    case catalog
    /// Search pages: `MELI_CACHE_TTL_SEARCH`.
    case search
    /// Items and descriptions: `MELI_CACHE_TTL_ITEM`.
    case item
    /// Never fresh without headers (the token endpoint, which is never cached anyway).
    case uncached

    /// The seconds `settings` give this class; 0 without settings.
    func seconds(in settings: CacheSettings?) -> Double {
        guard let settings else { return 0 }
        return switch self {
        case .catalog: Double(settings.catalog.seconds)
        case .search: Double(settings.search.seconds)
        case .item: Double(settings.item.seconds)
        case .uncached: 0
        }
    }
}
