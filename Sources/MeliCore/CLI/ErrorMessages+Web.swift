extension WebError {
    /// What the user reads, and the exit code: 1 for an address refused, 2 for a site without a web site.
    var failure: CommandFailure {
        switch self {
        case .notMercadoLibre(let url): CommandFailure(.failure, .Web.notMercadoLibre(url: url), hint: .Web.notMercadoLibreHint)
        case .noWebSite(let site): CommandFailure(.usage, .Web.noWebSite(site: site, known: WebPages.knownSites))
        }
    }
}
