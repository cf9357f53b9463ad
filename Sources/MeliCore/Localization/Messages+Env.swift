extension Message {
    /// The messages of `env`, in English and Spanish.
    enum Env {}
}

extension Message.Env {
    static let envFileLabel = Message(en: "Environment file", es: "Archivo de entorno")
    static let filesReadLabel = Message(en: "Files read, in order", es: "Archivos leídos, en orden")
    static let directoriesLabel = Message(en: "Directories", es: "Carpetas")
    static let settingsLabel = Message(en: "Settings", es: "Valores")
    static let reasonFlag = Message(en: "--env-file", es: "--env-file")
    static let reasonVariable = Message(en: "MELI_ENV_FILE", es: "MELI_ENV_FILE")
    static let reasonInstalled = Message(en: "installed beside the binary", es: "instalado junto al binario")
    static let reasonRepository = Message(
        en: "the repository the binary was built in",
        es: "el repositorio donde se compiló el binario")

    // env diff
    static let columnKey = Message(en: "KEY", es: "CLAVE")
    static let envDiffUnset = Message(en: "(not set)", es: "(sin valor)")
    static func envDiffSummaryLine(differ: String, same: String) -> Message {
        Message(
            en: "\(differ) \(differ == "1" ? "setting differs" : "settings differ"), \(same) \(same == "1" ? "is" : "are") the same.",
            es: "\(differ) \(differ == "1" ? "valor difiere" : "valores difieren"), \(same) \(same == "1" ? "es igual" : "son iguales").")
    }
    static func badEnvDiffOther(value: String, choices: String) -> Message {
        Message(
            en: "'\(value)' is neither an environment nor an env file; give one of \(choices), or a path such as ./My.env",
            es: "'\(value)' no es un entorno ni un archivo de entorno; indique uno de \(choices), o una ruta como ./Mio.env")
    }
    // env --explain
    static let explainSteps = Message(en: "Set by, in order:", es: "Fijado por, en orden:")
    static let explainFailed = Message(en: "(could not be worked out)", es: "(no se pudo calcular)")
    static func explainUnknownKey(key: String) -> Message {
        Message(
            en: "no file, variable or default sets '\(key)' in this environment; 'env' lists every setting",
            es: "ningún archivo, variable ni valor por omisión fija '\(key)' en este entorno; 'env' lista todos los valores")
    }
}
