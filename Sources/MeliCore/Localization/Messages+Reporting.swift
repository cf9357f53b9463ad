extension Message {
    /// The messages of error reporting, in English and Spanish.
    enum Reporting {}
}

extension Message.Reporting {
    static let errorLabel = Message(en: "error:", es: "error:")
    static let warningLabel = Message(en: "warning:", es: "advertencia:")
    static func didYouMean(suggestion: String) -> Message {
        Message(en: "Did you mean '\(suggestion)'?", es: "¿Quiso decir '\(suggestion)'?")
    }
    static func runHelp(command: String) -> Message {
        Message(en: "Run '\(command) --help' for usage.", es: "Ejecute '\(command) --help' para ver el uso.")
    }
    static let environmentProblemsOne = Message(
        en: "1 problem in the environment; nothing was run",
        es: "1 problema en el entorno; no se ejecutó nada")
    static func environmentProblemsMany(count: String) -> Message {
        Message(
            en: "\(count) problems in the environment; nothing was run",
            es: "\(count) problemas en el entorno; no se ejecutó nada")
    }
    static func processEnvironment(origin: String) -> Message {
        Message(en: "\(origin) (process environment)", es: "\(origin) (entorno del proceso)")
    }
    static func cannotWriteOutput(reason: String) -> Message {
        Message(
            en: "could not write its output to standard output (\(reason)): what was written is incomplete",
            es: "no pudo escribir su salida en la salida estándar (\(reason.spanishReason)): lo escrito está incompleto")
    }
    static let cannotWriteOutputHint = Message(
        en: "Make room where the output goes (a full disk), or send it elsewhere, and run it again.",
        es: "Libere espacio donde va la salida (un disco lleno), o envíela a otro lugar, y vuelva a ejecutarlo.")
}
