/// The update feed, the update notice and the package manager of this run: the small values
/// `Feed`, `UpdateNotifier` and `PackageManager` take, built from the services. (Printing the
/// notice after a command is the runner's: `UpdateNotifier.run`, in `CLI/UpdateNotice.swift`.)
extension App {
    /// What reading this binary's feed needs: this run's transport, file system and time bound,
    /// the keys its packages must be signed by, and its logger.
    var feedSource: FeedSource {
        FeedSource(
            transport: io.transport, fileSystem: io.fileSystem, currentDirectory: io.currentDirectory,
            timeout: environment.httpTimeout.seconds, environment: environment.name, trustedKeys: trustedKeys,
            stateDirectory: environment.directories.state, logger: logger, language: language,
            displayPath: { [self] in displayPath($0) })
    }

    /// Which package manager keeps this binary, if one does.
    var packageManager: PackageManager? {
        PackageManager(executablePath: io.executablePath, binary: environment.binary)
    }
}

extension UpdateNotifier {
    /// The notifier of this run. (In an extension, so that the memberwise initializer stays.)
    init(_ app: App) {
        let environment = app.environment
        self.init(
            binary: environment.binary, environment: environment.name, installed: environment.build.version,
            feed: environment.setting(SettingKey.updateFeedURL(for: environment.name).name), stateDirectory: environment.directories.state,
            processEnvironment: app.io.environment, stderrIsTerminal: app.stderr.isTerminal, offline: app.globals.offline,
            fileSystem: app.io.fileSystem, executablePath: app.io.executablePath)
    }
}
