extension Message {
    /// The messages of help pages, in English and Spanish.
    enum Help {}
}

extension Message.Help {
    static let helpUsage = Message(en: "USAGE", es: "USO")
    static let helpCommands = Message(en: "COMMANDS", es: "COMANDOS")
    static let helpArguments = Message(en: "ARGUMENTS", es: "ARGUMENTOS")
    static let helpOptions = Message(en: "OPTIONS", es: "OPCIONES")
    static let helpGlobalOptions = Message(en: "GLOBAL OPTIONS", es: "OPCIONES GLOBALES")
    static let helpExamples = Message(en: "EXAMPLES", es: "EJEMPLOS")
    static let helpExitCodes = Message(en: "EXIT CODES", es: "CÓDIGOS DE SALIDA")
    static func helpMore(binary: String) -> Message {
        Message(
            en: "Run '\(binary) <command> --help' for a command's options.",
            es: "Ejecute '\(binary) <comando> --help' para ver las opciones de un comando.")
    }
    static let helpOptionsPlaceholder = Message(en: "[<options>]", es: "[<opciones>]")
    static let helpCommandPlaceholder = Message(en: "<command>", es: "<comando>")
    static func programSummary(environment: String) -> Message {
        Message(
            en: "the MercadoLibre catalog from the command line (\(environment) environment)",
            es: "el catálogo de MercadoLibre desde la línea de comandos (entorno \(environment))")
    }
    static let exitSuccess = Message(en: "success", es: "éxito")
    static let exitFailure = Message(
        en: "failure (network, server, or anything not listed below)",
        es: "falla (red, servidor o cualquier cosa no listada abajo)")
    static let exitUsage = Message(
        en: "usage error: unknown command or option, missing or invalid argument",
        es: "error de uso: comando u opción desconocidos, argumento faltante o inválido")
    static let exitConfiguration = Message(
        en: "configuration error: a broken or missing environment file or setting, or unreadable certificate authorities",
        es: "error de configuración: un archivo de entorno o un valor roto o faltante, o autoridades de certificación ilegibles")
    static let exitAuthentication = Message(en: "authentication needed or refused", es: "autenticación necesaria o rechazada")
    static let exitNotFound = Message(
        en: "not found: the item, site or category does not exist",
        es: "no encontrado: la publicación, el sitio o la categoría no existe")
    static let exitInterrupted = Message(
        en: "interrupted (Ctrl-C): nothing half-written is kept",
        es: "interrumpido (Ctrl-C): no se conserva nada escrito a medias")
}
