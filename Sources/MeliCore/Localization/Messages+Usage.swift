extension Message {
    /// The messages of the command line, in English and Spanish.
    enum Usage {}
}

extension Message.Usage {
    static func unknownOption(option: String) -> Message {
        Message(en: "unknown option '\(option)'", es: "opción desconocida '\(option)'")
    }
    static func unknownCommand(command: String) -> Message {
        Message(en: "unknown command '\(command)'", es: "comando desconocido '\(command)'")
    }
    static func optionNeedsValue(option: String) -> Message {
        Message(en: "option '\(option)' needs a value", es: "la opción '\(option)' necesita un valor")
    }
    static func optionTakesNoValue(option: String) -> Message {
        Message(en: "option '\(option)' takes no value", es: "la opción '\(option)' no lleva valor")
    }
    static func invalidChoice(value: String, option: String, choices: String) -> Message {
        Message(
            en: "'\(value)' is not a valid value for --\(option); use one of: \(choices)",
            es: "'\(value)' no es un valor válido para --\(option); use uno de: \(choices)")
    }
    static func missingArgument(argument: String) -> Message {
        Message(en: "missing argument \(argument)", es: "falta el argumento \(argument)")
    }
    static func unexpectedArgument(argument: String) -> Message {
        Message(en: "unexpected argument '\(argument)'", es: "argumento inesperado '\(argument)'")
    }
    static func badOptionValue(option: String, problem: Message) -> Message {
        Message(en: "\(option): \(problem.english)", es: "\(option): \(problem.spanish)")
    }
    static let quietWithVerbose = Message(
        en: "--quiet and --verbose cannot be used together",
        es: "--quiet y --verbose no se pueden usar juntos")
    static func badShell(value: String, choices: String) -> Message {
        Message(
            en: "'\(value)' is not a shell meli completes; use one of: \(choices)",
            es: "'\(value)' no es un shell que meli complete; use uno de: \(choices)")
    }
    static func optionOfOtherCommand(option: String, command: String, owners: String) -> Message {
        Message(
            en: "unknown option '\(option)' for '\(command)': it is an option of \(owners)",
            es: "opción desconocida '\(option)' para '\(command)': es una opción de \(owners)")
    }
    static func commandOptionBeforeCommand(option: String, owners: String) -> Message {
        Message(
            en: "unknown option '\(option)' before the command: it is an option of \(owners); give it after the command's name",
            es: "opción desconocida '\(option)' antes del comando: es una opción de \(owners); indíquela después del nombre del comando")
    }
    static func optionTookCommand(option: String, command: String) -> Message {
        Message(
            en: "no command given: \(option) took '\(command)' as its value",
            es: "no se indicó ningún comando: \(option) tomó '\(command)' como su valor")
    }
    /// The short usage: what to type (the help's USAGE line), and the commands there are.
    static func noCommand(binary: String, commands: String) -> Message {
        Message(
            en: "no command given\nUsage: \(binary) [<options>] <command>\nCommands: \(commands)",
            es: "no se indicó ningún comando\nUso: \(binary) [<opciones>] <comando>\nComandos: \(commands)")
    }
}
