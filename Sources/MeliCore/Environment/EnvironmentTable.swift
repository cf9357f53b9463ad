import CBuildStamp

/// `Config/environments`: the environments meli is built for, one row each. Package.swift reads the
/// file, makes one executable per row and compiles the table in (`-DMELI_ENVIRONMENTS`, see
/// `Sources/CBuildStamp`), so a binary knows every environment and finds its own by its file name.
package struct EnvironmentTable: Sendable, Hashable {
    package var rows: [EnvironmentName]

    package init(rows: [EnvironmentName]) {
        self.rows = rows
    }

    /// The table this binary was built with (empty if it was built without one).
    package static let compiled = EnvironmentTable(parsing: String(cString: meli_environments())) ?? EnvironmentTable(rows: [])

    /// Reads the table's text: one row a line (`name binary env-file channel builds`, separated by
    /// spaces or tabs; `-` for no channel or no builds, builds comma-separated), `#` comments and
    /// blank lines skipped. Nil when a row has the wrong number of fields or repeats a name or a
    /// binary (Package.swift checks the file the same way and says where).
    package init?(parsing text: String) {
        var rows: [EnvironmentName] = []
        for fields in Self.lines(text) {
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            guard fields.count == 5 else { return nil }
            let row = EnvironmentName(
                fields[0], binary: fields[1], fileName: fields[2], channel: fields[3] == "-" ? nil : fields[3],
                builds: fields[4] == "-" ? [] : fields[4].split(separator: ",").map(String.init))
            guard !rows.contains(where: { $0.rawValue == row.rawValue || $0.binary == row.binary }) else { return nil }
            rows.append(row)
        }
        self.rows = rows
    }

    /// Each non-empty line's fields. Every binary parses the table at start: split on bytes when
    /// the text is ASCII (Package.swift's table is), as `Character`s otherwise; the two agree on
    /// ASCII. Splitting by `Character` cost 217K instructions (callgrind, `--version`: 2.7M).
    private static func lines(_ text: String) -> [[String]] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: \.isNewline).map { line in
                line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            }
        }
        var lines: [[String]] = []
        var fields: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        // Splits at each separator byte: a field ends there, and at a line end so does the line.
        func endField(at end: String.UTF8View.Index) {
            if start != end { fields.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
        }
        for index in bytes.indices {
            switch bytes[index] {
            case 0x0A...0x0D:  // \n, vertical tab, form feed, \r: what `isNewline` is in ASCII
                endField(at: index)
                if !fields.isEmpty { lines.append(fields) }
                fields = []
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                endField(at: index)
            default:
                continue
            }
            start = bytes.index(after: index)
        }
        endField(at: bytes.endIndex)
        if !fields.isEmpty { lines.append(fields) }
        return lines
    }

    /// The environment whose binary is named `binary` (`meli-qa`).
    package func row(forBinary binary: String) -> EnvironmentName? {
        rows.first { $0.binary == binary }
    }

    /// The environment named `name` (`qa`).
    package func row(named name: String) -> EnvironmentName? {
        rows.first { $0.rawValue == name }
    }

    /// Every binary's name, in the table's order, for messages: `meli-dev, meli-qa, meli`.
    package var binaries: [String] { rows.map(\.binary) }
}
