/// A command's result, and the three ways it is shown: JSON (`--json`), a table or text on a
/// terminal, tab-separated lines when piped. A command builds its report; `App.show` picks the
/// view, in one place, and makes what came from the API safe for the terminal.
protocol Report {
    /// Everything, as `--json` prints it.
    func json() -> JSONValue
    /// What `--json=FIELDS` picks from: the records and their fields.
    var records: JSONRecords { get }
    /// For a person at a terminal: labelled, aligned, in the user's language.
    func terminal(_ view: ReportView) -> String
    /// For a pipe: stable tab-separated lines.
    func lines(_ view: ReportView) -> String
}

/// The fields of one kind of record, declared once: the JSON object of a record is built from
/// this list, and `--json=FIELDS` checks its names against it.
struct JSONFields<Record>: Sendable {
    /// A field's name and how to get its value from a record.
    typealias Field = (name: String, value: @Sendable (Record) -> JSONValue)

    let fields: [Field]

    init(_ fields: [Field]) {
        self.fields = fields
    }

    var names: [String] { fields.map(\.name) }

    /// The record as a JSON object, its fields in declaration order; only `selected` ones when given.
    func object(_ record: Record, selected: [String]? = nil) -> JSONValue {
        let chosen = selected.map { names in fields.filter { names.contains($0.name) } } ?? fields
        return .object(chosen.map { ($0.name, $0.value(record)) })
    }
}

/// A report's records as `--json=FIELDS` sees them: one object, or a list printed as an array.
struct JSONRecords {
    var isList: Bool
    /// Each record with only the fields asked for, in declaration order.
    var select: ([String]) -> [JSONValue]

    static func one<Record>(_ record: Record, _ fields: JSONFields<Record>) -> JSONRecords {
        JSONRecords(isList: false) { names in [fields.object(record, selected: names)] }
    }

    static func list<Record>(_ records: [Record], _ fields: JSONFields<Record>) -> JSONRecords {
        JSONRecords(isList: true) { names in records.map { fields.object($0, selected: names) } }
    }
}

/// `--json[=FIELDS]`: the whole result as JSON, or only these fields of each record.
enum JSONSelection: Sendable, Hashable {
    case everything
    case fields([String])

    /// The `--json` option of a command whose records have `fields`: an unknown field is a usage
    /// error listing the valid ones, before anything is requested; so is `--json=` with no field
    /// named (`--json=`, `--json=,`), as gh's `--json` without fields is: `--json` alone is everything.
    ///
    /// `fields` is read only when `--json=FIELDS` is given or completed: a run builds its
    /// command's declaration, and the report's field list (a generic array of closures whose type
    /// the runtime makes) cost ~25K instructions of every run of a command that has `--json`.
    static func option(fields: @escaping @Sendable @autoclosure () -> [String], help: Message) -> Option<JSONSelection> {
        Option("json", placeholder: "fields", values: .any, help: help) { (given: String?) throws(UsageError) in
            guard let text = given else { return .everything }
            let valid = fields()
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
            guard names.contains(where: { !$0.isEmpty }) else {
                throw UsageError(.Output.noJSONFields(valid: valid.joined(separator: ",")))
            }
            for name in names where !valid.contains(name) {
                throw UsageError(
                    .Output.unknownJSONField(name, valid: valid.joined(separator: ",")),
                    suggestion: Suggestion.closest(to: name, in: valid))
            }
            return .fields(names)
        }.completing(.fields(JSONFieldNames(fields)))
    }
}

extension App {
    /// Prints `report` as JSON when `json` is given, else as a table on a terminal or lines when piped.
    func show(_ report: some Report, json: JSONSelection?) {
        switch json {
        case .everything?:
            stdout.line(report.json().serialized())
        case .fields(let names)?:
            let records = report.records
            let selected = records.select(names)
            stdout.line((records.isList ? .array(selected) : selected.first ?? .object([])).serialized())
        case nil:
            let view = self.view
            let text = stdout.isTerminal ? report.terminal(view) : report.lines(view)
            stdout.write(TerminalText.cleanView(text, keepingColour: style.colored))
        }
    }
}

/// A result whose JSON is one object built by the command, whose text the command writes itself:
/// `--json=FIELDS` picks among the object's top-level fields.
struct JSONReport: Report {
    var value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    func json() -> JSONValue { value }

    var records: JSONRecords {
        let whole = value
        return JSONRecords(isList: false) { names in
            guard case .object(let members) = whole else { return [whole] }
            return [.object(members.filter { names.contains($0.0) })]
        }
    }

    func terminal(_ view: ReportView) -> String { "" }
    func lines(_ view: ReportView) -> String { "" }
}
