extension Message {
    /// The messages of the renderer (`--json=FIELDS`), in English and Spanish.
    enum Output {}
}

extension Message.Output {
    static func unknownJSONField(_ field: String, valid: String) -> Message {
        Message(
            en: "'\(field)' is not a field of --json; use any of: \(valid)",
            es: "'\(field)' no es un campo de --json; use cualquiera de: \(valid)")
    }
    static func noJSONFields(valid: String) -> Message {
        Message(
            en: "--json= names no field; give one or more after '=', separated by commas: \(valid) (or --json alone for everything)",
            es: "--json= no nombra ningún campo; indique uno o más después de '=', separados por comas: \(valid) (o --json sin campos para todo)")
    }
}
