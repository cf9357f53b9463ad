extension Message {
    /// The messages of authentication, in English and Spanish.
    enum Auth {}
}

extension Message.Auth {
    static let resourceTokenEndpoint = Message(en: "the token endpoint", es: "el endpoint de tokens")
    static func loginExpired(detail: String) -> Message {
        Message(
            en: "the stored login can no longer be renewed\(detail)",
            es: "la sesión guardada ya no se puede renovar\(detail)")
    }
    static func loginExpiredHint(binary: String) -> Message {
        Message(en: "Log in again: \(binary) auth login", es: "Inicie sesión de nuevo: \(binary) auth login")
    }
    static func loginRefused(status: String, detail: String) -> Message {
        Message(
            en: "MercadoLibre refused the login: HTTP \(status)\(detail)",
            es: "MercadoLibre rechazó el inicio de sesión: HTTP \(status)\(detail)")
    }
    static func loginRefusedHint(binary: String) -> Message {
        Message(
            en: "An authorization code works once and for a few minutes: run '\(binary) auth login' again for a new one, and check the client id, secret and redirect URI.",
            es: "Un código de autorización sirve una vez y por pocos minutos: ejecute '\(binary) auth login' de nuevo para obtener otro, y revise el id de cliente, el secreto y la URI de redirección.")
    }
    static func credentialsUnreadable(path: String, reason: String) -> Message {
        Message(
            en: "cannot read the credentials file \(path): \(reason)",
            es: "no se puede leer el archivo de credenciales \(path): \(reason.spanishReason)")
    }
    static func credentialsTooOpen(path: String, mode: String) -> Message {
        Message(
            en: "the credentials file \(path) can be read or written by others (mode \(mode)); it holds your tokens, so it is not used",
            es: "otros usuarios pueden leer o escribir el archivo de credenciales \(path) (modo \(mode)); guarda sus tokens, así que no se usa")
    }
    static func credentialsTooOpenHint(path: String, binary: String) -> Message {
        Message(
            en: "If only you could have read it, run 'chmod 600 \(path)'. Otherwise run '\(binary) auth logout', revoke the application's access in your MercadoLibre account, and log in again.",
            es: "Si solo usted pudo leerlo, ejecute 'chmod 600 \(path)'. Si no, ejecute '\(binary) auth logout', revoque el acceso de la aplicación en su cuenta de MercadoLibre e inicie sesión de nuevo.")
    }
    static func credentialsDamaged(path: String) -> Message {
        Message(
            en: "the credentials file \(path) is damaged (it is not a whole credentials file)",
            es: "el archivo de credenciales \(path) está dañado (no es un archivo de credenciales completo)")
    }
    static func credentialsDamagedHint(binary: String) -> Message {
        Message(
            en: "Log in again with '\(binary) auth login'; it replaces the file.",
            es: "Inicie sesión de nuevo con '\(binary) auth login'; eso reemplaza el archivo.")
    }
    static func credentialsUnwritable(path: String, reason: String) -> Message {
        Message(
            en: "cannot write the credentials file \(path): \(reason)",
            es: "no se puede escribir el archivo de credenciales \(path): \(reason.spanishReason)")
    }
    static func credentialsNoSpaceToRenew(path: String, reason: String) -> Message {
        Message(
            en: "the access token must be renewed, but there is no room to save the new tokens beside \(path) (\(reason)); nothing was sent, so the login is still good",
            es: "hay que renovar el token de acceso, pero no hay lugar para guardar los tokens nuevos junto a \(path) (\(reason.spanishReason)); no se envió nada, así que la sesión sigue siendo válida")
    }
    static let credentialsNoSpaceToRenewHint = Message(
        en: "Free some space on that disk and run the command again.",
        es: "Libere espacio en ese disco y vuelva a ejecutar el comando.")
    /// A warning: renewal put off for lack of room; the current token still works `seconds` more.
    static func renewalPostponed(path: String, reason: String, seconds: String) -> Message {
        Message(
            en: "the access token expires in \(seconds) s, but there is no room to save a renewed one beside \(path) (\(reason)); using the current token, and renewing once there is space",
            es: "el token de acceso vence en \(seconds) s, pero no hay lugar para guardar uno renovado junto a \(path) (\(reason.spanishReason)); se usa el token actual, y se renovará cuando haya espacio")
    }
    /// A warning: the renewed tokens are in use but could not be saved.
    static func renewedNotSaved(path: String, reason: String, binary: String) -> Message {
        Message(
            en: "the access token was renewed but could not be saved to \(path) (\(reason)); this run uses the new token, and once the saved one expires, log in again with '\(binary) auth login'",
            es: "el token de acceso se renovó pero no se pudo guardar en \(path) (\(reason.spanishReason)); esta ejecución usa el token nuevo, y cuando venza el guardado, inicie sesión de nuevo con '\(binary) auth login'")
    }
    /// The credentials' folder, a folder above it or a file of the store is not trusted: `reason` is a `place...` message.
    static func credentialsUntrusted(reason: Message) -> Message {
        Message(
            en: "the saved login is neither read nor written: \(reason.english), so someone else could read the tokens kept there or put theirs in their place",
            es: "la sesión guardada no se lee ni se escribe: \(reason.spanish), así que otra persona podría leer los tokens que se guardan ahí o poner los suyos en su lugar")
    }
    static func credentialsPlaceNotFile(path: String) -> Message {
        Message(
            en: "\(path) is not a regular file (a folder, a FIFO, a device or a socket)",
            es: "\(path) no es un archivo regular (una carpeta, un FIFO, un dispositivo o un socket)")
    }
    static func credentialsPlaceRemedy(path: String, binary: String) -> Message {
        Message(
            en: "If you put it there, move it away (mv \(path) \(path).old): what meli keeps there is made again when next needed (log in again with '\(binary) auth login' if it was your login).",
            es: "Si lo puso usted, muévalo a otro lugar (mv \(path) \(path).old): lo que meli guarda ahí se crea de nuevo cuando haga falta (inicie sesión de nuevo con '\(binary) auth login' si era su sesión).")
    }
    static func credentialsOtherOwnerRemedy(path: String) -> Message {
        Message(
            en: "Run as the user it belongs to; under sudo, use your own HOME (sudo -H). If it is yours, make it so (sudo chown $(id -un) \(path)), or set XDG_CONFIG_HOME to a folder of yours.",
            es: "Ejecute como el usuario al que pertenece; con sudo, use su propio HOME (sudo -H). Si es suyo, hágalo suyo (sudo chown $(id -un) \(path)), o defina XDG_CONFIG_HOME con una carpeta suya.")
    }
    static func credentialsLocked(path: String) -> Message {
        Message(
            en: "another process has held \(path) for too long; try again",
            es: "otro proceso retiene \(path) demasiado tiempo; vuelva a intentarlo")
    }
    static let authOpenURL = Message(
        en: "Open this address in a browser, allow access, and paste the code from the address it sends you to (the code=TG-... part):",
        es: "Abra esta dirección en un navegador, permita el acceso y pegue el código de la dirección a la que lo envía (la parte code=TG-...):")
    static let authCodePrompt = Message(en: "Code: ", es: "Código: ")
    static let authNoCode = Message(en: "no authorization code was given", es: "no se indicó un código de autorización")
    static let authNoCodeHint = Message(
        en: "Paste the code after the prompt, or pass --code CODE.",
        es: "Pegue el código después del aviso, o pase --code CÓDIGO.")
    static func authMissingSetting(key: String) -> Message {
        Message(en: "\(key) is needed to log in", es: "se necesita \(key) para iniciar sesión")
    }
    static func authMissingSettingHint(option: String, key: String) -> Message {
        Message(en: "Pass --\(option) or set \(key).", es: "Pase --\(option) o defina \(key).")
    }
    static func authLoggedIn(user: String, expires: String, path: String) -> Message {
        Message(
            en: "Logged in as user \(user). The token expires at \(expires) and renews itself; saved in \(path).",
            es: "Sesión iniciada como el usuario \(user). El token vence a las \(expires) y se renueva solo; guardado en \(path).")
    }
    static let authUnknownUser = Message(en: "(unknown)", es: "(desconocido)")
    static func authStatusFile(user: String, path: String) -> Message {
        Message(
            en: "Logged in as user \(user) (credentials in \(path)).",
            es: "Sesión iniciada como el usuario \(user) (credenciales en \(path)).")
    }
    static let authStatusEnvironment = Message(
        en: "Using the access token in MELI_ACCESS_TOKEN; meli does not know its owner or expiry.",
        es: "Se usa el token de acceso de MELI_ACCESS_TOKEN; meli no conoce su dueño ni su vencimiento.")
    static func authStatusEnvironmentShadows(path: String) -> Message {
        Message(
            en: "MELI_ACCESS_TOKEN is set, so it is used instead of the login saved in \(path).",
            es: "MELI_ACCESS_TOKEN está definida, así que se usa en lugar de la sesión guardada en \(path).")
    }
    static func authExpires(time: String, remaining: String) -> Message {
        Message(
            en: "The access token expires at \(time) (in \(remaining)).",
            es: "El token de acceso vence a las \(time) (en \(remaining)).")
    }
    static func authExpired(time: String) -> Message {
        Message(
            en: "The access token expired at \(time); the next request renews it.",
            es: "El token de acceso venció a las \(time); la próxima solicitud lo renueva.")
    }
    static let authNotLoggedIn = Message(en: "not logged in", es: "no hay sesión iniciada")
    static func authNotLoggedInHint(binary: String) -> Message {
        Message(
            en: "Run '\(binary) auth login', or set MELI_ACCESS_TOKEN.",
            es: "Ejecute '\(binary) auth login', o defina MELI_ACCESS_TOKEN.")
    }
    static func authLoggedOut(path: String) -> Message {
        Message(en: "Logged out: removed \(path).", es: "Sesión cerrada: se eliminó \(path).")
    }
    static func authNothingToRemove(path: String) -> Message {
        Message(
            en: "Not logged in: there is no \(path) to remove.",
            es: "No hay sesión iniciada: no existe \(path) que eliminar.")
    }
    static let authEnvironmentStillSet = Message(
        en: "MELI_ACCESS_TOKEN is still set in this shell and is still used; unset it to stop.",
        es: "MELI_ACCESS_TOKEN sigue definida en esta shell y se sigue usando; elimínela para dejar de usarla.")
    static let authSandbox = Message(
        en: "the sandbox (sandbox://) needs no login; log in with an environment that uses the real API",
        es: "el sandbox (sandbox://) no necesita sesión; inicie sesión con un entorno que use la API real")
}
