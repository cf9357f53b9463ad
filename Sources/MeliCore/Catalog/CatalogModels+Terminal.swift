/// The catalog's models as a terminal shows them: every text the server gave without escape
/// sequences nor control characters (`TerminalText.clean`), so a category named `ESC [ 31 m…`
/// cannot turn what follows red; meli's own colours are added after. The piped and `--json` forms
/// use the models as the server gave them.
extension Site {
    var forTerminal: Site { Site(id: TerminalText.clean(id), name: TerminalText.clean(name), currencyID: TerminalText.clean(currencyID)) }
}

extension CategoryRef {
    var forTerminal: CategoryRef { CategoryRef(id: TerminalText.clean(id), name: TerminalText.clean(name), totalItems: totalItems) }
}

extension Category {
    var forTerminal: Category {
        Category(id: TerminalText.clean(id), name: TerminalText.clean(name), path: path.map(\.forTerminal),
                 children: children.map(\.forTerminal), totalItems: totalItems)
    }
}

extension SortOption {
    var forTerminal: SortOption { SortOption(id: TerminalText.clean(id), name: TerminalText.clean(name)) }
}

extension SearchFilter {
    var forTerminal: SearchFilter {
        SearchFilter(id: TerminalText.clean(id), name: TerminalText.clean(name), values: values.map {
            Value(id: TerminalText.clean($0.id), name: TerminalText.clean($0.name), results: $0.results)
        })
    }
}

extension ItemSummary {
    var forTerminal: ItemSummary {
        var summary = self
        summary.id = TerminalText.clean(id)
        summary.title = TerminalText.clean(title)
        summary.currencyID = TerminalText.clean(currencyID)
        summary.condition = condition.map { TerminalText.clean($0) }
        summary.permalink = permalink.map { TerminalText.clean($0) }
        summary.thumbnail = thumbnail.map { TerminalText.clean($0) }
        return summary
    }
}

extension SearchPage {
    var forTerminal: SearchPage {
        var page = self
        page.siteID = TerminalText.clean(siteID)
        page.query = query.map { TerminalText.clean($0) }
        page.results = results.map(\.forTerminal)
        page.sort = sort?.forTerminal
        page.availableSorts = availableSorts.map(\.forTerminal)
        page.filters = filters.map(\.forTerminal)
        page.availableFilters = availableFilters.map(\.forTerminal)
        return page
    }
}

extension Item {
    var forTerminal: Item {
        var item = self
        for keyPath in [\Item.id, \.title, \.currencyID] { item[keyPath: keyPath] = TerminalText.clean(self[keyPath: keyPath]) }
        for keyPath in [\Item.condition, \.status, \.warranty, \.permalink, \.sellerLocation] {
            item[keyPath: keyPath] = self[keyPath: keyPath].map { TerminalText.clean($0) }
        }
        item.pictures = pictures.map { TerminalText.clean($0) }
        item.attributes = attributes.map { Attribute(id: TerminalText.clean($0.id), name: TerminalText.clean($0.name), value: $0.value.map { TerminalText.clean($0) }) }
        // Each line cleaned on its own: a "\r" or "\r\n" line end stays a line end, not dropped.
        item.description = description.map { text in
            text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalText.clean(String($0)) }.joined(separator: "\n")
        }
        return item
    }
}
