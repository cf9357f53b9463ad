/// Typed keys for the command line. A command declares each option once, as a static key; the
/// declaration is both what the parser, help, completions and the man page read and how the
/// command reads the value back, typed: `arguments[Self.limit]` is an `Int?`. A misspelt key does
/// not compile, and a value that does not convert is a usage error before the command runs.
protocol OptionKey: Sendable {
    var spec: OptionSpec { get }
}

/// A positional argument's key.
protocol ArgumentKey: Sendable {
    var spec: ArgumentSpec { get }
}

/// Present or not: `--json`.
struct Flag: OptionKey {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: Message) {
        spec = OptionSpec(long, short: short, kind: .flag, help: help)
    }
}

/// Counted each time it is given: `-vv` is 2.
struct Counter: OptionKey {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: Message) {
        spec = OptionSpec(long, short: short, kind: .counter, help: help)
    }
}

/// An option that overrides a setting (`SettingFlag`, declared with the setting): its value is
/// checked while parsing with the setting's own check, a usage error naming the option, and the
/// resolver applies it.
struct SettingFlagKey: OptionKey {
    let spec: OptionSpec

    init(_ flag: SettingFlag) {
        switch flag.kind {
        case .flag: spec = OptionSpec(flag.long, short: flag.name.short, kind: .flag, help: flag.name.help)
        case .counter: spec = OptionSpec(flag.long, short: flag.name.short, kind: .counter, help: flag.name.help)
        case .value(let placeholder, let choices):
            spec = OptionSpec(
                flag.long, short: flag.name.short, kind: .value(placeholder: placeholder), values: choices.map { .choices($0) } ?? .any,
                help: flag.name.help,
                convert: { text throws(UsageError) in
                    if let problem = flag.problem(text) { throw UsageError(.Usage.badOptionValue(option: "--" + flag.long, problem: problem)) }
                    return text
                })
        }
    }
}

/// Takes a value, converted once while parsing: `--limit 5` is `5`. The last one given wins.
struct Option<Value: Sendable>: OptionKey {
    var spec: OptionSpec

    /// `convert` turns the text into the value or throws the usage error that says why it cannot.
    /// With `inline`, the value is only taken after `=` (`--json=id,title`), and alone the option
    /// converts the empty text (`--json`).
    init(
        _ long: String, short: Character? = nil, placeholder: String, values: OptionSpec.Values = .any, help: Message,
        inline: Bool = false, convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            long, short: short, kind: inline ? .inlineValue(placeholder: placeholder) : .value(placeholder: placeholder),
            values: values, help: help,
            convert: { text throws(UsageError) in try convert(text) })
    }
}

extension Option where Value == String {
    /// A value kept as typed (after `choices`, when given, have checked it).
    init(_ long: String, short: Character? = nil, placeholder: String, values: OptionSpec.Values = .any, help: Message) {
        self.init(long, short: short, placeholder: placeholder, values: values, help: help) { text throws(UsageError) in text }
    }
}

/// Takes a value and may be repeated: `--filter a=1 --filter b=2` is two values, in order.
struct Repeated<Value: Sendable>: OptionKey {
    var spec: OptionSpec

    init(
        _ long: String, placeholder: String, help: Message,
        convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            long, kind: .value(placeholder: placeholder), repeatable: true, help: help,
            convert: { text throws(UsageError) in try convert(text) })
    }
}

/// A positional argument: `String` when required, `String?` when optional, `[String]` when variadic.
struct Argument<Value: Sendable>: ArgumentKey {
    var spec: ArgumentSpec
    fileprivate let read: @Sendable ([String]) -> Value
}

extension Argument where Value == String {
    /// Exactly one word, which must be given. `check` may refuse it with a usage error.
    static func required(
        _ name: String, values: OptionSpec.Values = .any, help: Message,
        check: @escaping @Sendable (String) throws(UsageError) -> Void = { _ throws(UsageError) in }
    ) -> Argument {
        Argument(spec: ArgumentSpec(name, arity: .required, values: values, help: help, check: check), read: { $0.first ?? "" })
    }
}

extension Argument where Value == String? {
    /// One word, or none.
    static func optional(_ name: String, values: OptionSpec.Values = .any, help: Message) -> Argument {
        Argument(spec: ArgumentSpec(name, arity: .optional, values: values, help: help), read: { $0.first })
    }
}

extension Argument where Value == [String] {
    /// Every remaining word, at least `minimum` of them.
    static func variadic(_ name: String, minimum: Int = 0, help: Message) -> Argument {
        Argument(spec: ArgumentSpec(name, arity: .variadic(minimum: minimum), help: help), read: { $0 })
    }
}

extension ParsedArguments {
    subscript(key: Flag) -> Bool { options[key.spec.long] != nil }
    subscript(key: Counter) -> Int { options[key.spec.long]?.count ?? 0 }
    /// The last value given, converted; nil when the option was not given.
    subscript<Value>(key: Option<Value>) -> Value? { converted[key.spec.long]?.last as? Value }
    /// Every value given, converted, in order.
    subscript<Value>(key: Repeated<Value>) -> [Value] { (converted[key.spec.long] ?? []).compactMap { $0 as? Value } }
    subscript<Value>(key: Argument<Value>) -> Value { key.read(assigned[key.spec.name] ?? []) }
    /// The texts a setting's flag was given (one empty text per time for a flag or counter).
    func given(_ flag: SettingFlag.Name) -> [String] { options[flag.long] ?? [] }
}
