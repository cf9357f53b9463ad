import Synchronization

/// How the runtime performs what the state machine asks for: each request or wait is a task
/// whose answer comes back into the loop as an event; nothing here touches the state.
extension BrowseSession {
    /// Performs `effects` in order; `.quit` when one of them is to leave (the rest are not done).
    mutating func perform(_ effects: [BrowseEffect]) -> BrowseEnding? {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .cancel(let ticket):
                requests.removeValue(forKey: ticket)?.cancel()
            case .search(let query, let ticket):
                requests[ticket]?.cancel()
                requests[ticket] = spawn { [app, client] in
                    .searchLoaded(ticket: ticket, await Self.ask(client, app) { try await $0.search(query.request) })
                }
            case .loadItem(let id, let ticket):
                requests[ticket]?.cancel()
                requests[ticket] = spawn { [app, client] in
                    .itemLoaded(ticket: ticket, await Self.ask(client, app) { try await $0.item(id, withDescription: true) })
                }
            case .loadSites:
                others.append(spawn { [app, client] in
                    .sitesLoaded(await Self.ask(client, app) { try await $0.sites() }.map(\.value))
                })
            case .saveSite(let id):
                others.append(spawn { [app] in .siteSaved(id, Self.save(id, app)) })
            case .wait(let timer, let duration):
                timers[timer]?.cancel()
                timers[timer] = spawn { [clock = app.io.clock] in
                    do { try await clock.sleep(duration) } catch { return nil }
                    return .timer(timer)
                }
            case .open(let url):
                // Opened when a launcher ends well (xdg-open, open) or is still running after 2 s
                // (a browser named by $BROWSER that stays open); when one fails (BROWSER=false:firefox),
                // the next choice is tried.
                others.append(spawn { [environment = app.io.environment, fileSystem = app.io.fileSystem] in
                    .opened(url, await BrowserLauncher.launch(url, environment: environment, fileSystem: fileSystem, patience: 20))
                })
            }
        }
        return nil
    }

    /// A task that does `work` and hands its event to the loop, unless it was cancelled first.
    func spawn(_ work: @escaping @Sendable () async -> BrowseEvent?) -> Task<Void, Never> {
        let send = send
        return Task {
            guard let event = await work(), !Task.isCancelled else { return }
            send.yield(.events([event]))
        }
    }

    /// Sends one request with a copy of `client` that notes whether the answer came from the
    /// cache because the network could not give it; a failure as browse shows it.
    static func ask<Value: Sendable & Hashable>(
        _ client: APIClient, _ app: App, _ request: @Sendable (APIClient) async throws -> Value
    ) async -> Result<Answer<Value>, BrowseFailure> {
        let stale = StaleMark()
        var copy = client
        // Its own time budget, as a command has: the client's one, shared by the whole session,
        // ran out MELI_HTTP_TIMEOUT x 3 seconds after the first search, and every later request
        // then failed at once, unsent, as a timeout.
        copy.budget = client.budget.renewed()
        let log = client.onStale
        copy.onStale = { answer in
            log(answer)
            stale.mark()
        }
        do {
            let value = try await request(copy)
            return .success(Answer(value, fromCache: stale.isMarked))
        } catch {
            return .failure(app.browseFailure(error))
        }
    }

    /// Saves the site chosen on the site screen as `site ID` does; nil when it was saved.
    static func save(_ id: String, _ app: App) -> BrowseFailure? {
        guard let site = SiteID(parsing: id) else { return app.browseFailure(UsageError(.Configuration.badSiteID(value: id))) }
        do { try app.saveSite(site) } catch {
            return app.browseFailure(SiteError(error, path: app.displayPath(app.savedSitePath), removing: false))
        }
        return nil
    }
}

extension App {
    /// `error` as browse shows it: the text `ErrorReporter` would print, in the user's language,
    /// without colour and without the `binary: error: ` head (its first two lines, the message
    /// and its hint, as one paragraph), cleaned; and the exit code it maps to.
    func browseFailure(_ error: any Error) -> BrowseFailure {
        let buffer = OutputBuffer()
        var reporter = ErrorReporter(binary: environment.binary, stderr: buffer.output(), style: .plain, language: language)
        reporter.redactor = redactor
        let code = reporter.report(error)
        var text = Substring(buffer.text)
        let head = "\(environment.binary): \(Message.Reporting.errorLabel.text(language)) "
        if text.hasPrefix(head) { text = text.dropFirst(head.count) }
        // One paragraph (the view wraps it): the message, ended as a sentence, then its hint.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(2).map { TerminalText.clean(String($0)) }
        let sentences = lines.enumerated().map { index, line in
            index < lines.count - 1 && line.last.map { $0.isLetter || $0.isNumber } == true ? line + "." : line
        }
        return BrowseFailure(message: sentences.joined(separator: " "), exitCode: code.rawValue)
    }
}

/// Whether a request was answered from the cache (`APIClient.onStale` was called), from any thread.
private final class StaleMark: Sendable {
    private let marked = Mutex(false)

    func mark() { marked.withLock { $0 = true } }
    var isMarked: Bool { marked.withLock { $0 } }
}
