/// One option a command accepts, declared once: parsing, help, completions and the man page read it.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Hashable {
        /// Present or not.
        case flag
        /// May be repeated: `-v -v` or `-vv`.
        case counter
        /// Takes a value: `--site MLA` or `--site=MLA`.
        case value(placeholder: String)
    }

    /// What a shell may complete the value with; `choices` are also the only values accepted.
    public enum Values: Sendable, Hashable {
        case any
        case file
        case choices([String])
    }

    public var long: String
    public var short: Character?
    public var kind: Kind
    public var help: String
    public var values: Values
    /// Whether a value option may be given more than once (`--filter a=1 --filter b=2`).
    public var repeatable: Bool

    public init(_ long: String, short: Character? = nil, kind: Kind = .flag, values: Values = .any, repeatable: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.kind = kind
        self.values = values
        self.repeatable = repeatable
        self.help = help
    }

    /// `-v, --verbose` or `--site <id>`, as shown in help.
    public var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(long)"
        if case .value(let placeholder) = kind { return names + " <\(placeholder)>" }
        return names
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public enum Arity: Sendable, Hashable {
        case required
        case optional
        /// Any number, at least `minimum`.
        case variadic(minimum: Int)
    }

    public var name: String
    public var arity: Arity
    public var help: String
    public var values: OptionSpec.Values

    public init(_ name: String, arity: Arity = .required, values: OptionSpec.Values = .any, help: String) {
        self.name = name
        self.arity = arity
        self.values = values
        self.help = help
    }

    /// `<id>`, `[<id>]` or `<query>...`.
    public var synopsis: String {
        switch arity {
        case .required: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .variadic(let minimum): minimum > 0 ? "<\(name)>..." : "[<\(name)>...]"
        }
    }
}

/// A command: what it is called, what it takes, what it does. The program itself is the root command,
/// whose options are global (valid before or after any subcommand).
public struct CommandSpec: Sendable {
    public typealias Action = @Sendable (CommandContext) async throws -> Void

    public var name: String
    public var summary: String
    public var discussion: String?
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var subcommands: [CommandSpec]
    /// Command lines shown under EXAMPLES, with `$0` standing for the binary.
    public var examples: [String]
    public var action: Action?

    public init(
        name: String, summary: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = [], examples: [String] = [], action: Action? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.examples = examples
        self.action = action
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
