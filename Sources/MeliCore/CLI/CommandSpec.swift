/// One option a command accepts, declared once: parsing, help, completions and the man page read it.
package struct OptionSpec: Sendable {
    package enum Kind: Sendable, Hashable {
        /// Present or not.
        case flag
        /// May be repeated: `-v -v` or `-vv`.
        case counter
        /// Takes a value: `--site MLA` or `--site=MLA`.
        case value(placeholder: String)
        /// Takes a value only after `=` (`--json=id,title`); alone it is a flag (`--json`), so the
        /// next word is never taken for its value.
        case inlineValue(placeholder: String)
    }

    /// What a shell may complete the value with; `choices` are also the only values accepted.
    package enum Values: Sendable, Hashable {
        case any
        case file
        case choices([String])
    }

    package var long: String
    package var short: Character?
    package var kind: Kind
    package var help: Message
    package var values: Values
    /// Whether a value option may be given more than once (`--filter a=1 --filter b=2`).
    package var repeatable: Bool
    /// Where `__complete` finds its values beyond `values` (`.completing(_:)`); nil: `values` alone.
    package var completion: CompletionSource?
    /// Turns a value option's text into its typed value while parsing (see `Option`): nil for an
    /// `inlineValue` option given alone, without `=`.
    var convert: (@Sendable (String?) throws(UsageError) -> any Sendable)?

    init(
        _ long: String, short: Character? = nil, kind: Kind = .flag, values: Values = .any, repeatable: Bool = false, help: Message,
        convert: (@Sendable (String?) throws(UsageError) -> any Sendable)? = nil
    ) {
        self.long = long
        self.short = short
        self.kind = kind
        self.values = values
        self.repeatable = repeatable
        self.help = help
        self.convert = convert
    }

    /// `-v, --verbose` or `--site <id>`, as shown in help.
    package var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(long)"
        switch kind {
        case .value(let placeholder): return names + " <\(placeholder)>"
        case .inlineValue(let placeholder): return names + "[=<\(placeholder)>]"
        case .flag, .counter: return names
        }
    }
}

/// A positional argument.
package struct ArgumentSpec: Sendable {
    package enum Arity: Sendable, Hashable {
        case required
        case optional
        /// Any number, at least `minimum`.
        case variadic(minimum: Int)
    }

    package var name: String
    package var arity: Arity
    package var help: Message
    package var values: OptionSpec.Values
    /// Where `__complete` finds its words beyond `values` (`.completing(_:)`); nil: `values` alone.
    package var completion: CompletionSource?
    /// Refuses a word with a usage error while parsing (a required argument's own check).
    var check: @Sendable (String) throws(UsageError) -> Void

    init(
        _ name: String, arity: Arity = .required, values: OptionSpec.Values = .any, help: Message,
        check: @escaping @Sendable (String) throws(UsageError) -> Void = { _ throws(UsageError) in }
    ) {
        self.name = name
        self.arity = arity
        self.values = values
        self.help = help
        self.check = check
    }

    /// `<id>`, `[<id>]` or `<query>...`.
    package var synopsis: String {
        switch arity {
        case .required: "<\(name)>"
        case .optional: "[<\(name)>]"
        case .variadic(let minimum): minimum > 0 ? "<\(name)>..." : "[<\(name)>...]"
        }
    }
}

/// A command: what it is called, what it takes, and the type that runs it. The program itself is the
/// root command, whose options are global (valid before or after any subcommand).
package struct CommandSpec: Sendable {
    /// What the parser answers for this command without running anything.
    package enum Role: Sendable, Hashable {
        /// Runs its `Command` (or, for a group, shows its help).
        case command
        /// `help [COMMAND...]`: the help of the commands named, or the manual page with `--man`.
        case help
        /// `completion SHELL`: the shell's completion script.
        case completion
    }

    package var name: String
    package var summary: Message
    package var discussion: Message?
    package var arguments: [ArgumentSpec]
    package var options: [OptionSpec]
    /// The subcommands by name, each declaration built when asked for (`subcommand(named:)`).
    var entries: [Subcommand]
    /// Every subcommand's declaration, built now: help, completions, the man page, usage errors.
    package var subcommands: [CommandSpec] { entries.map { $0.spec() } }
    package var hasSubcommands: Bool { !entries.isEmpty }
    /// Command lines shown under EXAMPLES, with `$0` standing for the binary.
    package var examples: [String]
    package var role: Role
    /// Whether the update notifier may speak after this command (`update` says it all itself).
    package var notifiesOfUpdates: Bool
    /// Whether its output goes through the pager on a terminal (long output: `item`, `search`...).
    package var pages: Bool
    /// Builds the command from what was parsed; nil for a group such as `auth`.
    let make: (@Sendable (ParsedArguments) throws(UsageError) -> any Command)?

    init(
        name: String, summary: Message, discussion: Message? = nil, arguments: [any ArgumentKey] = [],
        options: [any OptionKey] = [], subcommands: [Subcommand] = [], examples: [String] = [], role: Role = .command,
        notifiesOfUpdates: Bool = true, pages: Bool = false, command: (any Command.Type)? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        entries = subcommands
        self.examples = examples
        self.role = role
        self.notifiesOfUpdates = notifiesOfUpdates
        self.pages = pages
        if let command {
            make = { (arguments: ParsedArguments) throws(UsageError) -> any Command in try command.init(arguments) }
        } else {
            make = nil
        }
    }

    /// The one subcommand named `name`, the others left unbuilt.
    package func subcommand(named name: String) -> CommandSpec? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        let spec = entry.spec()
        assert(spec.name == name, "subcommand entry '\(name)' builds '\(spec.name)'")
        return spec
    }
}

/// A subcommand as its group lists it: its name, and its declaration built only when asked for.
/// A run builds the declaration of the command it runs, not of every command: building all 14
/// (their options, help texts, `--json` field lists) was 0.9M of the 2.7M instructions of
/// `--version` (callgrind), most of it the runtime making generic types' metadata.
struct Subcommand: Sendable {
    let name: String
    let spec: @Sendable () -> CommandSpec

    /// `name` must be the one `spec` declares (`subcommand(named:)` asserts it; the tests check all).
    init(_ name: String, _ spec: @escaping @Sendable @autoclosure () -> CommandSpec) {
        self.name = name
        self.spec = spec
    }
}
