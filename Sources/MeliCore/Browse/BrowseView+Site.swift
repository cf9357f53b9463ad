/// The site screen: the filter line and the sites that match it.
extension BrowseView {
    /// The site screen's parts: loading, the error, or the sites that match.
    static func siteScreen(_ sites: SiteScreen, state: BrowseState, pen: Pen, rows: Int) -> Screen {
        let (query, column) = textLine(.Browse.siteFilterLabel, sites.filter, focused: true, pen: pen)
        var body: [String]
        switch sites.sites {
        case .loading:
            body = [pen.line(" " + pen.say(.Browse.loading))]
        case .failed(let failure):
            // The body says it; the status line would say it a second time.
            body = failureLines(failure, pen: pen)
        case .loaded:
            let matches = sites.matches
            body = matches.isEmpty ? [pen.line(" " + pen.say(.Browse.noSites))] : matches.enumerated().dropFirst(sites.scroll).prefix(rows).map { index, site in
                let selected = index == sites.selection
                let id = TerminalText.clean(site.id)
                let name = TerminalText.clean(site.name)
                let plain = DisplayWidth.fit((selected ? "› " : "  ") + id + "  " + name, to: pen.width)
                if selected { return pen.reversed(plain) }
                let nameWidth = pen.width - 4 - DisplayWidth.of(id)
                guard pen.style.colored, nameWidth >= 0 else { return plain }
                return "  " + pen.style.paint(id, .gray) + "  " + DisplayWidth.fit(name, to: nameWidth)
            }
        }
        var keys: [(Message, Message)] = [(.Browse.keyEnter, .Browse.actionChoose), (.Browse.keyMove, .Browse.actionMove)]
        if case .failed(let failure) = sites.sites, failure.canRetry { keys.append((.Browse.keyCtrlR, .Browse.actionRetry)) }
        keys.append((.Browse.keyCtrlC, .Browse.actionQuit))
        return Screen(
            title: titleBar(state, site: nil, right: pen.say(.Browse.chooseSite), pen: pen),
            query: query,
            status: pen.blank,
            body: body,
            footer: footer(keys, pen: pen),
            cursor: CursorPosition(row: 1, column: column))
    }
}
