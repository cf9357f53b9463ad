/// What a report needs to be written as text, and nothing more: the user's language, the colour
/// decision, the terminal's width, the binary's name (for commands it suggests) and how paths are
/// shown. `App.view` builds it; a report never sees the service bag.
struct ReportView: Sendable {
    var language: Language
    var style: TextStyle
    /// Standard output's width in columns on a terminal, nil when unknown.
    var width: Int?
    var binary: String
    /// `~/...` in the home directory, relative in the working directory (`App.displayPath`).
    var displayPath: @Sendable (String) -> String

    /// `message` in the user's language.
    func text(_ message: Message) -> String { message.text(language) }

    /// `new`/`used` and other condition ids in the user's language, for human output.
    func conditionName(_ id: String?) -> String { id.map { text(.CatalogValues.condition($0)) } ?? "" }

    /// `active`, `paused` and other status ids in the user's language, for human output.
    func statusName(_ id: String) -> String { text(.CatalogValues.status(id)) }
}

extension App {
    /// What reports are written with in this run.
    var view: ReportView {
        let app = self
        return ReportView(
            language: language, style: style, width: stdout.width, binary: environment.binary,
            displayPath: { app.displayPath($0) })
    }
}
