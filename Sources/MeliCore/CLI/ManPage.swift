/// The man page (roff, section 1) of one binary, generated from the command declarations and the
/// settings registry: `<binary> help --man`. Dated by the build (the commit's date), not the clock,
/// so packaging the same commit twice gives the same page. English, like the sections written here.
package enum ManPage {
    package static func render(root: CommandSpec, environment: EnvironmentName, build: BuildInfo, links: ProjectLinks = .compiled) -> String {
        let binary = root.name
        let date = build.date.isEmpty ? "" : String(build.date.prefix(10))
        var out = ".TH \(escape(binary.uppercased())) 1 \"\(date)\" \"\(escape(binary)) \(escape(build.version))\" \"User Commands\"\n"
        out += ".SH NAME\n\(escape(binary)) \\- \(escape(root.summary.description))\n"
        out += ".SH SYNOPSIS\n.B \(escape(binary))\n[\\fIoptions\\fR] \\fIcommand\\fR [\\fIargs\\fR]\n"
        out += ".SH DESCRIPTION\nA command-line client for the MercadoLibre catalog. This build is the \\fB\(environment.rawValue)\\fR environment; "
        out += "it reads its settings from its environment file and keeps its own configuration, cache and state directories.\n"
        out += ".SH COMMANDS\n"
        for (path, spec) in Completions.commands(root).dropFirst() where spec.make != nil || spec.subcommands.isEmpty {
            let invocation = ([binary] + path).joined(separator: " ")
            let synopsis = ([invocation] + (spec.options.isEmpty ? [] : ["[options]"]) + spec.arguments.map(\.synopsis)).joined(separator: " ")
            out += ".TP\n.B \(escape(synopsis))\n\(escape(spec.summary.text(.english)))\n"
            if let discussion = spec.discussion { out += ".RS\n\(escape(paragraph(discussion.text(.english))))\n.RE\n" }
            for option in spec.options {
                out += ".RS\n.TP\n.B \(escape(option.synopsis))\n\(escape(option.help.text(.english)))\n.RE\n"
            }
        }
        out += ".SH GLOBAL OPTIONS\n"
        for option in root.options { out += ".TP\n.B \(escape(option.synopsis))\n\(escape(option.help.text(.english)))\n" }
        out += ".SH ENVIRONMENT\n"
        for key in Settings.keys(readBy: environment) {
            let place = key.place == .environmentOnly ? " (process environment only)" : ""
            out += ".TP\n.B \(escape(key.name))\n\(escape(key.summary.text(.english) + place))\n"
        }
        out += ".TP\n.B MELI_PAGER, PAGER\nThe pager for long output on a terminal (else less, with LESS=FRX when LESS is unset); empty or cat: none.\n"
        out += ".TP\n.B BROWSER\nThe browser \\-\\-web opens pages in (else xdg\\-open or open).\n"
        out += ".SH FILES\n"
        out += ".TP\n.I <prefix>/share/\(escape(binary))/\nThe environment files installed with the binary.\n"
        out += ".TP\n.I ~/.config/\(escape(binary))/credentials.json\nThe saved login (mode 0600), with credentials.lock beside it.\n"
        out += ".TP\n.I ~/.cache/\(escape(binary))/http/\nThe HTTP response cache.\n"
        out += ".TP\n.I ~/.local/state/\(escape(binary))/site\nThe site saved with \\fBsite ID\\fR.\n"
        out += ".PP\nThe XDG_CONFIG_HOME, XDG_CACHE_HOME and XDG_STATE_HOME variables move them.\n"
        out += ".SH EXIT STATUS\n"
        for code in ExitCode.allCases { out += ".TP\n.B \(code.rawValue)\n\(escape(code.meaning.description))\n" }
        if !links.isPlaceholder {
            out += ".SH REPORTING BUGS\nAt \\fB\(escape(links.issues))\\fR; the README is at \\fB\(escape(links.readme))\\fR.\n"
        }
        out += ".SH SEE ALSO\n\(escape(binary)) help \\fIcommand\\fR, \(escape(binary)) env\n"
        return out
    }

    /// One paragraph: the declared line breaks become spaces.
    private static func paragraph(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingWhitespace }.joined(separator: " ")
    }

    /// Backslashes and hyphens escaped, and a line starting with `.` or `'` protected.
    static func escape(_ text: String) -> String {
        var out = text.replacing(text: "\\", with: "\\e").replacing(text: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
