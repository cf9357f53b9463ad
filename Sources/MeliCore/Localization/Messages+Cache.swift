extension Message {
    /// The messages of the response cache and offline use, in English and Spanish.
    enum Cache {}
}

extension Message.Cache {
    static func notCached(url: String) -> Message {
        Message(
            en: "--offline, and the cache holds no answer for GET \(url)",
            es: "--offline, y la caché no tiene respuesta para GET \(url)")
    }
    static let notCachedHint = Message(
        en: "Run the same command once without --offline to fill the cache.",
        es: "Ejecute el mismo comando una vez sin --offline para llenar la caché.")
    static func staleOffline(age: String) -> Message {
        Message(en: "offline: showing results cached \(age)", es: "sin conexión: se muestran resultados guardados \(age)")
    }
    /// The server answered, past the most meli reads (`limit`, a `ByteCount`): not "offline".
    static func staleTooLarge(age: String, limit: String) -> Message {
        Message(
            en: "the server's answer is larger than \(limit), too large to read: showing results cached \(age)",
            es: "la respuesta del servidor supera \(limit), demasiado grande para leerla: se muestran resultados guardados \(age)")
    }
    static func staleServer(age: String, status: String) -> Message {
        Message(
            en: "the server failed (HTTP \(status)): showing results cached \(age)",
            es: "el servidor falló (HTTP \(status)): se muestran resultados guardados \(age)")
    }
    static func staleNotJSON(age: String, status: String, contentType: Message) -> Message {
        Message(
            en: "the server answered HTTP \(status) with \(contentType.english), not JSON (a captive portal or a proxy's login page?): showing results cached \(age)",
            es: "el servidor respondió HTTP \(status) con \(contentType.spanish), no con JSON (¿un portal cautivo o la página de acceso de un proxy?): se muestran resultados guardados \(age)")
    }
    static let offlineWithNoCache = Message(
        en: "--offline and --no-cache cannot be used together",
        es: "--offline y --no-cache no se pueden usar juntas")
    static func offlineNeedsNetwork(command: String) -> Message {
        Message(
            en: "'\(command)' needs the network, so it cannot run with --offline",
            es: "'\(command)' necesita la red, así que no puede ejecutarse con --offline")
    }
    static let ageJustNow = Message(en: "just now", es: "hace un momento")
    static func ageSeconds(count: String) -> Message {
        Message(en: "\(count) seconds ago", es: "hace \(count) segundos")
    }
    static let ageMinute = Message(en: "1 minute ago", es: "hace 1 minuto")
    static func ageMinutes(count: String) -> Message {
        Message(en: "\(count) minutes ago", es: "hace \(count) minutos")
    }
    static let ageHour = Message(en: "1 hour ago", es: "hace 1 hora")
    static func ageHours(count: String) -> Message {
        Message(en: "\(count) hours ago", es: "hace \(count) horas")
    }
    static let ageDay = Message(en: "1 day ago", es: "hace 1 día")
    static func ageDays(count: String) -> Message {
        Message(en: "\(count) days ago", es: "hace \(count) días")
    }
    static let cacheLocation = Message(en: "location", es: "ubicación")
    static let cacheEntries = Message(en: "entries", es: "entradas")
    static let cacheSize = Message(en: "size", es: "tamaño")
    static let cacheLimit = Message(en: "limit", es: "límite")
    static let cacheLifetimes = Message(en: "fresh for", es: "vigencia")
    static func cacheLifetimesValue(catalog: String, search: String, items: String) -> Message {
        Message(
            en: "catalog \(catalog), search \(search), items \(items) (when the server sends no cache headers)",
            es: "catálogo \(catalog), búsqueda \(search), publicaciones \(items) (cuando el servidor no envía cabeceras de caché)")
    }
    static let cacheDownloads = Message(en: "unfinished downloads", es: "descargas sin terminar")
    static func cacheDownloadsValue(count: String, size: String) -> Message {
        Message(
            en: "\(count) (\(size); removed by the next update or 'cache clear')",
            es: "\(count) (\(size); las elimina la próxima actualización o 'cache clear')")
    }
    static func cacheDownloadsCleared(count: String, size: String, path: String) -> Message {
        Message(
            en: "Removed \(count) unfinished \(count == "1" ? "download" : "downloads") (\(size)) from \(path).",
            es: "Se \(count == "1" ? "eliminó" : "eliminaron") \(count) \(count == "1" ? "descarga" : "descargas") sin terminar (\(size)) de \(path).")
    }
    static func cacheDownloadRunning(path: String) -> Message {
        Message(
            en: "A download is running, so \(path) was left as it is; run 'cache clear' again once it is done.",
            es: "Hay una descarga en curso, así que \(path) se dejó como estaba; ejecute 'cache clear' de nuevo cuando termine.")
    }
    static let cacheOff = Message(en: "off (MELI_CACHE_MAX_MB = 0)", es: "desactivada (MELI_CACHE_MAX_MB = 0)")
    static let cacheSandbox = Message(
        en: "This environment uses the offline sandbox (sandbox://), which is never cached.",
        es: "Este entorno usa el sandbox sin conexión (sandbox://), que nunca se guarda en caché.")
    static func cacheCleared(count: String, path: String) -> Message {
        Message(
            en: "Removed \(count) cached \(count == "1" ? "response" : "responses") from \(path).",
            es: "Se \(count == "1" ? "eliminó" : "eliminaron") \(count) \(count == "1" ? "respuesta guardada" : "respuestas guardadas") de \(path).")
    }
    static func cacheClearedNothing(path: String) -> Message {
        Message(en: "Nothing to remove: no cached responses in \(path).", es: "Nada que eliminar: no hay respuestas guardadas en \(path).")
    }
    static func cannotClearCache(path: String, reason: String) -> Message {
        Message(en: "cannot clear the cache \(path): \(reason)", es: "no se puede vaciar la caché \(path): \(reason.spanishReason)")
    }
    /// The cache folder is not trusted: what it is, and what to do (meli makes a new one when it is gone).
    static func cacheFolderUntrusted(path: String, problem: CacheFolderProblem) -> Message {
        switch problem {
        case .link:
            Message(
                en: "the cache folder \(path) is a symbolic link, so meli does not use it; remove the link (rm \(path)) and a new folder is made on the next request",
                es: "la carpeta de caché \(path) es un enlace simbólico, así que meli no la usa; elimine el enlace (rm \(path)) y se creará una carpeta nueva en la próxima consulta")
        case .notFolder:
            Message(
                en: "the cache folder \(path) is not a folder, so meli does not use it; move it away and a new folder is made on the next request",
                es: "la carpeta de caché \(path) no es una carpeta, así que meli no la usa; muévala y se creará una carpeta nueva en la próxima consulta")
        case .notOwned:
            Message(
                en: "the cache folder \(path) belongs to another user, so meli does not use it: what it holds could have been planted there; remove it, or set XDG_CACHE_HOME to a folder of yours",
                es: "la carpeta de caché \(path) pertenece a otro usuario, así que meli no la usa: lo que contiene podría haber sido puesto allí; elimínela, o defina XDG_CACHE_HOME con una carpeta suya")
        case .openToOthers(let mode):
            Message(
                en: "the cache folder \(path) has mode \(mode), open to other users, so meli does not use it; make it yours alone (chmod 700 \(path))",
                es: "la carpeta de caché \(path) tiene modo \(mode), abierta a otros usuarios, así que meli no la usa; déjela solo para usted (chmod 700 \(path))")
        }
    }
}
