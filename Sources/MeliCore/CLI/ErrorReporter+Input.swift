/// Standard input could not be read for `-` (`item -`): nothing was requested.
enum StandardInputError: Error, Sendable, Hashable {
    case unreadable(reason: String)

    var failure: CommandFailure {
        switch self {
        case .unreadable(let reason): CommandFailure(.failure, .StandardInput.unreadable(reason: reason))
        }
    }
}

extension ErrorReporter {
    /// Prints why the id on line `line` of standard input got no answer, naming the line and the
    /// id (cleaned, cut to 60 characters), and returns the exit code it alone would have had. A
    /// usage error (a line that is no id) gets no "Run --help" line: it is the input that is wrong.
    func report(_ error: any Error, line: Int, id: String) -> ExitCode {
        let (code, problem, hint): (ExitCode, Message, Message?)
        if let usage = error as? UsageError {
            (code, problem, hint) = (.usage, usage.text, nil)
        } else if let failure = failure(for: error) {
            (code, problem, hint) = (failure.exitCode, failure.text, failure.hint)
        } else {
            (code, problem, hint) = (.failure, .verbatim(String(describing: error)), nil)
        }
        let shown = TerminalText.clean(id, limit: 60)
        var text = errorLine(Message.StandardInput.atLine(line, id: shown, problem: problem).text(language))
        if let hint { text += safe(hint.text(language)) + "\n" }
        stderr.write(text)
        return code
    }
}

extension ExitCode {
    /// How grave a failure is, to give one exit code for many answers (`item -`): the worst one's.
    /// Highest first: interrupted; configuration and authentication (nothing could be answered);
    /// a failure (an answer that could not be got: retrying may help); a usage error (a line that
    /// is no id); not found (a well-formed id with nothing behind it); success last.
    var severity: Int {
        switch self {
        case .success: 0
        case .notFound: 1
        case .usage: 2
        case .failure: 3
        case .packageManaged: 4
        case .authentication: 5
        case .configuration: 6
        case .interrupted: 7
        }
    }

    /// Whether every later id would fail the same way: the answers stop at the first such failure.
    var endsTheAnswers: Bool { self == .configuration || self == .authentication || self == .interrupted }
}
