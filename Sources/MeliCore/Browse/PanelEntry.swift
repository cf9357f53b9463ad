/// One row of the sorts-and-filters panel: a sort to choose, a filter applied (Enter removes it),
/// or a value of a filter the results offer (Enter applies it).
package enum PanelEntry: Sendable, Hashable {
    case sort(SortOption, current: Bool)
    case applied(BrowseFilterChoice)
    case value(filter: SearchFilter, SearchFilter.Value)

    /// The panel's rows for a search screen: the current sort and the others offered, the
    /// filters applied, then each offered filter's values.
    static func entries(_ search: SearchScreen) -> [PanelEntry] {
        guard let page = search.page else {
            return search.filters.map { .applied($0) }
        }
        let currentID = search.sort ?? page.sort?.id
        var sorts = page.availableSorts
        if let current = page.sort, !sorts.contains(where: { $0.id == current.id }) { sorts.insert(current, at: 0) }
        var out = sorts.map { PanelEntry.sort($0, current: $0.id == currentID) }
        out += search.filters.map { .applied($0) }
        let applied = Set(search.filters.map(\.id))
        for filter in page.availableFilters where !applied.contains(filter.id) {
            out += filter.values.map { .value(filter: filter, $0) }
        }
        return out
    }

    /// What Enter on this row does to the search's sort and filters.
    func apply(to search: inout SearchScreen) {
        switch self {
        case .sort(let sort, _): search.sort = sort.id
        case .applied(let choice): search.filters.removeAll { $0 == choice }
        case .value(let filter, let value):
            search.filters.removeAll { $0.id == filter.id }
            search.filters.append(BrowseFilterChoice(id: filter.id, value: value.id, name: "\(filter.name): \(value.name)"))
        }
    }
}
