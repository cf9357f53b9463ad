/// `--web` could not open a page: the server's address is no MercadoLibre page (`url`), or the
/// id's site (`site`) has no web site meli knows.
enum WebError: Error, Sendable, Hashable {
    case notMercadoLibre(url: String)
    case noWebSite(site: String)
}

extension App {
    /// Opens `url` in the user's browser for `--web` (BROWSER, else xdg-open or open; see
    /// `BrowserLauncher`), after checking it is a MercadoLibre page. Opened: "Opening URL in your
    /// browser." on standard error (not under `-q`). When no browser starts or its launcher fails,
    /// the address goes to standard output, with how to open it on standard error: still a
    /// success, as gh does.
    func openInBrowser(_ url: String) async throws(WebError) {
        guard WebPages.isMercadoLibre(url, sandbox: usesSandbox) else { throw .notMercadoLibre(url: url) }
        if await launchBrowser(url) {
            if !globals.quiet { note(.Web.opening(url: url)) }
            return
        }
        stdout.line(url)
        note(.Web.noBrowser)
    }

    /// Whether this run's answers come from the built-in sandbox, whose pages are on
    /// `WebPages.sandboxHost`: meli-dev's `--web` and browse's `o` open them (they lead nowhere,
    /// but the whole way to the browser is the one a user of meli takes).
    var usesSandbox: Bool {
        if case .sandbox = environment.apiBaseURL { return true }
        return false
    }

    /// Whether a browser was started on `url` and its launcher did not fail within five seconds
    /// (one still running, a browser that stays open, counts as started). Only MercadoLibre pages.
    func launchBrowser(_ url: String) async -> Bool {
        guard WebPages.isMercadoLibre(url, sandbox: usesSandbox) else { return false }
        return await BrowserLauncher.launch(url, environment: io.environment, fileSystem: io.fileSystem, patience: 50)
    }
}
