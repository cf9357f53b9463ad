extension Message {
    /// The messages of the `browse` command itself (starting and ending the full-screen session),
    /// in English and Spanish; what its screens show is `Message.Browse`.
    enum BrowseCommand {}
}

extension Message.BrowseCommand {
    /// `search`: the `search ...` words to run instead, quoted.
    static func notATerminal(binary: String, search: String) -> Message {
        Message(
            en: "browse needs a terminal on standard input and output; to search from a script, use: \(binary) \(search)",
            es: "browse necesita una terminal en la entrada y la salida estándar; para buscar desde un script, use: \(binary) \(search)")
    }
    static func cannotStart(reason: String) -> Message {
        Message(
            en: "browse could not set up the terminal: \(reason)",
            es: "browse no pudo preparar la terminal: \(reason.spanishReason)")
    }
    static func terminated(signal: String) -> Message {
        Message(
            en: "browse ended on \(signal); the terminal was restored",
            es: "browse terminó por \(signal); la terminal quedó restaurada")
    }
    static let inputEnded = Message(
        en: "browse ended: its terminal's input was closed; the terminal was restored",
        es: "browse terminó: se cerró la entrada de su terminal; la terminal quedó restaurada")
}
