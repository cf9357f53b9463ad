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
    /// `PAGER=/etc/passwd`, `PAGER=/tmp`: there, but not a program.
    static func notExecutable(command: String) -> Message {
        Message(
            en: "the pager '\(command)' (MELI_PAGER, else PAGER) could not be started: it is not an executable; writing directly. Set MELI_PAGER to a pager, or MELI_PAGER= to page nothing",
            es: "no se pudo iniciar el paginador '\(command)' (MELI_PAGER, o si no PAGER): no es un ejecutable; se escribe directamente. Asigne a MELI_PAGER un paginador, o MELI_PAGER= para no paginar")
    }
    /// A command run by the shell whose program the shell did not find (127) or could not run (126).
    static func shellFailed(command: String, status: String) -> Message {
        Message(
            en: "the pager '\(command)' (MELI_PAGER, else PAGER) did not run: the shell ended with status \(status) (127: not found, 126: not executable); writing directly. Set MELI_PAGER to a pager on PATH, or MELI_PAGER= to page nothing",
            es: "el paginador '\(command)' (MELI_PAGER, o si no PAGER) no se ejecutó: el shell terminó con el estado \(status) (127: no encontrado, 126: no ejecutable); se escribe directamente. Asigne a MELI_PAGER un paginador que esté en PATH, o MELI_PAGER= para no paginar")
    }
}
