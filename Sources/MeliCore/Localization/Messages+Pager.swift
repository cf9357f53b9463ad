extension Message {
    /// The messages of the pager, in English and Spanish.
    enum Pager {}
}

extension Message.Pager {
    static func cannotStart(command: String) -> Message {
        Message(
            en: "the pager '\(command)' (MELI_PAGER, else PAGER) could not be started: not found on PATH; writing directly. Set MELI_PAGER to a pager on PATH, or MELI_PAGER= to page nothing",
            es: "no se pudo iniciar el paginador '\(command)' (MELI_PAGER, o si no PAGER): no está en PATH; se escribe directamente. Asigne a MELI_PAGER un paginador que esté en PATH, o MELI_PAGER= para no paginar")
    }
}
