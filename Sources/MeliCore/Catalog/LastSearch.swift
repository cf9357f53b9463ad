/// What the completion of `--sort`, `--filter` and `item` offers after a search: the sorts,
/// filters and results of the last page a `search` showed, kept in the binary's state folder
/// (`last-search`, one record a line, fields split by tabs) rather than found in the response
/// cache: `meli-dev`'s sandbox is never cached, and the cache's files are named by a digest, so
/// finding the newest search among them would mean reading every one. Bounded both ways: at most
/// `maxBytes` is read, and only so many sorts, filters, values and results are kept.
package struct LastSearch: Sendable, Hashable {
    /// A value and its name: a sort, a filter, a filter's value, a result.
    package struct Entry: Sendable, Hashable {
        package var id: String
        package var name: String
    }

    package var site: String
    package var sorts: [Entry]
    package var filters: [Entry]
    /// Each filter's values, by filter id; the names carry the result count (`Nuevo (3)`).
    package var values: [String: [Entry]]
    package var results: [Entry]

    static let fileName = "last-search", maxBytes = 256 * 1024
    static let magic = "meli-last-search 1"
    /// The file's last line. The file is written to a temporary name and renamed, not synced: a
    /// crash can leave it cut short, or with zeros where its data had not been written out yet
    /// (`FileSystem.reserveBlocks`); either is read as no last search, never as a shorter one.
    static let end = "end"
    static let most = (sorts: 20, filters: 50, values: 40, results: 50, characters: 200)

    /// The page's sorts (the one in use first), filters (those applied, then those offered) and results.
    package init(_ page: SearchPage) {
        site = page.siteID
        sorts = ((page.sort.map { [$0] } ?? []) + page.availableSorts).prefix(Self.most.sorts).map { Entry(id: $0.id, name: $0.name) }
        let filters = (page.filters + page.availableFilters).prefix(Self.most.filters)
        self.filters = filters.map { Entry(id: $0.id, name: $0.name) }
        var values: [String: [Entry]] = [:]
        for filter in filters {
            values[filter.id, default: []] += filter.values.prefix(Self.most.values).map { value in
                Entry(id: value.id, name: value.name + (value.results.map { " (\($0))" } ?? ""))
            }
        }
        self.values = values
        results = page.results.prefix(Self.most.results).map { Entry(id: $0.id, name: $0.title) }
    }

    /// The file's text: the first line names the format, then `site`, `sort`, `filter`, `value`
    /// (with its filter's id first) and `item` records, then the `end` line. Written byte by
    /// byte: through String's scalar view it took 5.3M of a cached search's 17M instructions
    /// (callgrind), now ~0.1M.
    package var encoded: [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(8192)
        text.append(contentsOf: Self.magic.utf8)
        text.append(0x0A)
        Self.record("site", [site], into: &text)
        for sort in sorts { Self.record("sort", [sort.id, sort.name], into: &text) }
        for filter in filters {
            Self.record("filter", [filter.id, filter.name], into: &text)
            for value in values[filter.id] ?? [] { Self.record("value", [filter.id, value.id, value.name], into: &text) }
        }
        for result in results { Self.record("item", [result.id, result.name], into: &text) }
        text.append(contentsOf: Self.end.utf8)
        text.append(0x0A)
        return text
    }

    /// `LastSearch(page).encoded`, written straight from the page: no entries and no dictionary
    /// of values in between (through them, 0.43M instructions of every search). A filter's values
    /// are those of every offered filter of its id, as `values` gathers them.
    static func encoded(_ page: SearchPage) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(8192)
        text.append(contentsOf: magic.utf8)
        text.append(0x0A)
        record("site", [page.siteID], into: &text)
        let sorts = (page.sort.map { [$0] } ?? []) + page.availableSorts
        for sort in sorts.prefix(most.sorts) { record("sort", [sort.id, sort.name], into: &text) }
        let filters = Array((page.filters + page.availableFilters).prefix(most.filters))
        for filter in filters {
            record("filter", [filter.id, filter.name], into: &text)
            for same in filters where same.id == filter.id {
                for value in same.values.prefix(most.values) {
                    record("value", [filter.id, value.id, value.name + (value.results.map { " (\($0))" } ?? "")], into: &text)
                }
            }
        }
        for result in page.results.prefix(most.results) { record("item", [result.id, result.title], into: &text) }
        text.append(contentsOf: end.utf8)
        text.append(0x0A)
        return text
    }

    /// The search kept in `bytes`; nil when they are not a whole file of this format (its end
    /// line missing, or a NUL byte, which no record holds, anywhere).
    package init?(decoding bytes: [UInt8]) {
        guard !bytes.contains(0), bytes.suffix(Self.end.utf8.count + 2) == [0x0A] + Array(Self.end.utf8) + [0x0A] else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropLast()
        guard lines.first == Substring(Self.magic) else { return nil }
        (site, sorts, filters, values, results) = ("", [], [], [:], [])
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("site"?, 2): site = fields[1]
            case ("sort"?, 3): sorts.append(Entry(id: fields[1], name: fields[2]))
            case ("filter"?, 3): filters.append(Entry(id: fields[1], name: fields[2]))
            case ("value"?, 4): values[fields[1], default: []].append(Entry(id: fields[2], name: fields[3]))
            case ("item"?, 3): results.append(Entry(id: fields[1], name: fields[2]))
            default: continue
            }
        }
    }

    /// One line: the kind, then the fields, each without tabs, line breaks or other control
    /// characters (a server's names may hold any: C0 and DEL, all ASCII, so one byte each), and
    /// shortened to `most.characters` Unicode scalars (counted by their first bytes).
    private static func record(_ kind: StaticString, _ fields: [String], into text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(start: kind.utf8Start, count: kind.utf8CodeUnitCount))
        for var field in fields {
            text.append(0x09)
            field.withUTF8 { bytes in
                // Where the kept scalars end, and whether a control character is among them: most
                // names have none, and are then copied whole.
                var scalars = 0, end = 0, controls = false
                while end < bytes.count {
                    let byte = bytes[end]
                    if byte & 0xC0 != 0x80 {
                        if byte < 0x20 || byte == 0x7F {
                            controls = true
                        } else {
                            if scalars == most.characters { break }
                            scalars += 1
                        }
                    }
                    end += 1
                }
                let kept = UnsafeBufferPointer(rebasing: bytes[..<end])
                if controls {
                    text.append(contentsOf: kept.lazy.filter { $0 >= 0x20 && $0 != 0x7F })
                } else {
                    text.append(contentsOf: kept)
                }
            }
        }
        text.append(0x0A)
    }
}
