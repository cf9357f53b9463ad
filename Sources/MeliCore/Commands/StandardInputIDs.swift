/// `-` in place of an id (`item -`, `category -`): the ids on standard input, one a line, as
/// `cat -` reads it (a terminal too, to its end, Ctrl-D). Blank lines and the spaces around an id
/// are skipped; a line's first tab-separated field is its id (what `search` prints piped feeds
/// `item -` as it is), and a byte order mark before the first is dropped. The whole list is read before anything is requested, bounded: more than
/// `maximumIDs` ids, more than `maximumLines` lines, or a line over `maximumLineBytes` bytes, is a
/// usage error and nothing is requested; an input is read a block at a time, never whole.
///
/// Each id is then answered in turn: on a terminal as the command shows one (a blank line
/// between), piped as its tab-separated lines (each answer's first line starts a record: `id`,
/// `category`), and with `--json` as one JSON array of the answers, in the input's order. An id
/// that gets no answer is an error on standard error naming its line and the id, and the others
/// are still answered; the exit code is the worst of them (`ExitCode.severity`). A failure every
/// later id would meet too (authentication, configuration, a rate limit) stops the answers there,
/// saying how many ids were not asked for.
struct StandardInputIDs {
    /// The argument that means standard input.
    static let dash = "-"
    static let maximumIDs = 1_000
    static let maximumLineBytes = 1_024
    /// Blank lines included: a gigabyte of newlines is refused, not read to its end.
    static let maximumLines = 100_000

    /// One id as read: its line (counted from 1, blank lines too) and its text, spaces trimmed.
    struct Entry: Sendable, Hashable {
        var line: Int
        var text: String
    }

    /// The ids of `read`'s input, bounded as above.
    static func read(_ read: @escaping (Int) -> InputRead) throws -> [Entry] {
        var lines = BoundedLines(maximumLineBytes: maximumLineBytes, read: read)
        var entries: [Entry] = []
        while let line = lines.next() {
            switch line {
            case .text(let text, let number):
                guard number <= maximumLines else { throw UsageError(.StandardInput.tooManyLines(limit: maximumLines)) }
                let id = Self.firstField(number == 1 ? Self.droppingByteOrderMark(text) : text)
                guard !id.isEmpty else { continue }
                guard entries.count < maximumIDs else { throw UsageError(.StandardInput.tooManyIDs(limit: maximumIDs)) }
                entries.append(Entry(line: number, text: id))
            case .tooLong(let number):
                throw UsageError(.StandardInput.lineTooLong(line: number, limit: maximumLineBytes))
            case .failed(let code, _):
                throw StandardInputError.unreadable(reason: FileSystem.reason(code))
            }
        }
        return entries
    }

    /// A line's id: its first tab-separated field, spaces trimmed, so that the lines `search`,
    /// `categories` and `category` print when piped feed `item -` and `category -` as they are
    /// (`meli search iphone | meli item -`), as `cut -f1` would.
    static func firstField(_ line: String) -> String {
        String(line.trimmingWhitespace.prefix { $0 != "\t" }).trimmingWhitespace
    }

    /// The input's first line without the UTF-8 byte order mark (U+FEFF) an editor may put there.
    static func droppingByteOrderMark(_ line: String) -> String {
        line.first == "\u{FEFF}" ? String(line.dropFirst()) : line
    }

    var app: App
    var json: JSONSelection?
    /// `--no-color`, for the errors' colour (standard error's, decided as the runner decides it).
    var noColor: Bool

    /// Answers every id of standard input with `answer`, after `parse` accepted it (nil: `invalid`
    /// says why not); prints as described above and throws the worst exit code when one failed.
    func answer<R: Report>(
        parse: (String) -> String?, invalid: (String) -> Message, _ answer: (String) async throws -> R
    ) async throws {
        let entries = try Self.read(app.io.readInput)
        var reporter = ErrorReporter(
            binary: app.environment.binary, stderr: app.stderr,
            style: TextStyle.decide(isTerminal: app.stderr.isTerminal, environment: app.io.environment, noColorFlag: noColor),
            language: app.language)
        reporter.quiet = app.globals.quiet
        reporter.redactor = app.redactor
        var worst = ExitCode.success
        var answers: [JSONValue] = []
        var shown = 0
        for (index, entry) in entries.enumerated() {
            do {
                guard let id = parse(entry.text) else { throw UsageError(invalid(entry.text)) }
                let report = try await answer(id)
                if let json {
                    answers.append(Self.json(report, json))
                } else {
                    show(report, first: shown == 0)
                    shown += 1
                }
            } catch {
                let code = reporter.report(error, line: entry.line, id: entry.text)
                if code.severity > worst.severity { worst = code }
                if code.endsTheAnswers || Self.isRateLimit(error) {
                    let left = entries.count - index - 1
                    if left > 0 { app.stderr.write("\(app.environment.binary): " + reporter.safe(Message.StandardInput.notAsked(left).text(app.language)) + "\n") }
                    break
                }
            }
        }
        if json != nil { app.stdout.line(JSONValue.array(answers).serialized()) }
        if worst != .success { throw StandardInputFailures(exitCode: worst) }
    }

    /// Whether the server said to slow down (429): asking for the next id at once would only be
    /// refused too, so the answers stop there (five ids made ten refused requests).
    static func isRateLimit(_ error: any Error) -> Bool {
        if case .rateLimited = error as? APIError { return true }
        return false
    }

    /// One answer's JSON: the whole, or the fields asked for.
    static func json(_ report: some Report, _ selection: JSONSelection) -> JSONValue {
        switch selection {
        case .everything: return report.json()
        case .fields(let names): return report.records.select(names).first ?? .object([])
        }
    }

    /// One answer as text, as `App.show` writes it: a blank line before each on a terminal but the first.
    private func show(_ report: some Report, first: Bool) {
        let terminal = app.stdout.isTerminal
        let text = terminal ? report.terminal(app.view) : report.lines(app.view)
        app.stdout.write((terminal && !first ? "\n" : "") + TerminalText.cleanView(text, keepingColour: app.style.colored))
    }
}

/// Some ids of standard input got no answer: each was reported as it failed, so nothing more is
/// printed; the exit code is the worst of theirs.
struct StandardInputFailures: Error, Sendable, Hashable {
    var exitCode: ExitCode
}
