/// What `__complete` prints, in the protocol of gh's and cobra's `__complete`: one candidate a line,
/// its description after a tab when it has one (zsh and fish show it, bash does not), then a last
/// line `:N`, N the directive's bits. The generated scripts (`Completions`) read it.
package struct CompletionAnswer: Sendable, Hashable {
    /// One value the word may become, and what it is (a site's name, an option's help).
    package struct Candidate: Sendable, Hashable {
        package var value: String
        package var description: String

        /// `value`, described by `description` (none when empty).
        package init(_ value: String, _ description: String = "") {
            self.value = value
            self.description = description
        }
    }

    /// How the shell treats the candidates; cobra's `ShellCompDirective` bits, with their numbers.
    package struct Directive: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        /// The directive of these bits.
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// No space after the candidate: more follows (`--filter condition=`, `--json=id,`).
        package static let noSpace = Directive(rawValue: 2)
        /// With no candidate, complete nothing rather than file names.
        package static let noFiles = Directive(rawValue: 4)
    }

    package var candidates: [Candidate]
    package var directive: Directive

    /// `candidates`, treated as `directive` says (by default: no file names when none is left).
    package init(_ candidates: [Candidate], _ directive: Directive = .noFiles) {
        self.candidates = candidates
        self.directive = directive
    }

    /// Nothing to offer, not even files: what bad input gets.
    package static let nothing = CompletionAnswer([])

    /// The longest a description is shown: a category's or an item's name can be long.
    static let descriptionLimit = 80

    /// The most candidates printed: a cache may hold a site's 100,000 categories, and bash asks
    /// before it lists even a few hundred.
    static let most = 500

    /// Whether `value` starts with `word`, ignoring case (ids are accepted in either).
    static func matches(_ value: String, _ word: String) -> Bool { value.lowercased().hasPrefix(word.lowercased()) }

    /// The first `most` candidates that start with `word` (`matches`), each written after
    /// `prefix` (`--site=`), without duplicates.
    func matching(_ word: String, prefix: String = "") -> CompletionAnswer {
        var seen: Set<String> = []
        var kept: [Candidate] = []
        for candidate in candidates where kept.count < Self.most && Self.matches(candidate.value, word) && seen.insert(candidate.value).inserted {
            kept.append(Candidate(prefix + candidate.value, candidate.description))
        }
        return CompletionAnswer(kept, directive)
    }

    /// The lines printed: a value holding a tab, a line break or another control character (from a
    /// server's answer) is left out; descriptions are cleaned (`TerminalText`) and shortened.
    package var text: String {
        var out = ""
        for candidate in candidates where !candidate.value.isEmpty && !candidate.value.unicodeScalars.contains(where: Self.breaks) {
            out += candidate.value
            let description = TerminalText.clean(candidate.description, limit: Self.descriptionLimit)
            if !description.isEmpty { out += "\t" + description }
            out += "\n"
        }
        return out + ":\(directive.rawValue)\n"
    }

    /// A space, tab, line break or control character, which no value may hold.
    private static func breaks(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || TerminalText.isUnsafe(scalar)
    }
}
