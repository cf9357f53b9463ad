/// Renders `--help` for any command from its declaration.
package struct HelpRenderer: Sendable {
    package var root: CommandSpec
    package var style: TextStyle
    package var language: Language
    /// The README and issue tracker the LEARN MORE footer links.
    package var links: ProjectLinks

    package init(root: CommandSpec, style: TextStyle = .plain, language: Language = .english, links: ProjectLinks = .compiled) {
        self.root = root
        self.style = style
        self.language = language
        self.links = links
    }

    private func h(_ message: Message) -> String { message.text(language) }

    /// Help for the command reached by `path` (`[]` for the program).
    package func render(_ path: [CommandSpec]) -> String {
        let command = path.last ?? root
        let isRoot = path.count <= 1
        let invocation = ([root.name] + path.dropFirst().map(\.name)).joined(separator: " ")
        var out = "\(style.paint(invocation, bold: true)) — \(h(command.summary))\n"
        if let discussion = command.discussion { out += "\n\(h(discussion))\n" }

        section(Message.Help.helpUsage.text(language), into: &out)
        out += "  \(usage(command, invocation: invocation, isRoot: isRoot))\n"
        if !command.subcommands.isEmpty {
            section(Message.Help.helpCommands.text(language), into: &out)
            out += rows(command.subcommands.map { ($0.name, h($0.summary)) })
        }
        if !command.arguments.isEmpty {
            section(Message.Help.helpArguments.text(language), into: &out)
            out += rows(command.arguments.map { ($0.synopsis, h($0.help)) })
        }
        if !isRoot, !command.options.isEmpty {
            section(Message.Help.helpOptions.text(language), into: &out)
            out += rows(command.options.map { (Self.alignedSynopsis($0), h($0.help)) })
        }
        section(isRoot ? Message.Help.helpOptions.text(language) : Message.Help.helpGlobalOptions.text(language), into: &out)
        out += rows(root.options.map { (Self.alignedSynopsis($0), h($0.help)) })
        if !command.examples.isEmpty {
            section(Message.Help.helpExamples.text(language), into: &out)
            out += command.examples.map { "  " + $0.replacing(text: "$0", with: root.name) + "\n" }.joined()
        }
        if isRoot {
            section(Message.Help.helpExitCodes.text(language), into: &out)
            out += rows(ExitCode.allCases.map { (String($0.rawValue), $0.meaning.text(language)) })
            out += "\n" + Message.Help.helpMore(binary: root.name).text(language) + "\n"
        }
        learnMore(into: &out)
        return out
    }

    /// The LEARN MORE footer, as gh's: where the manual is and where to report a problem (the
    /// web links only once Config/repository names a real repository).
    private func learnMore(into out: inout String) {
        section(h(.LearnMore.title), into: &out)
        let web = links.isPlaceholder ? [] : [(h(.LearnMore.manual), links.readme), (h(.LearnMore.problem), links.issues)]
        out += rows(web + [(h(.LearnMore.manPage), "\(root.name) help --man | man -l -")])
    }

    private func usage(_ command: CommandSpec, invocation: String, isRoot: Bool) -> String {
        var parts = [invocation]
        if isRoot || !command.options.isEmpty { parts.append(Message.Help.helpOptionsPlaceholder.text(language)) }
        if !command.subcommands.isEmpty {
            // A command that also runs alone (`env`, beside `env diff`) takes one only if wanted.
            let placeholder = Message.Help.helpCommandPlaceholder.text(language)
            parts.append(command.make == nil ? placeholder : "[\(placeholder)]")
        }
        parts += command.arguments.map(\.synopsis)
        return parts.joined(separator: " ")
    }

    private func section(_ title: String, into out: inout String) {
        out += "\n\(style.paint(title, bold: true))\n"
    }

    private func rows(_ items: [(String, String)]) -> String {
        let width = min(28, (items.map(\.0.count).max() ?? 0) + 2)
        return items.map { name, text in
            let gap = name.count < width ? String(repeating: " ", count: width - name.count) : "\n  " + String(repeating: " ", count: width)
            return "  \(name)\(gap)\(text)\n"
        }.joined()
    }

    /// `    --json` lines up with `-v, --verbose`.
    static func alignedSynopsis(_ option: OptionSpec) -> String {
        option.short == nil ? "    " + option.synopsis : option.synopsis
    }
}
