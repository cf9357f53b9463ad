extension Message {
    /// The messages of `-`, ids read from standard input (`item -`, `category -`), in English and Spanish.
    enum StandardInput {}
}

extension Message.StandardInput {
    static let itemIDHelp = Message(
        en: "An item id such as MLA1400000100, or - to read ids from standard input, one a line.",
        es: "Un id de publicación como MLA1400000100, o - para leer ids de la entrada estándar, uno por línea.")
    static let categoryIDHelp = Message(
        en: "A category id such as MLA1051, or - to read ids from standard input, one a line.",
        es: "Un id de categoría como MLA1051, o - para leer ids de la entrada estándar, uno por línea.")
    /// One id of standard input could not be answered: where it was, then why.
    static func atLine(_ line: Int, id: String, problem: Message) -> Message {
        Message(
            en: "standard input, line \(line), '\(id)': \(problem.english)",
            es: "entrada estándar, línea \(line), '\(id)': \(problem.spanish)")
    }
    static func lineTooLong(line: Int, limit: Int) -> Message {
        Message(
            en: "line \(line) of standard input is longer than \(limit) bytes, and no id is that long; nothing was requested. Give one id a line",
            es: "la línea \(line) de la entrada estándar tiene más de \(limit) bytes, y ningún id los tiene; no se pidió nada. Indique un id por línea")
    }
    static func tooManyIDs(limit: Int) -> Message {
        Message(
            en: "standard input holds more than \(limit) ids; nothing was requested. Give at most \(limit) at a time (split -l \(limit))",
            es: "la entrada estándar tiene más de \(limit) ids; no se pidió nada. Indique como mucho \(limit) por vez (split -l \(limit))")
    }
    static func tooManyLines(limit: Int) -> Message {
        Message(
            en: "standard input has more than \(limit) lines, blank ones included; nothing was requested. Give one id a line, at most 1000 ids",
            es: "la entrada estándar tiene más de \(limit) líneas, contando las vacías; no se pidió nada. Indique un id por línea, como mucho 1000 ids")
    }
    /// The answers stopped at a failure every later id would meet: `count` ids were not asked for.
    static func notAsked(_ count: Int) -> Message {
        count == 1
            ? Message(en: "1 more id on standard input was not asked for", es: "no se pidió 1 id más de la entrada estándar")
            : Message(en: "\(count) more ids on standard input were not asked for", es: "no se pidieron \(count) ids más de la entrada estándar")
    }
    static let webWithDash = Message(
        en: "--web opens one page: give one id rather than - (standard input)",
        es: "--web abre una sola página: indique un id en lugar de - (la entrada estándar)")
    static func unreadable(reason: String) -> Message {
        Message(
            en: "standard input could not be read: \(reason); nothing was requested",
            es: "no se pudo leer la entrada estándar: \(reason.spanishReason); no se pidió nada")
    }
}
