/// The search screen: the query line, what the search says, the results or the state they are in.
extension BrowseView {
    /// The search screen's parts: the error, the loading, empty or hint text, or the results; the panel when it has the focus.
    static func searchScreen(_ search: SearchScreen, state: BrowseState, pen: Pen, rows: Int) -> Screen {
        let separator = KnownSites.groupingSeparator(for: search.site)
        func number(_ n: Int) -> String { NumberText.grouped(Int64(n), separator: separator) }
        let counts = search.results.isEmpty ? "" : pen.say(.Browse.position(number(search.selection + 1), of: number(search.total)))
        let (query, column) = textLine(.Browse.searchLabel, search.query, focused: search.focus == .query, pen: pen)
        var body: [String]
        if let failed = search.failed, search.results.isEmpty {
            body = failureLines(failed.failure, pen: pen)
        } else if search.results.isEmpty {
            let text: Message =
                search.searching ? .Browse.loading
                : search.shown.map { .Catalog.noResults(query: TerminalText.clean($0.text), site: KnownSites.label(TerminalText.clean(search.site))) } ?? .Browse.typeToSearch
            body = BrowseText.wrap(pen.say(text), width: max(1, pen.width - 1)).map { pen.line(" " + $0) }
        } else {
            body = resultRows(search, pen: pen, rows: rows)
        }
        if search.focus == .panel { body = withPanel(body, search: search, pen: pen, rows: rows) }
        return Screen(
            title: titleBar(state, site: search.site, right: counts, pen: pen),
            query: query,
            status: pen.line(" " + searchStatus(search, pen: pen, number: number)),
            body: body,
            footer: footer(footerKeys(search.focus, failed: search.failed.map { $0.failure.canRetry } ?? false), pen: pen),
            cursor: search.focus == .query ? CursorPosition(row: 1, column: column) : nil)
    }

    /// The status line: a next page's error (the first page's fills the body), or the total, sort, filters, and whether a search runs or the answer is the cache's.
    static func searchStatus(_ search: SearchScreen, pen: Pen, number: (Int) -> String) -> String {
        if let failed = search.failed {
            return search.results.isEmpty ? "" : pen.say(.Browse.failure(failed.failure.line, exitCode: failed.failure.exitCode))
        }
        var parts: [String] = []
        if !search.results.isEmpty { parts.append(pen.say(.Browse.total(number(search.total), one: search.total == 1))) }
        if let sort = search.page?.sort { parts.append(pen.say(.Browse.sortedBy(TerminalText.clean(sort.name)))) }
        if !search.filters.isEmpty { parts.append(pen.say(.Browse.filtered(search.filters.map { TerminalText.clean($0.name) }.joined(separator: ", ")))) }
        if search.searching || search.pageLoading { parts.append(pen.say(.Browse.searching)) }
        if search.fromCache, search.shown != nil { parts.append(pen.say(.Browse.fromCache)) }
        return parts.joined(separator: " · ")
    }

    /// An error in the body: its message, its exit code's class, how to try again.
    static func failureLines(_ failure: BrowseFailure, pen: Pen) -> [String] {
        let message = pen.say(.Browse.failure(failure.line, exitCode: failure.exitCode))
        var lines = BrowseText.wrap(message, width: max(1, pen.width - 1))
        if failure.canRetry { lines += [""] + BrowseText.wrap(pen.say(.Browse.retryHint), width: max(1, pen.width - 1)) }
        return lines.map { pen.line(" " + $0) }
    }

