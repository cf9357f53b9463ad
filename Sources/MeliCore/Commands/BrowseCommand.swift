/// `browse [QUERY...] [--site ID]`: the site, search and item screens full-screen in the
/// terminal (`BrowseSession` runs them). Needs a terminal on standard input and output: piped, it
/// is a usage error pointing to `search`.
struct BrowseCommand: Command {
    static let query = Argument.variadic("query", help: .CatalogHelp.browseQueryHelp)
    static let site = SiteOption.key

    static let spec = CommandSpec(
        name: "browse", summary: .CatalogHelp.browseSummary, discussion: .CatalogHelp.browseDiscussion,
        arguments: [query], options: [site],
        examples: ["$0 browse", "$0 browse iphone", "$0 browse zapatillas running --site MLB"],
        notifiesOfUpdates: false, command: Self.self)

    /// The words to search for at once, nil for none.
    var query: String?
    /// Those words as given, for the `search` line a piped browse suggests.
    var words: [String]
    var site: SiteID?

    init(_ arguments: ParsedArguments) {
        self.words = arguments[Self.query]
        let words = self.words.joined(separator: " ")
        query = words.trimmingWhitespace.isEmpty ? nil : words
        site = arguments[Self.site]
    }

    func run(_ app: App) async throws {
        guard app.stdout.isTerminal else { throw notATerminal(app) }
        // While the screen is up nothing else may write to the terminal: the log, and anything
        // said on standard output or error, wait in buffers until it is restored.
        let (log, out) = (OutputBuffer(), OutputBuffer())
        var quiet = app
        quiet.io.stdout = out.output(isTerminal: true, width: app.stdout.width)
        quiet.io.stderr = log.output()
        quiet.logger = Logger(level: app.logger.level, output: log.output(), style: .plain, redactor: app.redactor, now: app.io.now)
        defer {
            app.stdout.write(out.text)
            app.stderr.write(log.text)
        }
        let client = try quiet.apiClient()
        let site = chosenSite(quiet)

        let terminal: TerminalSession
        do { terminal = try TerminalSession.start() } catch {
            switch error {
            case .notATerminal: throw notATerminal(app)
            case .settings(let code): throw BrowseError.cannotStart(errno: code)
            }
        }
        defer { terminal.restore() }
        let state = BrowseState(
            binary: app.environment.binary, site: site?.rawValue, defaultSite: app.environment.defaultSite.rawValue,
            query: query, size: terminal.size)
        var session = BrowseSession(app: quiet, client: client, terminal: terminal, state: state)
        let ending = await session.run()
        terminal.restore()
        if case .terminated(let signal) = ending { throw BrowseError.terminated(signal: signal) }
    }

    /// The site to browse: `--site`, else `MELI_DEFAULT_SITE` in the process environment, else
    /// the saved site; nil when none of them is set, to choose one on the site screen.
    func chosenSite(_ app: App) -> SiteID? {
        if let site { return site }
        if case .environment? = app.environment.origin(of: Settings.defaultSite) { return app.environment.defaultSite }
        return app.savedSite()
    }

    /// Browse cannot run here: the usage error that points to `search`.
    private func notATerminal(_ app: App) -> UsageError {
        UsageError(.BrowseCommand.notATerminal(binary: app.environment.binary, search: searchLine))
    }

    /// `search` with this command's words and site, quoted for a POSIX shell; `WORDS` stands for
    /// the words when none were given. A word starting with `-` comes after `--`, as `search` reads it.
    var searchLine: String {
        var line = ["search"] + (site.map { ["--site", $0.rawValue] } ?? [])
        let given = query == nil ? [] : words
        if given.contains(where: { $0.hasPrefix("-") }) { line.append("--") }
        return (line + (given.isEmpty ? ["WORDS"] : given.map(ParsedArguments.quote))).joined(separator: " ")
    }
}
