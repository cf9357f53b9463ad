/// `self install [TARBALL|FEED] [--prefix DIR]`: installs the package this binary runs from, a
/// tarball checked against the checksums.txt beside it, or the newest build of a feed.
struct SelfInstallCommand: Command {
    static let spec = CommandSpec(
        name: "install", summary: .ProgramHelp.selfInstallSummary, discussion: .ProgramHelp.selfInstallDiscussion,
        arguments: [package],
        options: [SelfCommand.prefixOption, SelfCommand.allowDowngrade],
        examples: ["./$0_1.2.0_linux_x86_64/bin/$0 self install", "$0 self install ~/Downloads/$0_1.2.0_linux_x86_64.tar.gz --prefix ~/.local",
                   "$0 self install https://example.com/qa/feed.json"],
        command: Self.self)
    static let package = Argument.optional("package", values: .file, help: .ProgramHelp.selfInstallPackageHelp)

    var package: String?
    var prefix: String?
    var allowDowngrade: Bool

    init(_ arguments: ParsedArguments) {
        package = arguments[Self.package]
        prefix = arguments[SelfCommand.prefixOption]
        allowDowngrade = arguments[SelfCommand.allowDowngrade]
    }

    func run(_ app: App) async throws {
        let binary = app.environment.binary
        var installer = try app.installer(prefix: prefix, for: .install)
        installer.allowDowngrade = allowDowngrade
        let outcome: Installer.Outcome
        if let target = package {
            let isURL = target.hasPrefix("https://") || target.hasPrefix("http://")
            if target.hasSuffix(".json") {
                let feed = try await Feed.load(target, source: app.feedSource)
                let here = Feed.platform
                guard let build = try feed.newestBuild(for: binary, platform: here, at: app.io.now()) else {
                    throw InstallError.noBuild(feed: target, binary: binary, platform: "\(here.os)/\(here.arch)")
                }
                outcome = try await UpdateCommand.download(build, from: target, into: installer, app: app)
            } else if isURL {
                outcome = try await UpdateCommand.download(url: target, into: installer, app: app)
            } else {
                outcome = try installer.install(tarball: PathName.resolve(target, against: app.io.currentDirectory))
            }
        } else {
            // The running copy is the package manager's (its folder is /usr, or the Cellar's).
            try app.refuseIfPackageManaged(.install)
            guard let installation = app.installation else {
                throw InstallError.notAPackageFolder(path: app.io.executablePath ?? binary, binary: binary)
            }
            outcome = try installer.install(folder: installation.packageFolder)
        }
        SelfCommand.report(outcome, installer, app)
    }
}
