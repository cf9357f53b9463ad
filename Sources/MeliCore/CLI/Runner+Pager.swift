extension Runner {
    /// `context` with standard output through the pager when the output is one that pages (help,
    /// and each command whose declaration says `pages`), standard output is this process's own and
    /// a terminal, and a pager is chosen (`PagerChoice`); else `context` as it is, and no pager.
    /// A pager that cannot start is one warning (not under `-q`), and the output goes straight out.
    static func paging(_ context: Context, when pages: Bool, redactor: Redactor, reporter: ErrorReporter) -> (Context, PagedOutput?) {
        guard pages, let descriptor = context.stdoutDescriptor, context.stdout.isTerminal,
              let choice = PagerChoice.choose(context.environment, fileSystem: context.fileSystem) else { return (context, nil) }
        let pager = PagedOutput(choice, descriptor: descriptor, writeFailure: context.stdout.failure) { command, failure in
            switch failure {
            case .notFound: reporter.warn(.Pager.cannotStart(command: command))
            case .notExecutable: reporter.warn(.Pager.notExecutable(command: command))
            case .shellFailed(let status): reporter.warn(.Pager.shellFailed(command: command, status: String(status)))
            }
        }
        let output = pager.output(width: context.stdout.width)
        var paged = context
        paged.unredactedStdout = output
        paged.stdout = output.redacted(by: redactor)
        return (paged, pager)
    }
}

extension ErrorReporter {
    /// `meli-dev: warning: TEXT` on standard error, unless `--quiet`.
    func warn(_ message: Message) {
        guard !quiet else { return }
        let text = TerminalText.clean(redactor?.redact(message.text(language)) ?? message.text(language), keepingNewlines: true)
        stderr.write("\(binary): \(style.paint(Message.Reporting.warningLabel.text(language), .yellow, bold: true)) \(text)\n")
    }
}
