/// What a command runs with: the services of this run, built once by `Runner` after the
/// environment is resolved (as gh's `cmdutil.Factory`). A command never reads flags from here; it
/// read its own options when it was built. The services themselves live beside this file:
/// `App+APIClient` (the API client, its cache and login), `App+Site` (which site to use);
/// printing a result is `App.show` in `CLI/Report.swift`; the small values the domain takes
/// instead of `App` are built beside it too (`App+Update`: the feed source, the update notice).
struct App: Sendable {
    var environment: Environment
    var logger: Logger
    var io: Context
    /// Colour decision for standard output.
    var style: TextStyle
    /// Masks secret values in anything printed.
    var redactor: Redactor
    /// The language of messages and labels.
    var language: Language
    /// What the services read of the options given before or after any command (`--offline`,
    /// `--no-cache`, `--quiet`).
    var globals: RunOptions
    /// A failed request's message alone, in English, for the log (`TransportError.logText`):
    /// the command line words failures, the API client only logs them.
    var transportFailureText: @Sendable (TransportError) -> String

    /// `message` in the user's language.
    func text(_ message: Message) -> String { message.text(language) }

    /// Prints `message` as a line of standard output, in the user's language, made safe for the
    /// terminal (it may quote what a server or a feed said: a site's name, a user id, a path).
    func say(_ message: Message) {
        stdout.line(TerminalText.clean(text(message), keepingNewlines: true))
    }

    /// `say`, on standard error: a note beside the output rather than the output itself.
    func note(_ message: Message) {
        stderr.line(TerminalText.clean(text(message), keepingNewlines: true))
    }

    var stdout: TextOutput { io.stdout }
    var stderr: TextOutput { io.stderr }

    /// A path shown as `~/...` made whole again for a script (piped lines, JSON): `HOME` in place
    /// of the `~`; anything else as it is.
    func scriptPath(_ shown: String) -> String {
        let home = io.environment["HOME"] ?? ""
        return !home.isEmpty && shown.hasPrefix("~/") ? home + shown.dropFirst() : shown
    }

    /// `~/...` for paths in the home directory, else as `Environment.displayPath` shows them.
    func displayPath(_ path: String) -> String {
        let home = io.environment["HOME"] ?? ""
        // `"~" + String(...)`: String + Substring is the generic `+`, whose first use cost the
        // runtime 100K instructions (an associated type looked up), at every start that builds
        // the credentials file's path.
        return !home.isEmpty && path.hasPrefix(home + "/") ? "~" + String(path.dropFirst(home.count)) : environment.displayPath(path)
    }
}
