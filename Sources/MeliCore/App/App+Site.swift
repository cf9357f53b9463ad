/// Which site a command uses, and where that choice came from.
extension App {
    /// The file remembering `site ID` for this binary.
    var savedSitePath: String { environment.directories.state + "/" + SavedSite.fileName }

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
        do { bytes = try stateFolder.read(SavedSite.fileName, limit: SavedSite.maxBytes) } catch {
            logger.warning(text(.Trust.savedSiteNotUsed(reason: error.message, remedy: error.remedy)))
            return nil
        }
        return bytes.flatMap { SiteID(parsing: String(decoding: $0, as: UTF8.self).trimmingWhitespace) }
    }

    /// Saves `id` as this binary's site (`site ID`, and browse's site screen): refused when the
    /// state folder could be changed by someone else, else written readable by all (`0644`).
    func saveSite(_ id: SiteID) throws(StateFolder.WriteFailure) {
        try stateFolder.write(SavedSite.fileName, Array("\(id.rawValue)\n".utf8), mode: 0o644)
    }
}

/// The file in the state folder that keeps the saved site (`site ID`), and the most of it read.
enum SavedSite {
    static let fileName = "site", maxBytes = 1024
}
