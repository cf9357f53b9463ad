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
        guard WebPages.isMercadoLibre(url) else { throw .notMercadoLibre(url: url) }
        if await launchBrowser(url) {
            if !globals.quiet { note(.Web.opening(url: url)) }
            return
        }
        stdout.line(url)
        note(.Web.noBrowser)
    }

    /// Whether a browser was started on `url` and its launcher did not fail within five seconds
    /// (one still running, a browser that stays open, counts as started). Only MercadoLibre pages.
    func launchBrowser(_ url: String) async -> Bool {
        guard WebPages.isMercadoLibre(url),
              let pid = BrowserLauncher.start(url, environment: io.environment, fileSystem: io.fileSystem) else { return false }
        return await BrowserLauncher.reap(pid, patience: 50) != false
    }
}
