/// `site [ID] [--clear]`: show, save or forget this binary's site.
enum SiteCommand {
    static let discussion = """
        With an id, checks that the site exists and saves it in this binary's state directory;
        other environments are unaffected. The site used is, highest first: --site,
        MELI_DEFAULT_SITE in the process environment, the saved site, the environment file.
        """

    static let spec = CommandSpec(
        name: "site", summary: "Show the current site, or save one for this binary.",
        discussion: discussion,
        arguments: [ArgumentSpec("id", arity: .optional, help: "A site id such as MLA, MLB or MCO.")],
        options: [OptionSpec("clear", help: "Forget the saved site.")],
        examples: ["$0 site", "$0 site MCO", "$0 site --clear"], action: run)

    @Sendable static func run(_ context: CommandContext) async throws {
        let path = context.savedSitePath
        if context.arguments.flag("clear") {
            guard context.arguments.positionals.isEmpty else { throw UsageError(.clearTakesNoID, commandPath: ["site"]) }
            do { try FileSystem.removeFile(path) } catch {
                throw CommandFailure(.failure, .cannotRemove, context.displayPath(path), error.reason)
            }
            let (site, origin) = try context.currentSite()
            context.stdout.line(context.t(.siteForgotten, KnownSites.label(site.rawValue), origin))
            return
        }
        guard let text = context.arguments.positionals.first else {
            let (site, origin) = try context.currentSite()
            context.stdout.line(context.stdout.isTerminal ? context.t(.siteFrom, KnownSites.label(site.rawValue), origin) : "\(site.rawValue)\t\(origin)")
            return
        }
        guard let id = SiteID(parsing: text) else { throw UsageError(.badSiteID, text, commandPath: ["site"]) }
        let site = try await context.apiClient().site(id.rawValue)
        do { try FileSystem.writeAtomically(Array("\(id.rawValue)\n".utf8), to: path) } catch {
            throw CommandFailure(.failure, .cannotSaveSite, context.displayPath(path), error.reason)
        }
        context.stdout.line(context.t(.siteSet, site.name, id.rawValue, context.environment.binary))
        if case .environment(let name)? = context.environment.sources[.defaultSite] {
            context.logger.warning(context.t(.siteOverridden, name))
        }
    }
}
