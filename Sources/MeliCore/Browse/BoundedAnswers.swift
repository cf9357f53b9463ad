/// What browse keeps of an answer: every text cut to a length a screen can show, and lists to a
/// count one can scroll through. A server may send a 1 MB title or a 10 MB description; drawn
/// whole on every frame, those took seconds a keystroke and held off Ctrl-C. The commands print
/// an answer once and keep it whole; the screens redraw it, so they keep this much.
enum Bounded {
    static let title = 300, name = 200, link = 2048, description = 20_000, value = 300
    static let attributes = 200, pictures = 50, filters = 50, filterValues = 100, sorts = 50, sites = 500

    /// `text`, at most `limit` characters (an ellipsis ends a cut text).
    static func text(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let kept = text.prefix(limit)
        return kept.endIndex == text.endIndex ? text : String(kept.dropLast()) + "…"
    }

    static func page(_ page: SearchPage) -> SearchPage {
        var page = page
        page.query = page.query.map { text($0, name) }
        page.results = page.results.map(summary)
        page.sort = page.sort.map(sort)
        page.availableSorts = page.availableSorts.prefix(sorts).map(sort)
        page.filters = page.filters.prefix(filters).map(filter)
        page.availableFilters = page.availableFilters.prefix(filters).map(filter)
        return page
    }

    static func summary(_ row: ItemSummary) -> ItemSummary {
        var row = row
        row.id = text(row.id, name)
        row.title = text(row.title, title)
        row.currencyID = text(row.currencyID, name)
        row.condition = row.condition.map { text($0, name) }
        row.permalink = row.permalink.map { text($0, link) }
        row.thumbnail = row.thumbnail.map { text($0, link) }
        return row
    }

    static func item(_ item: Item) -> Item {
        var item = item
        item.id = text(item.id, name)
        item.title = text(item.title, title)
        item.currencyID = text(item.currencyID, name)
        item.condition = item.condition.map { text($0, name) }
        item.status = item.status.map { text($0, name) }
        item.warranty = item.warranty.map { text($0, value) }
        item.permalink = item.permalink.map { text($0, link) }
        item.pictures = item.pictures.prefix(pictures).map { text($0, link) }
        item.attributes = item.attributes.prefix(attributes).map { attribute in
            Item.Attribute(id: text(attribute.id, name), name: text(attribute.name, name), value: attribute.value.map { text($0, value) })
        }
        item.sellerLocation = item.sellerLocation.map { text($0, value) }
        item.description = item.description.map { text($0, description) }
        return item
    }

    static func sites(_ list: [Site]) -> [Site] {
        list.prefix(sites).map { Site(id: text($0.id, name), name: text($0.name, name), currencyID: text($0.currencyID, name)) }
    }

    private static func sort(_ sort: SortOption) -> SortOption {
        SortOption(id: text(sort.id, name), name: text(sort.name, name))
    }

    private static func filter(_ filter: SearchFilter) -> SearchFilter {
        SearchFilter(
            id: text(filter.id, name), name: text(filter.name, name),
            values: filter.values.prefix(filterValues).map { SearchFilter.Value(id: text($0.id, name), name: text($0.name, name), results: $0.results) })
    }
}
