/// `site [ID] [--clear]`: show, save or forget this binary's site.
struct SiteCommand: Command {
    static let id = Argument.optional("id", help: .CatalogHelp.siteIDHelp).completing(.sites)
    static let clear = Flag("clear", help: .CatalogHelp.siteClearHelp)
    static let json = JSONSelection.option(fields: SiteReport.fields.names, help: .CatalogHelp.siteJSONHelp)

    static let spec = CommandSpec(
        name: "site", summary: .CatalogHelp.siteSummary, discussion: .CatalogHelp.siteDiscussion, arguments: [id], options: [clear, json],
        examples: ["$0 site", "$0 site MCO", "$0 site --clear", "$0 site --json"], command: Self.self)

    enum Action: Sendable {
        case show
        case save(SiteID)
        case clear
    }

    var action: Action
    var json: JSONSelection?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments[Self.json]
        if arguments[Self.clear] {
            guard arguments[Self.id] == nil else { throw UsageError(.SiteChoice.clearTakesNoID) }
            action = .clear
        } else if let text = arguments[Self.id] {
            guard let id = SiteID(parsing: text) else { throw UsageError(.Configuration.badSiteID(value: text)) }
            action = .save(id)
        } else {
            action = .show
        }
    }

    func run(_ app: App) async throws {
        let path = app.savedSitePath
        switch action {
        case .show:
            let (site, origin) = app.currentSite()
            app.show(SiteReport(site: site, origin: origin, path: app.scriptPath(origin)), json: json)
        case .clear:
            let removed: Bool
            do { removed = try app.stateFolder.remove(SavedSite.fileName) } catch {
                throw SiteError(error, path: app.displayPath(path), removing: true)
            }
            let (site, origin) = app.currentSite()
            if json != nil { return app.show(SiteReport(site: site, origin: origin, path: app.scriptPath(origin)), json: json) }
            // Nothing saved is not an error (as `auth logout` without a login): it says so, exit 0.
            app.say(removed
                ? .SiteChoice.siteForgotten(site: KnownSites.label(site.rawValue), origin: origin)
                : .SiteChoice.siteNothingSaved(binary: app.environment.binary, site: KnownSites.label(site.rawValue), origin: origin))
        case .save(let id):
            // Before the site is asked for: it would not be saved.
            if let problem = app.stateFolder.problem() { throw SiteError.untrustedState(problem) }
            let site = try await app.apiClient().site(id.rawValue)
            do { try app.saveSite(id) } catch { throw SiteError(error, path: app.displayPath(path), removing: false) }
            if json != nil {
                app.show(SiteReport(site: id, origin: app.displayPath(path), path: path), json: json)
            } else {
                app.say(.SiteChoice.siteSet(name: site.name, site: id.rawValue, binary: app.environment.binary))
            }
            if case .environment(let name)? = app.environment.origin(of: Settings.defaultSite) {
                app.logger.warning(app.text(.SiteChoice.siteOverridden(key: name)))
            }
        }
    }
}

/// The site in use and where that choice came from.
struct SiteReport: Report {
    struct Choice {
        var site: SiteID
        var origin: String
    }

    static let fields = JSONFields<Choice>([("site", { .string($0.site.rawValue) }), ("origin", { .string($0.origin) })])

    /// For a person: the origin as shown (`~/.local/state/meli-dev/site`).
    var choice: Choice
    /// For a script (piped lines, JSON): the same, with a file's path whole (`/home/ana/...`).
    var scripted: Choice

    init(site: SiteID, origin: String, path: String) {
        choice = Choice(site: site, origin: origin)
        scripted = Choice(site: site, origin: path)
    }

    func json() -> JSONValue { Self.fields.object(scripted) }
    var records: JSONRecords { .one(scripted, Self.fields) }
    func terminal(_ view: ReportView) -> String { view.text(.SiteChoice.siteFrom(site: KnownSites.label(choice.site.rawValue), origin: choice.origin)) + "\n" }
    func lines(_ view: ReportView) -> String { "\(scripted.site.rawValue)\t\(scripted.origin)\n" }
}
