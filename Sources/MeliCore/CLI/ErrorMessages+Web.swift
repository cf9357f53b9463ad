extension WebError {
    var failure: CommandFailure {
        switch self {
        case .notMercadoLibre(let url): CommandFailure(.failure, .Web.notMercadoLibre(url: url), hint: .Web.notMercadoLibreHint)
        case .noWebSite(let site): CommandFailure(.usage, .Web.noWebSite(site: site, known: WebPages.knownSites))
        }
    }
}
