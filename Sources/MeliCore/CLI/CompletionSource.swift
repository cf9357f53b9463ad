/// Where the hidden `__complete` entry finds the values of an option or argument beyond what its
/// declaration lists (`OptionSpec.Values`): declared beside the option (`.completing(.sites)`),
/// answered by `CompleteCommand` from the sandbox, cached answers and state, never the network.
package enum CompletionSource: Sendable, Hashable {
    /// Site ids with their names: the sandbox's, the cached `/sites` answer, else `KnownSites`.
    case sites
    /// Category ids of the site in use (the word's own prefix, `--site`, else the current site):
    /// the top level and the children of those whose answer is cached.
    case categories
    /// Item ids of the last search's results, with their titles.
    case items
    /// Sort ids, named as the last search named them.
    case sorts
    /// `KEY=` of the last search's filters, then `KEY=VALUE` of its values once `=` is typed.
    case filters
    /// The environments' names (`dev`, `qa`, `production`), else a file.
    case environments
    /// The settings' keys (`MELI_LOG_LEVEL`) with their summaries.
    case settings
    /// The commands below the ones named so far (`help auth lo` → `login`, `logout`).
    case commands
    /// A comma-separated list of these field names (`--json=id,title`).
    case fields(JSONFieldNames)
}

/// A report's field names, listed when asked for (`JSONSelection.option`): compared and hashed
/// by the names.
package struct JSONFieldNames: Sendable, Hashable {
    let names: @Sendable () -> [String]

    init(_ names: @escaping @Sendable () -> [String]) {
        self.names = names
    }

    package static func == (lhs: JSONFieldNames, rhs: JSONFieldNames) -> Bool { lhs.names() == rhs.names() }
    package func hash(into hasher: inout Hasher) { hasher.combine(names()) }
}

extension Option {
    /// This option, its values completed from `source`.
    func completing(_ source: CompletionSource) -> Option {
        var copy = self
        copy.spec.completion = source
        return copy
    }
}

extension Repeated {
    /// This option, its values completed from `source`.
    func completing(_ source: CompletionSource) -> Repeated {
        var copy = self
        copy.spec.completion = source
        return copy
    }
}

extension Argument {
    /// This argument, its words completed from `source`.
    func completing(_ source: CompletionSource) -> Argument {
        var copy = self
        copy.spec.completion = source
        return copy
    }
}
