/// The messages of `env`, in English and Spanish.
extension Message {
    static let envFileLabel = Message(en: "Environment file", es: "Archivo de entorno")
    static let filesReadLabel = Message(en: "Files read, in order", es: "Archivos leídos, en orden")
    static let directoriesLabel = Message(en: "Directories", es: "Directorios")
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
            en: "\(differ) settings differ, \(same) are the same.",
            es: "\(differ) valores difieren, \(same) son iguales.")
    }
    static func badEnvDiffOther(value: String, choices: String) -> Message {
        Message(
            en: "'\(value)' is neither an environment nor an env file; give one of \(choices), or a path such as ./My.env",
            es: "'\(value)' no es un entorno ni un archivo de entorno; indique uno de \(choices), o una ruta como ./Mio.env")
    }
}
