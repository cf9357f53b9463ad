/// Which site a command uses, and where that choice came from.
extension App {
    /// The file remembering `site ID` for this binary.
    var savedSitePath: String { environment.directories.state + "/" + SiteCommand.fileName }

    /// The site to use, and where it came from. Highest first: `--site` (given as `flag`),
    /// `MELI_DEFAULT_SITE` in the process environment, the saved site (`site ID`), the environment file.
    func currentSite(flag: SiteID? = nil) -> (site: SiteID, origin: String) {
        if let flag { return (flag, "--site") }
        if case .environment(let name)? = environment.origin(of: Settings.defaultSite) { return (environment.defaultSite, name) }
        if let saved = savedSite() { return (saved, displayPath(savedSitePath)) }
        return (environment.defaultSite, environment.origin(of: Settings.defaultSite)?.description ?? "")
    }

    /// The state folder the saved site is kept in.
    var stateFolder: StateFolder { StateFolder(path: environment.directories.state, fileSystem: io.fileSystem) }

    /// The saved site, if there is a readable, valid one. One kept where someone else could have
    /// written it (a state folder that is a link, another user's or open to others; a file that
    /// is not the user's or root's, or that others may write) is not used, and a warning says why.
    func savedSite() -> SiteID? {
        let bytes: [UInt8]?
        do { bytes = try stateFolder.read(SiteCommand.fileName, limit: SiteCommand.maxFileBytes) } catch {
            logger.warning(text(.Trust.savedSiteNotUsed(reason: error.message, remedy: error.remedy)))
            return nil
        }
        return bytes.flatMap { SiteID(parsing: String(decoding: $0, as: UTF8.self).trimmingWhitespace) }
    }
}

/// `--site ID`, declared once for every command that takes it; checked while parsing.
enum SiteOption {
    static let key = option(help: .CatalogHelp.siteOptionHelp)

    /// `--site` with a command's own help text (`auth login` uses the site only for its country).
    static func option(help: Message) -> Option<SiteID> {
        Option<SiteID>("site", placeholder: "id", help: help) { text throws(UsageError) in
            guard let site = SiteID(parsing: text) else { throw UsageError(.SiteChoice.badSite(value: text, option: "--site")) }
            return site
        }
    }
}
