/// `--site ID`, declared once for every command that takes it; checked while parsing.
enum SiteOption {
    static let key = option(help: .CatalogHelp.siteOptionHelp)

    /// `--site` with a command's own help text (`auth login` uses the site only for its country).
    static func option(help: Message) -> Option<SiteID> {
        Option<SiteID>("site", placeholder: "id", help: help) { text throws(UsageError) in
            guard let site = SiteID(parsing: text) else { throw UsageError(.SiteChoice.badSite(value: text, option: "--site")) }
            return site
        }.completing(.sites)
    }
}
