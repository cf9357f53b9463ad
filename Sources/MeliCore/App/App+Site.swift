/// Which site a command uses, and where that choice came from.
extension App {
    /// The file remembering `site ID` for this binary.
    var savedSitePath: String { environment.directories.state + "/site" }

    /// The site to use, and where it came from. Highest first: `--site` (given as `flag`),
    /// `MELI_DEFAULT_SITE` in the process environment, the saved site (`site ID`), the environment file.
    func currentSite(flag: SiteID? = nil) -> (site: SiteID, origin: String) {
        if let flag { return (flag, "--site") }
        if case .environment(let name)? = environment.sources[.defaultSite] { return (environment.defaultSite, name) }
        if let saved = savedSite() { return (saved, displayPath(savedSitePath)) }
        return (environment.defaultSite, environment.sources[.defaultSite]?.description ?? "")
    }

    /// The saved site, if there is a readable, valid one.
    func savedSite() -> SiteID? {
        guard let bytes = try? io.fileSystem.readFile(atPath: savedSitePath) else { return nil }
        return SiteID(parsing: String(decoding: bytes, as: UTF8.self).trimmingWhitespace)
    }
}

/// `--site ID`, declared once for every command that takes it; checked while parsing.
enum SiteOption {
    static let key = option(help: .siteOptionHelp)

    /// `--site` with a command's own help text (`auth login` uses the site only for its country).
    static func option(help: Message) -> Option<SiteID> {
        Option<SiteID>("site", placeholder: "id", help: help) { text throws(UsageError) in
            guard let site = SiteID(parsing: text) else { throw UsageError(.badSite(value: text, option: "--site")) }
            return site
        }
    }
}