    /// The visible results, the selected one marked `›` and in reverse video.
    static func resultRows(_ search: SearchScreen, pen: Pen, rows: Int) -> [String] {
        let visible = Array(search.results.dropFirst(search.scroll).prefix(rows))
        // A price of 1e300 is 300 digits: cut, so that it does not push every other column off the row.
        let priceTexts = visible.map { row in
            DisplayWidth.truncate(row.price.map { CurrencyFormat.for(TerminalText.clean(row.currencyID)).format($0) } ?? "", to: 24)
        }
        let conditions = visible.map { ItemLine.conditionName($0.condition, pen.language) }
        let free = pen.say(.Catalog.free)
        var priceWidth = priceTexts.map(DisplayWidth.of).max() ?? 0
        var conditionWidth = conditions.map(DisplayWidth.of).max() ?? 0
        var freeWidth = visible.contains { $0.freeShipping } ? DisplayWidth.of(free) : 0
        // The title keeps at least half the width (12 columns on the narrowest screens), so rows
        // can be told apart: the other columns leave for it, shipping first, the price last.
        func titleWidth() -> Int {
            pen.width - 2 - [priceWidth, conditionWidth, freeWidth].filter { $0 > 0 }.reduce(0) { $0 + $1 + 2 }
        }
        let least = max(12, pen.width / 2)
        if titleWidth() < least { freeWidth = 0 }
        if titleWidth() < least { conditionWidth = 0 }
        if titleWidth() < 12 { priceWidth = 0 }
        let titleColumns = max(0, titleWidth())
        let dim = search.searching
        return visible.enumerated().map { offset, row in
            let selected = search.scroll + offset == search.selection
            let title = DisplayWidth.fit(TerminalText.clean(row.title), to: titleColumns)
            var columns: [(String, TextStyle.Color?)] = []
            if priceWidth > 0 { columns.append((pad(priceTexts[offset], priceWidth, right: true), nil)) }
            if conditionWidth > 0 { columns.append((DisplayWidth.fit(conditions[offset], to: conditionWidth), .gray)) }
            if freeWidth > 0 { columns.append((DisplayWidth.fit(row.freeShipping ? free : "", to: freeWidth), .green)) }
            let marker = selected ? "› " : "  "
            let plain = DisplayWidth.fit(marker + title + columns.map { "  " + $0.0 }.joined(), to: pen.width)
            if selected { return pen.reversed(plain) }
            guard pen.style.colored else { return plain }
            let painted = columns.map { "  " + pen.style.paint($0.0, dim ? .gray : $0.1) }.joined()
            let used = DisplayWidth.of(marker + title + columns.map { "  " + $0.0 }.joined())
            return marker + (dim ? pen.style.paint(title, .gray) : title) + painted + String(repeating: " ", count: max(0, pen.width - used))
        }
    }

    /// `text` padded to `width` columns, on the left when `right` (numbers line up on the right).
    static func pad(_ text: String, _ width: Int, right: Bool) -> String {
        let cut = DisplayWidth.truncate(text, to: width)
        let room = String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
        return right ? room + cut : cut + room
    }

    /// The keys the footer names for each focus.
    static func footerKeys(_ focus: SearchScreen.Focus, failed: Bool) -> [(Message, Message)] {
        switch focus {
        case .query:
            [(.Browse.keyEnter, .Browse.actionOpen), (.Browse.keyTab, .Browse.actionList), (.Browse.keyMove, .Browse.actionMove)]
                + (failed ? [(.Browse.keyCtrlR, .Browse.actionRetry)] : []) + [(.Browse.keyCtrlC, .Browse.actionQuit)]
        case .list:
            [(.Browse.keyEnter, .Browse.actionOpen), (.Browse.keySlash, .Browse.actionSearch), (.Browse.keyTab, .Browse.actionFilters),
             (.Browse.keyMove, .Browse.actionMove), (.Browse.keyHelp, .Browse.actionKeys), (.Browse.keyQuit, .Browse.actionQuit)]
        case .panel:
            [(.Browse.keyEnter, .Browse.actionApply), (.Browse.keyTab, .Browse.actionBack), (.Browse.keyMove, .Browse.actionMove),
             (.Browse.keyHelp, .Browse.actionKeys), (.Browse.keyQuit, .Browse.actionQuit)]
        }
    }
}
