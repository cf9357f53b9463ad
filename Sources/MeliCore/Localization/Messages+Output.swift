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
}
