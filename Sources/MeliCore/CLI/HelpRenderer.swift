/// Renders `--help` for any command from its declaration.
public struct HelpRenderer: Sendable {
    public var root: CommandSpec
    public var style: TextStyle

    public init(root: CommandSpec, style: TextStyle = .plain) {
        self.root = root
        self.style = style
    }

    /// Help for the command reached by `path` (`[]` for the program).
    public func render(_ path: [CommandSpec]) -> String {
        let command = path.last ?? root
        let isRoot = path.count <= 1
        let invocation = ([root.name] + path.dropFirst().map(\.name)).joined(separator: " ")
        var out = "\(style.paint(invocation, bold: true)) — \(command.summary)\n"
        if let discussion = command.discussion { out += "\n\(discussion)\n" }

        section("USAGE", into: &out)
        out += "  \(usage(command, invocation: invocation, isRoot: isRoot))\n"
        if !command.subcommands.isEmpty {
            section("COMMANDS", into: &out)
            out += rows(command.subcommands.map { ($0.name, $0.summary) })
        }
        if !command.arguments.isEmpty {
            section("ARGUMENTS", into: &out)
            out += rows(command.arguments.map { ($0.synopsis, $0.help) })
        }
        if !isRoot, !command.options.isEmpty {
            section("OPTIONS", into: &out)
            out += rows(command.options.map { (Self.alignedSynopsis($0), $0.help) })
        }
        section(isRoot ? "OPTIONS" : "GLOBAL OPTIONS", into: &out)
        out += rows(root.options.map { (Self.alignedSynopsis($0), $0.help) })
        if !command.examples.isEmpty {
            section("EXAMPLES", into: &out)
            out += command.examples.map { "  " + $0.replacing("$0", with: root.name) + "\n" }.joined()
        }
        if isRoot {
            section("EXIT CODES", into: &out)
            out += rows(ExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
            out += "\nRun '\(root.name) <command> --help' for a command's options.\n"
        }
        return out
    }

    private func usage(_ command: CommandSpec, invocation: String, isRoot: Bool) -> String {
        var parts = [invocation]
        if isRoot {
            parts.append("[<options>]")
        } else if !command.options.isEmpty {
            parts.append("[<options>]")
        }
        if !command.subcommands.isEmpty { parts.append("<command>") }
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
