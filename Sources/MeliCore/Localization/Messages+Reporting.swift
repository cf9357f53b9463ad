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
}
