/// A setting meli reads as a typed value, declared once in `Settings`: its key (name, summary,
/// default), how its text becomes the value or the problem that says why not, how `env` shows it,
/// and the options that override it for one run. Read back typed: `environment[Settings.httpTimeout]`.
package struct Setting<Value: Sendable & CustomStringConvertible>: Sendable {
    /// The declaration as every consumer loops over it (`Settings.all`).
    package let key: SettingKey
    package var name: String { key.name }

    /// `row` is how `env` names the value (`http_timeout`: its row, its `--json` field, a name
    /// `env --explain` takes); `json` its JSON form when not its text; `flags` the options that
    /// override it, highest last. Without a `defaultValue` a run fails when nothing sets it.
    init(
        _ name: String, row: String, summary: Message, default defaultValue: String? = nil,
        json: (@Sendable (Value) -> JSONValue)? = nil, flags: [Override] = [],
        parse: @escaping @Sendable (String) -> Result<Value, ValueProblem>
    ) {
        let typed = TypedSetting(
            row: row,
            parse: { text in parse(text).map { $0 as any Sendable } },
            text: { ($0 as! Value).description },
            json: { value in json.map { $0(value as! Value) } ?? .string((value as! Value).description) },
            flags: flags.map { $0.make(parse) })
        key = SettingKey(name, summary: summary, defaultValue: defaultValue, typed: typed)
    }

    /// A setting whose text converts with `parse`, or is refused with `problem`.
    init(
        _ name: String, row: String, summary: Message, default defaultValue: String? = nil,
        json: (@Sendable (Value) -> JSONValue)? = nil, flags: [Override] = [],
        parse: @escaping @Sendable (String) -> Value?, problem: @escaping @Sendable (String) -> Message
    ) {
        self.init(name, row: row, summary: summary, default: defaultValue, json: json, flags: flags) { text in
            parse(text).map { .success($0) } ?? .failure(ValueProblem(problem(text)))
        }
    }
}

extension Setting {
    /// An option that overrides the setting for one run, declared with it.
    package struct Override: Sendable {
        fileprivate let make: @Sendable (@escaping @Sendable (String) -> Result<Value, ValueProblem>) -> SettingFlag

        /// `--timeout 3`: takes a value, checked as the setting's own (a usage error naming the
        /// option when refused), that replaces it.
        static func option(_ long: String, placeholder: String, choices: [String]? = nil, help: Message) -> Override {
            Override { parse in
                SettingFlag(
                    name: SettingFlag.Name(long, help: help), kind: .value(placeholder: placeholder, choices: choices),
                    problem: { text in if case .failure(let problem) = parse(text) { problem.message } else { nil } },
                    apply: { texts, _ in texts.last.flatMap { try? parse($0).get() } })
            }
        }

        /// `-vv`: counted; `shift` gives the value after it was given `count` times.
        static func counter(_ name: SettingFlag.Name, _ shift: @escaping @Sendable (Value, Int) -> Value) -> Override {
            Override { _ in
                SettingFlag(name: name, kind: .counter, problem: { _ in nil }, apply: { texts, value in shift(value as! Value, texts.count) })
            }
        }

        /// `-q`: present or not; `change` gives the value after it.
        static func flag(_ name: SettingFlag.Name, _ change: @escaping @Sendable (Value) -> Value) -> Override {
            Override { _ in
                SettingFlag(name: name, kind: .flag, problem: { _ in nil }, apply: { _, value in change(value as! Value) })
            }
        }
    }
}

/// The typed part of a setting's declaration with its value type erased, so that one list holds
/// every setting; `Setting` builds it, and the validator, the resolver and `env` use it.
struct TypedSetting: Sendable {
    /// How `env` names the value: its row, its `--json` field, a name `env --explain` takes.
    let row: String
    let parse: @Sendable (String) -> Result<any Sendable, ValueProblem>
    /// The value as `env` shows it.
    let text: @Sendable (any Sendable) -> String
    /// The value in `env --json`: numbers for durations and sizes.
    let json: @Sendable (any Sendable) -> JSONValue
    /// The options that override it, applied in this order over the files and the process environment.
    let flags: [SettingFlag]
}

/// A command-line option that overrides a setting for one run: the highest layer, above the
/// process environment and the files. The command line's declarations (`GlobalOptions`) are made
/// from these, so help, completions and the man page list them with the other global options.
package struct SettingFlag: Sendable {
    /// An option's names and help.
    package struct Name: Sendable {
        package let long: String
        package let short: Character?
        package let help: Message

        init(_ long: String, short: Character? = nil, help: Message) {
            self.long = long
            self.short = short
            self.help = help
        }
    }

    /// What the option takes.
    package enum Kind: Sendable {
        /// A value (`--timeout 3`); `choices`, when given, are the only ones accepted.
        case value(placeholder: String, choices: [String]?)
        /// Nothing, counted (`-vv`).
        case counter
        /// Nothing (`-q`).
        case flag
    }

    package let name: Name
    package let kind: Kind
    /// Why a value's text is refused (the setting's own check), nil when it is accepted.
    let problem: @Sendable (String) -> Message?
    /// The value after the option, from the texts it was given (one empty text per time for a
    /// flag or counter) and the value below it; nil when it leaves that value alone.
    let apply: @Sendable (_ texts: [String], _ value: any Sendable) -> (any Sendable)?

    package var long: String { name.long }
    /// `--log-level`, as `env` shows the origin of a value the option set.
    var origin: SettingOrigin { .flag("--" + name.long) }
}

/// Why a value was refused, as one sentence for the diagnostic.
struct ValueProblem: Error {
    var message: Message
    init(_ message: Message) { self.message = message }
}
