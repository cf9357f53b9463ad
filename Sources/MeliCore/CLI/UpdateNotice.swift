/// The update notice after a command: the runner's last step, worded as the command line words
/// a failure (`ErrorReporter`), for the debug log.
extension UpdateNotifier {
    /// After a command: prints the notice, if any; never throws, never waits more than the bound.
    static func run(_ app: App) async {
        let notifier = UpdateNotifier(app)
        guard notifier.isEnabled, !app.globals.quiet else { return }
        let text = await notifier.notice(at: app.io.now(), language: app.language) { location, timeout in
            do {
                return try await Feed.load(location, source: app.feedSource, timeout: timeout)
            } catch {
                // Silent on the terminal (a notice must never get in the way), said at debug (-vv).
                let reporter = ErrorReporter(binary: app.environment.binary, stderr: app.stderr, style: .plain, language: app.language)
                app.logger.debug("update notice: the feed was not read: \(reporter.failure(for: error)?.text.text(app.language) ?? String(describing: error))")
                throw error
            }
        }
        if !text.isEmpty { app.stderr.write(app.redactor.redact(text)) }
    }
}
