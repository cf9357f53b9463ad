/// What the completion of `--sort`, `--filter` and `item` offers after a search: the sorts,
/// filters and results of the last page a `search` showed, kept in the binary's state folder
/// (`last-search`, one record a line, fields split by tabs) rather than found in the response
/// cache: `meli-dev`'s sandbox is never cached, and the cache's files are named by a digest, so
/// finding the newest search among them would mean reading every one. Bounded both ways: only
/// so many sorts, filters, values and results are kept, and the file is at most `maxBytes`, the
/// most that is read back (the values, last in the file, are cut short to fit).
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

    /// The page's sorts (the one in use first), filters (those applied, then those offered) and
    /// results. An entry whose id holds a control character is left out: a name loses its control
    /// characters, but an id without them would be another id (`MLA1\n23` is not `MLA123`).
    package init(_ page: SearchPage) {
        site = page.siteID
        sorts = ((page.sort.map { [$0] } ?? []) + page.availableSorts).prefix(Self.most.sorts)
            .filter { Self.isClean($0.id) }.map { Entry(id: $0.id, name: $0.name) }
        let filters = (page.filters + page.availableFilters).prefix(Self.most.filters).filter { Self.isClean($0.id) }
        self.filters = filters.map { Entry(id: $0.id, name: $0.name) }
        var values: [String: [Entry]] = [:]
        for filter in filters {
            values[filter.id, default: []] += filter.values.prefix(Self.most.values).filter { Self.isClean($0.id) }.map { value in
                Entry(id: value.id, name: value.name + (value.results.map { " (\($0))" } ?? ""))
            }
        }
        self.values = values
        results = page.results.prefix(Self.most.results).filter { Self.isClean($0.id) }.map { Entry(id: $0.id, name: $0.title) }
    }

    /// The file's text: the first line names the format, then `site`, `sort`, `filter` and `item`
    /// records, then the `value` records (with their filter's id first: each id's values once,
    /// in the order of the filters), then the `end` line. Records that would take the file past
    /// `maxBytes` are left out, and the values stop at the first that does not fit. Written byte
    /// by byte (through String's scalar view it took 5.3M of a cached search's 17M instructions).
    /// A search writes through `encoded(_:)` below; this is what that one is held to in tests.
    package var encoded: [UInt8] {
        var text = Self.opening()
        Self.record("site", [site], into: &text)
        for sort in sorts { Self.record("sort", [sort.id, sort.name], into: &text) }
        for filter in filters { Self.record("filter", [filter.id, filter.name], into: &text) }
        for result in results { Self.record("item", [result.id, result.name], into: &text) }
        var written: Set<String> = []
        values: for filter in filters where written.insert(filter.id).inserted {
            for value in values[filter.id] ?? [] {
                guard Self.record("value", [filter.id, value.id, value.name], into: &text) else { break values }
            }
        }
        Self.close(&text)
        return text
    }

    /// `LastSearch(page).encoded`, written straight from the page: no entries, no dictionary of
    /// values, no joined arrays and no interpolated names in between (through them, 0.43M
    /// instructions of every search, then 0.33M). An id's values are those of every filter of
    /// that id, as `values` gathers them; a value's result count is written after its name as
    /// the value writes it, `Nuevo (3)`, within the same limit of characters.
    static func encoded(_ page: SearchPage) -> [UInt8] {
        var text = opening()
        record("site", [page.siteID], into: &text)
        var sorts = 0
        if let sort = page.sort {
            if isClean(sort.id) { record("sort", [sort.id, sort.name], into: &text) }
            sorts = 1
        }
        for sort in page.availableSorts.prefix(most.sorts - sorts) where isClean(sort.id) { record("sort", [sort.id, sort.name], into: &text) }
        // The filters kept, applied first, as (list, index) pairs; and for each, the next kept
        // filter of the same id (-1 for none), so that an id's values are gathered without
        // comparing every pair of ids.
        let applied = min(page.filters.count, most.filters)
        let kept = applied + min(page.availableFilters.count, most.filters - applied)
        func filter(_ index: Int) -> SearchFilter {
            index < applied ? page.filters[index] : page.availableFilters[index - applied]
        }
        var nextOfID = [Int](repeating: -1, count: kept), firstOfID = [Int](repeating: -1, count: kept)
        var chains: [String: (first: Int, last: Int)] = [:]
        chains.reserveCapacity(kept)
        for index in 0..<kept {
            let current = filter(index)
            guard isClean(current.id) else { continue }
            record("filter", [current.id, current.name], into: &text)
            // One lookup a filter: the chain of its id, begun or extended.
            func link(_ chain: inout (first: Int, last: Int)) {
                if chain.first < 0 {
                    chain = (index, index)
                } else {
                    nextOfID[chain.last] = index
                    chain.last = index
                }
                firstOfID[index] = chain.first
            }
            link(&chains[current.id, default: (-1, -1)])
        }
        for result in page.results.prefix(most.results) where isClean(result.id) { record("item", [result.id, result.title], into: &text) }
        values: for index in 0..<kept where firstOfID[index] == index {
            let id = filter(index).id
            var same = index
            while same >= 0 {
                for value in filter(same).values.prefix(most.values) where isClean(value.id) {
                    guard record("value", [id, value.id, value.name], lastCount: value.results, into: &text) else { break values }
                }
                same = nextOfID[same]
            }
        }
        close(&text)
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
    /// With `lastCount`, the last field is written as `field + " (\(lastCount))"` would be. Left
    /// out, with `false`, when it would take the file past `maxBytes`.
    @discardableResult
    private static func record(_ kind: StaticString, _ fields: [String], lastCount: Int? = nil, into text: inout [UInt8]) -> Bool {
        let start = text.count
        text.append(contentsOf: UnsafeBufferPointer(start: kind.utf8Start, count: kind.utf8CodeUnitCount))
        for (index, field) in fields.enumerated() { Self.field(field, count: index == fields.count - 1 ? lastCount : nil, into: &text) }
        text.append(0x0A)
        guard fits(text) else {
            text.removeSubrange(start...)
            return false
        }
        return true
    }

    private static func opening() -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(8192)
        text.append(contentsOf: magic.utf8)
        text.append(0x0A)
        return text
    }

    private static func close(_ text: inout [UInt8]) {
        text.append(contentsOf: end.utf8)
        text.append(0x0A)
    }

    /// Whether `text` leaves room for the end line within `maxBytes`.
    private static func fits(_ text: [UInt8]) -> Bool { text.count + end.utf8.count + 1 <= maxBytes }

    /// Whether `id` holds no control character (C0 or DEL), which the file would have to drop.
    private static func isClean(_ id: String) -> Bool { !id.utf8.contains { $0 < 0x20 || $0 == 0x7F } }

    /// A tab, then `field` without control characters and cut to `most.characters`; with
    /// `count`, `field + " (\(count))"` so written: the count's characters are within the limit.
    private static func field(_ field: String, count: Int? = nil, into text: inout [UInt8]) {
        text.append(0x09)
        var field = field
        var scalars = 0
        let whole = field.withUTF8 { bytes in
            // Most fields are shorter in bytes than the limit in characters, and hold no control
            // character: copied whole after one look at each byte.
            if bytes.count <= most.characters, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                text.append(contentsOf: bytes)
                scalars = count == nil ? 0 : bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
                return true
            }
            // Where the kept scalars end, and whether a control character is among them.
            var end = 0, controls = false, whole = true
            while end < bytes.count {
                let byte = bytes[end]
                if byte & 0xC0 != 0x80 {
                    if byte < 0x20 || byte == 0x7F {
                        controls = true
                    } else {
                        if scalars == most.characters { whole = false; break }
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
            return whole
        }
        guard whole, let count else { return }
        // " (", the digits, ")": all ASCII and none a control, one scalar each, as many as fit.
        var room = most.characters - scalars
        func put(_ byte: UInt8) {
            guard room > 0 else { return }
            text.append(byte)
            room -= 1
        }
        put(UInt8(ascii: " "))
        put(UInt8(ascii: "("))
        if count < 0 { put(UInt8(ascii: "-")) }
        let magnitude = count.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            put(0x30 + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
        put(UInt8(ascii: ")"))
    }
}
