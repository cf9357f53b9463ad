extension Message {
    /// The messages about files and folders someone else could change (`Ownership`): Local.env, the
    /// state folder and what is in it, in English and Spanish.
    enum Trust {}
}

extension Message.Trust {
    static func placeIsLink(path: String) -> Message {
        Message(en: "\(path) is a symbolic link", es: "\(path) es un enlace simbólico")
    }
    static func placeIsNotFolder(path: String) -> Message {
        Message(en: "\(path) is not a folder", es: "\(path) no es una carpeta")
    }
    static func placeOtherOwner(path: String, owner: String) -> Message {
        Message(en: "\(path) belongs to another user (\(owner))", es: "\(path) pertenece a otro usuario (\(owner))")
    }
    static func placeWritable(path: String, mode: String) -> Message {
        Message(
            en: "\(path) can be written by users other than its owner (mode \(mode))",
            es: "\(path) la pueden escribir otros usuarios además de su dueño (modo \(mode))")
    }
    static func placeWritableRemedy(path: String) -> Message {
        Message(
            en: "Take their write permission away (chmod go-w \(path)).",
            es: "Quíteles el permiso de escritura (chmod go-w \(path)).")
    }
    static func stateLinkRemedy(path: String) -> Message {
        Message(
            en: "Remove the link (rm \(path)): a folder of your own is made there when next needed.",
            es: "Elimine el enlace (rm \(path)): se creará ahí una carpeta suya cuando haga falta.")
    }
    static func stateNotFolderRemedy(path: String) -> Message {
        Message(
            en: "Move it away: a folder of your own is made there when next needed.",
            es: "Muévalo a otro lugar: se creará ahí una carpeta suya cuando haga falta.")
    }
    static func placeLinkOtherOwner(path: String, owner: String) -> Message {
        Message(
            en: "\(path) is a symbolic link that belongs to another user (\(owner))",
            es: "\(path) es un enlace simbólico que pertenece a otro usuario (\(owner))")
    }
    static func placeLinkOtherOwnerRemedy(path: String) -> Message {
        Message(
            en: "Use a path that does not go through another user's link, or have it removed (rm \(path)).",
            es: "Use una ruta que no pase por el enlace de otro usuario, o haga que lo eliminen (rm \(path)).")
    }
    static func placeTooManyLinks(path: String, most: Int) -> Message {
        Message(
            en: "the path to \(path) goes through more than \(most) symbolic links",
            es: "la ruta hasta \(path) pasa por más de \(most) enlaces simbólicos")
    }
    static let placeTooManyLinksRemedy = Message(
        en: "Give a path that goes through fewer links (a loop of links never ends).",
        es: "Dé una ruta que pase por menos enlaces (un ciclo de enlaces no termina nunca).")
    static func placeUnreadable(path: String, reason: String) -> Message {
        Message(
            en: "\(path) could not be checked (\(reason))",
            es: "\(path) no se pudo comprobar (\(reason.spanishReason))")
    }
    static let stateOtherOwnerRemedy = Message(
        en: "Run as the user it belongs to, or set XDG_STATE_HOME to a folder of yours; under sudo, use your own HOME (sudo -H).",
        es: "Ejecute como el usuario al que pertenece, o defina XDG_STATE_HOME con una carpeta suya; con sudo, use su propio HOME (sudo -H).")

    /// A Local.env (the subject) that is not read: `reason` is a `place...` message, `remedy` what to do.
    static func localEnvUntrusted(reason: Message, remedy: Message) -> Message {
        Message(
            en: "not read: \(reason.english), so someone else could choose this program's settings through it, down to where updates come from and the keys they are checked with. \(remedy.english)",
            es: "no se lee: \(reason.spanish), así que otra persona podría elegir los valores de este programa a través de él, incluso de dónde vienen las actualizaciones y con qué claves se verifican. \(remedy.spanish)")
    }
    static func localEnvOtherOwnerRemedy(path: String) -> Message {
        Message(
            en: "If it is yours, make it so (chown $(id -un) \(path)); if not, remove it or set XDG_CONFIG_HOME to a folder of yours; under sudo, use your own HOME (sudo -H).",
            es: "Si es suyo, hágalo suyo (chown $(id -un) \(path)); si no, elimínelo o defina XDG_CONFIG_HOME con una carpeta suya; con sudo, use su propio HOME (sudo -H).")
    }
    /// An old Local.env (the subject) another user owns, not copied into `path`.
    static func localEnvNotAdopted(to path: String, owner: String) -> Message {
        Message(
            en: "not copied to \(path): this file belongs to another user (\(owner)), and a file someone else owns is not yours to adopt; \(path) was made with a note saying so: put your own settings there",
            es: "no se copió a \(path): este archivo pertenece a otro usuario (\(owner)), y un archivo de otra persona no es suyo para adoptarlo; se creó \(path) con una nota que lo dice: ponga ahí sus propios valores")
    }
    /// What the configuration folder's Local.env holds when an old one was not adopted (`//` comments).
    static func localEnvNotAdoptedNote(from path: String, owner: String) -> Message {
        Message(
            en: "// Your own settings for this program, read after its environment file.\n// Not copied from \(path): it belongs to another user (\(owner)).\n",
            es: "// Sus propios valores para este programa, leídos después de su archivo de entorno.\n// No se copió de \(path): pertenece a otro usuario (\(owner)).\n")
    }

    static func updateStateUntrusted(reason: Message) -> Message {
        Message(
            en: "nothing is installed: the newest signed feed read from each address (feed-published.json), which stops an old feed from being served again, is kept in the state folder, and \(reason.english), so someone else could change or remove it",
            es: "no se instala nada: el canal firmado más nuevo leído de cada dirección (feed-published.json), que impide que se vuelva a servir un canal viejo, se guarda en la carpeta de estado, y \(reason.spanish), así que otra persona podría cambiarlo o quitarlo")
    }

    static func feedStateNotSaved(path: String, reason: Message) -> Message {
        Message(
            en: "the feed was read, but its time could not be saved in \(path) (\(reason.english)), so the next run cannot tell whether an older feed is served again; free some space or fix the folder's permissions",
            es: "se leyó el canal, pero su fecha no se pudo guardar en \(path) (\(reason.spanish)), así que la próxima ejecución no podrá saber si se vuelve a servir un canal más viejo; libere espacio o arregle los permisos de la carpeta")
    }
    static func savedSiteNotUsed(reason: Message, remedy: Message) -> Message {
        Message(
            en: "the saved site is not used: \(reason.english), so someone else could choose it. \(remedy.english)",
            es: "no se usa el sitio guardado: \(reason.spanish), así que otra persona podría elegirlo. \(remedy.spanish)")
    }
    static func siteStateUntrusted(reason: Message) -> Message {
        Message(
            en: "the site is neither saved nor forgotten: \(reason.english), so someone else could choose it",
            es: "el sitio no se guarda ni se olvida: \(reason.spanish), así que otra persona podría elegirlo")
    }
}
