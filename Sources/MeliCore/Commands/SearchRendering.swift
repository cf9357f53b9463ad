/// A page of search results. `--json` prints the page with the API's field names; `--json=FIELDS`
/// prints only those fields of each result.
struct SearchReport: Report {
    static let fields = JSONFields<ItemSummary>([
        ("id", { .string($0.id) }), ("title", { .string($0.title) }), ("price", { $0.price.map { .number($0) } ?? .null }),
        ("currency_id", { .string($0.currencyID) }), ("condition", { $0.condition.map { .string($0) } ?? .null }),
        ("available_quantity", { $0.availableQuantity.map { .number(Double($0)) } ?? .null }),
        ("permalink", { $0.permalink.map { .string($0) } ?? .null }), ("thumbnail", { $0.thumbnail.map { .string($0) } ?? .null }),
        ("shipping", { .object([("free_shipping", .bool($0.freeShipping))]) }),
    ])

    var page: SearchPage
    /// What was asked for, site included.
    var request: SearchRequest
    /// The command line as parsed, for the next-page hint.
    var arguments: ParsedArguments

    var records: JSONRecords { .list(page.results, Self.fields) }

    func json() -> JSONValue {
        func sort(_ s: SortOption) -> JSONValue { .object([("id", .string(s.id)), ("name", .string(s.name))]) }
        func filter(_ f: SearchFilter) -> JSONValue {
            .object([("id", .string(f.id)), ("name", .string(f.name)), ("values", .array(f.values.map { v in
                var members: [(String, JSONValue)] = [("id", .string(v.id)), ("name", .string(v.name))]
                if let results = v.results { members.append(("results", .number(Double(results)))) }
                return .object(members)
            }))])
        }
        return .object([
            ("site_id", .string(page.siteID)),
            ("query", .string(page.query ?? request.text ?? "")),
            ("paging", .object([("total", .number(Double(page.total))), ("offset", .number(Double(page.offset))), ("limit", .number(Double(page.limit)))])),
            ("sort", page.sort.map(sort) ?? .null),
            ("available_sorts", .array(page.availableSorts.map(sort))),
            ("filters", .array(page.filters.map(filter))),
            ("available_filters", .array(page.availableFilters.map(filter))),
            ("results", .array(page.results.map { Self.fields.object($0) })),
        ])
    }

    func lines(_ view: ReportView) -> String {
        let rows = page.results.map { r in
            [r.id, r.title, r.price.map { JSONValue.format($0) } ?? "", r.currencyID, r.condition ?? "", r.freeShipping ? "free" : ""]
        }
        return Table(rows).tabSeparated()
    }

    func terminal(_ view: ReportView) -> String { SearchText(page: page.forTerminal, request: request, arguments: arguments, view: view).render() }
}

/// `search` on a terminal: a table cut to the width, then where the page stands and what else is on offer.
struct SearchText {
    var page: SearchPage
    var request: SearchRequest
    var arguments: ParsedArguments
    var view: ReportView

    func render() -> String {
        let separator = KnownSites.groupingSeparator(for: page.siteID)
        func number(_ n: Int) -> String { NumberText.grouped(Int64(n), separator: separator) }
        guard !page.results.isEmpty else { return view.text(Self.empty(page, query: query)) + "\n" }
        let style = view.style
        var rows = page.results.map { r in
            [r.id, r.title, r.price.map { CurrencyFormat.for(r.currencyID).format($0) } ?? "", view.conditionName(r.condition),
             r.freeShipping ? view.text(.Catalog.free) : ""]
        }
        let headers = [view.text(.Catalog.columnID), view.text(.Catalog.columnTitle), view.text(.Catalog.columnPrice), view.text(.Catalog.columnCondition), view.text(.Catalog.columnShipping)]
        fitTitles(&rows, headers: headers)
        var out = Table([headers.map { style.paint($0, bold: true) }] + rows).aligned()
        // The server's offset may be anything up to Int.max: counted on without overflowing.
        let first = Self.sum(page.offset, 1)
        let last = Self.sum(page.offset, page.results.count)
        out += "\n" + view.text(.Catalog.showing(first: number(first), last: number(last), total: number(page.total), query: query, site: KnownSites.label(page.siteID))) + "\n"
        if !page.filters.isEmpty {
            out += view.text(.Catalog.filtersLine(filters: page.filters.map { f in "\(f.id)=\(f.values.first?.id ?? "") (\(f.values.first?.name ?? ""))" }.joined(separator: ", "))) + "\n"
        }
        let sorts = ([page.sort].compactMap { $0 }.map { view.text(.Catalog.current(sort: $0.id)) } + page.availableSorts.map(\.id))
        out += view.text(.Catalog.sortsLine(sorts: sorts.joined(separator: ", "))) + "\n"
        if !page.availableFilters.isEmpty {
            out += view.text(.Catalog.availableFilters) + "\n"
            for filter in page.availableFilters {
                let values = filter.values.prefix(8).map { v in "\(v.id) \(v.name)" + (v.results.map { " (\(number($0)))" } ?? "") }
                out += "  \(style.paint(filter.id, bold: true)): " + values.joined(separator: ", ") + "\n"
            }
        }
        if last < page.total, Self.sum(request.offset, request.limit) < Int.max, let command = nextPageCommand() {
            out += view.text(.Catalog.nextPage(command: command)) + "\n"
        }
        return out
    }

    /// Cuts the title column so the table fits the terminal.
    private func fitTitles(_ rows: inout [[String]], headers: [String]) {
        guard let width = view.width else { return }
        let others = (0..<rows[0].count).filter { $0 != 1 }.map { column in
            max(rows.map { $0[column].count }.max() ?? 0, headers[column].count)
        }
        let room = max(20, width - others.reduce(0, +) - 2 * (rows[0].count - 1))
        for index in rows.indices where rows[index][1].count > room {
            rows[index][1] = String(rows[index][1].prefix(room - 1)) + "…"
        }
    }

    /// The words searched for, without the characters a terminal would act on: the view keeps
    /// meli's own colour escapes, so one typed in a query would colour what follows.
    private var query: String { TerminalText.clean(request.text ?? "") }

    /// What a page without results says, on a terminal or as the note beside piped output: past
    /// the last result when the search has some, else that it has none.
    static func empty(_ page: SearchPage, query: String) -> Message {
        let site = KnownSites.label(page.siteID)
        guard page.total > 0 else { return .Catalog.noResults(query: query, site: site) }
        let total = NumberText.grouped(Int64(page.total), separator: KnownSites.groupingSeparator(for: page.siteID))
        return .Catalog.pastTheEnd(total: total, query: query, site: site)
    }

    /// The same command, one page on: `--page N+1` when the page starts on a page boundary, else
    /// `--offset` one page on; nil when it cannot be shown as it would run (`commandLine`).
    private func nextPageCommand() -> String? {
        let binary = view.binary
        guard request.offset % request.limit == 0 else {
            let offset = String(Self.sum(request.offset, request.limit))
            return arguments.commandLine(binary: binary, replacing: SearchCommand.offset, with: offset, removing: [SearchCommand.page])
        }
        let page = String(request.offset / request.limit + 2)
        return arguments.commandLine(binary: binary, replacing: SearchCommand.page, with: page, removing: [SearchCommand.offset])
    }

    /// `a + b`, or `Int.max` where that would overflow.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }
}
