/// The parser run backwards: the command line that asks for what was parsed again, with one option
/// changed, for hints such as search's "Next page: meli search iphone --page 3".
extension ParsedArguments {
    /// `binary`, the command path, the positional words, then the command's own options in the
    /// order the command declares them, each with its values in the order given; global options
    /// are left out. `replacing` is given `value` whether it was given or not; the options in
    /// `removing` are left out. Every word is quoted for a POSIX shell (`quote`).
    ///
    /// A value is written back as its typed value's `description` when it has one (the form the
    /// command reads: `--site mla` as `--site MLA`, `--limit 05` as `--limit 5`), else as typed.
    /// Words that start with `-` follow `--`, after the options, so that they stay words.
    ///
    /// Nil when a word holds a character a terminal view removes (`TerminalText.isUnsafe`: a soft
    /// hyphen, a zero-width mark, an escape): the line shown would ask for something else.
    func commandLine(binary: String, replacing: any OptionKey, with value: String, removing: [any OptionKey] = []) -> String? {
        let removed = Set(removing.map(\.spec.long))
        var options: [String] = []
        for spec in commands.count > 1 ? command.options : [] where !removed.contains(spec.long) {
            if spec.long == replacing.spec.long {
                options += Self.words(spec, [value])
            } else if let given = self.options[spec.long] {
                let typed = converted[spec.long] ?? []
                options += Self.words(spec, given.indices.map { index in
                    (index < typed.count ? typed[index] as? any CustomStringConvertible : nil)?.description ?? given[index]
                })
            }
        }
        let words = positionals.map(Self.quote)
        let line = positionals.contains(where: { $0.hasPrefix("-") && $0 != "-" })
            ? options + ["--"] + words
            : words + options
        let command = ([binary] + commandPath + line).joined(separator: " ")
        return command.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" && $0 != "\t" } ? nil : command
    }

    /// The words that give `spec` these values: `--json`, `--json=id,title`, `--site MLA`, or a
    /// flag once per time it was given.
    private static func words(_ spec: OptionSpec, _ values: [String]) -> [String] {
        switch spec.kind {
        case .flag, .counter: values.map { _ in "--" + spec.long }
        case .inlineValue: values.map { $0.isEmpty ? "--" + spec.long : quote("--" + spec.long + "=" + $0) }
        case .value: values.flatMap { ["--" + spec.long, quote($0)] }
        }
    }

    /// Single-quotes a word for the shell when it needs it. Judged scalar by scalar: a shell reads
    /// bytes, and `Character.isLetter` looks at a character's first scalar only, so a letter that
    /// joins the next scalar into one character (U+0D4E, a "prepended" mark, before `;`) let
    /// `x\u{D4E};id` through unquoted.
    static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_=.,/:@+".unicodeScalars.contains($0)
        }
        return safe && !word.isEmpty ? word : "'" + word.replacing(text: "'", with: "'\\''") + "'"
    }
}
