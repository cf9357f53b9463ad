extension Message {
    /// The messages of `update`, its feed and the update notice, in English and Spanish.
    enum Update {}
}

extension Message.Update {
    static func updateCannotSave(path: String, reason: String) -> Message {
        Message(
            en: "cannot save the download as \(path): \(reason)",
            es: "no se puede guardar la descarga como \(path): \(reason.spanishReason)")
    }
    /// The downloads folder is not trusted: what it is, and what to do (a new one is made when it is gone).
    static func updateFolderUntrusted(path: String, problem: CacheFolderProblem) -> Message {
        switch problem {
        case .link:
            Message(
                en: "the downloads folder \(path) is a symbolic link, so nothing is downloaded into it; remove the link (rm \(path)) and a new folder is made on the next update",
                es: "la carpeta de descargas \(path) es un enlace simbólico, así que no se descarga nada en ella; elimine el enlace (rm \(path)) y se creará una carpeta nueva en la próxima actualización")
        case .notFolder:
            Message(
                en: "the downloads folder \(path) is not a folder, so nothing is downloaded into it; move it away and a new folder is made on the next update",
                es: "la carpeta de descargas \(path) no es una carpeta, así que no se descarga nada en ella; muévala y se creará una carpeta nueva en la próxima actualización")
        case .notOwned:
            Message(
                en: "the downloads folder \(path) belongs to another user, so nothing is downloaded into it: they could change a package between its check and its install; remove it (a new one is made on the next update), or set XDG_CACHE_HOME to a folder of yours",
                es: "la carpeta de descargas \(path) pertenece a otro usuario, así que no se descarga nada en ella: podría cambiar un paquete entre su verificación y su instalación; elimínela (se creará una nueva en la próxima actualización), o defina XDG_CACHE_HOME con una carpeta suya")
        case .openToOthers(let mode):
            Message(
                en: "the downloads folder \(path) has mode \(mode), open to other users, so nothing is downloaded into it; make it yours alone (chmod 700 \(path))",
                es: "la carpeta de descargas \(path) tiene modo \(mode), abierta a otros usuarios, así que no se descarga nada en ella; déjela solo para usted (chmod 700 \(path))")
        }
    }
    static func updateNoFeed(binary: String) -> Message {
        Message(
            en: "no update feed is configured for \(binary)",
            es: "no hay un canal de actualizaciones configurado para \(binary)")
    }
    /// What to set when no feed is: a test build's channel is its testers', a release's feed its users'.
    static func updateNoFeedHint(key: String, envFile: String, example: Message, release: Bool = false) -> Message {
        release
            ? Message(
                en: "Set \(key) to the feed.json of this program's releases (an https URL, or an absolute file path) in your shell's startup file:\n  export \(key)=URL\nor, for every user, in the repository's Config/\(envFile) before the release is packaged (scripts/adopt sets it).\(example.english)",
                es: "Defina \(key) con el feed.json de las versiones de este programa (una URL https o una ruta de archivo absoluta) en el archivo de inicio de su shell:\n  export \(key)=URL\no, para todos los usuarios, en Config/\(envFile) del repositorio antes de empaquetar la versión (scripts/adopt lo define).\(example.spanish)")
            : Message(
                en: "Set \(key) to your channel's feed.json (an https URL, or an absolute file path) in your shell's startup file:\n  export \(key)=URL\nor, for every tester, in the repository's Config/\(envFile) before the build is packaged.\(example.english)",
                es: "Defina \(key) con el feed.json de su canal (una URL https o una ruta de archivo absoluta) en el archivo de inicio de su shell:\n  export \(key)=URL\no, para todos los probadores, en Config/\(envFile) del repositorio antes de empaquetar la versión.\(example.spanish)")
    }
    static func updateFeedMissing(location: String, reason: String) -> Message {
        Message(
            en: "cannot read the update feed \(location): \(reason)",
            es: "no se puede leer el canal de actualizaciones \(location): \(reason.spanishReason)")
    }
    static func updateFeedUnreadable(location: String, problem: Message) -> Message {
        Message(
            en: "the update feed \(location) is not a feed: \(problem.english)",
            es: "el canal de actualizaciones \(location) no es un canal válido: \(problem.spanish)")
    }
    static func updateNoBuilds(binary: String, feed: String, platform: String) -> Message {
        Message(
            en: "\(binary): the feed \(feed) has no current build for \(platform)",
            es: "\(binary): el canal \(feed) no tiene una versión vigente para \(platform)")
    }
    static func updateUpToDate(binary: String, version: String) -> Message {
        Message(en: "\(binary) \(version) is the newest build.", es: "\(binary) \(version) es la versión más nueva.")
    }
    static func updateAvailable(binary: String, version: String, installed: String, built: String) -> Message {
        Message(
            en: "\(binary) \(version) is available (this is \(installed)), built \(built).",
            es: "Hay \(binary) \(version) disponible (esta es \(installed)), compilada el \(built).")
    }
    static func updateMoreChanges(count: Int, binary: String) -> Message {
        Message(
            en: "… and \(count) more (all of them: '\(binary) update --check --json')",
            es: "… y \(count) más (todos: '\(binary) update --check --json')")
    }
    static func updateUnsignedHint(binary: String, version: String, release: Bool = false) -> Message {
        release
            ? Message(
                en: "But \(version) is not signed, and \(binary) installs only releases signed by a key it trusts: '\(binary) update' would refuse it. Wait for the signed release, or tell whoever publishes \(binary).",
                es: "Pero \(version) no está firmada, y \(binary) solo instala versiones firmadas con una clave en la que confía: '\(binary) update' la rechazaría. Espere la versión firmada, o avise a quien publica \(binary).")
            : Message(
                en: "But \(version) is not signed, and \(binary) installs only builds signed by a key it trusts: '\(binary) update' would refuse it. Ask the channel's publisher for a signed build.",
                es: "Pero \(version) no está firmada, y \(binary) solo instala versiones firmadas con una clave en la que confía: '\(binary) update' la rechazaría. Pida a quien publica el canal una versión firmada.")
    }
    static func updateInstallHint(binary: String) -> Message {
        Message(en: "Install it with '\(binary) update'.", es: "Instálela con '\(binary) update'.")
    }
    static func updateNotInstalled(binary: String) -> Message {
        Message(
            en: "\(binary) is not running from an installation (<prefix>/lib/\(binary)/<version>/bin/\(binary)), so it cannot update itself",
            es: "\(binary) no se ejecuta desde una instalación (<prefijo>/lib/\(binary)/<versión>/bin/\(binary)), así que no puede actualizarse solo")
    }
    static func updateNotInstalledHint(binary: String, release: Bool = false) -> Message {
        release
            ? Message(
                en: "Install it first: download the package and its checksums.txt, unpack it (tar xzf FILE) and run ./<folder>/bin/\(binary) self install, or run '\(binary) self install FEED' with the feed.json of \(binary)'s releases.",
                es: "Instálelo primero: descargue el paquete y su checksums.txt, desempaquételo (tar xzf ARCHIVO) y ejecute ./<carpeta>/bin/\(binary) self install, o ejecute '\(binary) self install FEED' con el feed.json de las versiones de \(binary).")
            : Message(
                en: "Install it first: download the package and its checksums.txt, unpack it (tar xzf FILE) and run ./<folder>/bin/\(binary) self install, or run '\(binary) self install FEED' with your channel's feed.json.",
                es: "Instálelo primero: descargue el paquete y su checksums.txt, desempaquételo (tar xzf ARCHIVO) y ejecute ./<carpeta>/bin/\(binary) self install, o ejecute '\(binary) self install FEED' con el feed.json de su canal.")
    }
    static func updateChecksumMismatch(file: String) -> Message {
        Message(
            en: "the download of \(file) does not match the feed's sha256; nothing was installed",
            es: "la descarga de \(file) no coincide con el sha256 del canal; no se instaló nada")
    }
    static func updateFeedUnsigned(location: String) -> Message {
        Message(
            en: "the update feed \(location) is not signed (there is no \(location).sig), and this binary reads only feeds signed by a key it trusts",
            es: "el canal de actualizaciones \(location) no está firmado (no hay \(location).sig), y este binario solo lee canales firmados con una clave en la que confía")
    }
    static func updateFeedBadSignature(location: String) -> Message {
        Message(
            en: "the signature \(location).sig is not a trusted key's signature of the update feed \(location) (another key signed it, or the feed was changed)",
            es: "la firma \(location).sig no es la de una clave de confianza para el canal de actualizaciones \(location) (la hizo otra clave, o el canal cambió)")
    }
    static func updateFeedUndated(location: String) -> Message {
        Message(
            en: "the signed update feed \(location) has no \"published\" time (YYYY-MM-DDTHH:MM:SSZ), so an old copy of it could not be told from a new one",
            es: "el canal de actualizaciones firmado \(location) no tiene hora \"published\" (AAAA-MM-DDTHH:MM:SSZ), así que una copia vieja no se distinguiría de una nueva")
    }
    /// A feed not signed (or signed without a time): who can publish it again, and how.
    static func updateFeedSignatureHint(release: Bool = false) -> Message {
        release
            ? Message(
                en: "Tell whoever publishes this program's releases: the release's feed must be published again with the current scripts/publish production and the production signing key (MELI_SIGNING_KEY), which writes feed.json.sig and \"published\". Until then, updates stop here.",
                es: "Avise a quien publica las versiones de este programa: el canal de la versión debe publicarse de nuevo con el scripts/publish production actual y la clave de firma de producción (MELI_SIGNING_KEY), que escribe feed.json.sig y \"published\". Hasta entonces, las actualizaciones se detienen aquí.")
            : Message(
                en: "Ask the channel's publisher to publish it again with the current scripts/publish qa and the channel's signing key (MELI_SIGNING_KEY): it writes feed.json.sig and \"published\".",
                es: "Pida a quien publica el canal que lo publique de nuevo con el scripts/publish qa actual y la clave de firma del canal (MELI_SIGNING_KEY), que escribe feed.json.sig y \"published\".")
    }
    /// A feed signed by no key this binary trusts.
    static func updateFeedBadSignatureHint(release: Bool = false) -> Message {
        release
            ? Message(
                en: "Do not install from it, and tell whoever publishes this program's releases: this binary trusts the keys its build lists (Config/signing-keys) and those of MELI_UPDATE_KEYS. A feed changed after it was signed, or fetched through something that rewrites it, fails too.",
                es: "No instale desde él, y avise a quien publica las versiones de este programa: este binario confía en las claves que lista su versión (Config/signing-keys) y en las de MELI_UPDATE_KEYS. Un feed cambiado después de firmarse, u obtenido a través de algo que lo reescribe, también falla.")
            : Message(
                en: "Ask the channel's publisher which key signs it: this binary trusts the keys its build lists (Config/signing-keys) and those of MELI_UPDATE_KEYS. A feed changed after it was signed, or fetched through something that rewrites it, fails too.",
                es: "Pregunte a quien publica el canal con qué clave lo firma: este binario confía en las claves que lista su versión (Config/signing-keys) y en las de MELI_UPDATE_KEYS. Un canal cambiado después de firmarse, u obtenido a través de algo que lo reescribe, también falla.")
    }
    static func updateFeedReplayed(location: String, published: String, newest: String) -> Message {
        Message(
            en: "the update feed \(location) was published at \(published), before the one already read from there (published at \(newest)): an old copy is being served again",
            es: "el canal de actualizaciones \(location) se publicó el \(published), antes que el ya leído desde ahí (publicado el \(newest)): se está sirviendo otra vez una copia vieja")
    }
    static let updateFeedReplayedHint = Message(
        en: "Try again later, or from another network: whoever serves the feed is not serving its newest copy. If the channel was really published again with an older time, ask its publisher.",
        es: "Vuelva a intentarlo más tarde, o desde otra red: quien sirve el canal no está sirviendo su copia más nueva. Si el canal se publicó de verdad con una hora anterior, pregunte a quien lo publica.")
    static func answerTooLarge(host: String, limit: String) -> Message {
        Message(
            en: "the answer from \(host) is larger than \(limit); reading stopped there",
            es: "la respuesta de \(host) supera \(limit); se dejó de leer ahí")
    }
    static func updateFeedTooLarge(location: String, limit: String) -> Message {
        Message(
            en: "the feed at \(location) is larger than \(limit); nothing was read",
            es: "el canal de actualizaciones \(location) supera \(limit); no se leyó nada")
    }
    static func updateDownloadTooLarge(file: String, limit: String) -> Message {
        Message(
            en: "the download of \(file) is larger than \(limit) (the feed's size, or the install limit); nothing was installed",
            es: "la descarga de \(file) supera \(limit) (el tamaño del canal, o el límite de instalación); no se instaló nada")
    }
    static func updateFeedAddress(location: String, problem: Message) -> Message {
        Message(
            en: "'\(location)' is not an address a feed can be read from: \(problem.english)",
            es: "'\(location)' no es una dirección de la que se pueda leer un canal: \(problem.spanish)")
    }
    static func updateFeedAddressHint(key: String) -> Message {
        Message(
            en: "Set \(key) to an https URL, an http URL to this machine, or a file path.",
            es: "Defina \(key) con una URL https, una URL http a esta máquina o una ruta de archivo.")
    }
    static func updateFeedScheme(scheme: String) -> Message {
        Message(en: "a feed is not read over '\(scheme)'", es: "un canal no se lee por '\(scheme)'")
    }
    static func updateFeedUnreachableHint(key: String) -> Message {
        Message(en: "Check the network, or \(key).", es: "Revise la red o \(key).")
    }
    static func updateDownloadMissing(location: String, reason: String) -> Message {
        Message(
            en: "cannot read \(location), which the feed names: \(reason)",
            es: "no se puede leer \(location), que el canal nombra: \(reason.spanishReason)")
    }
    static func updateWrongBinary(feed: String, feedBinary: String, binary: String) -> Message {
        Message(
            en: "the update feed \(feed) is for \(feedBinary), not \(binary); nothing was downloaded",
            es: "el canal de actualizaciones \(feed) es de \(feedBinary), no de \(binary); no se descargó nada")
    }
    static func updateWrongBinaryHint(key: String, binary: String) -> Message {
        Message(
            en: "Set \(key) to the feed.json of \(binary)'s own channel.",
            es: "Defina \(key) con el feed.json del canal propio de \(binary).")
    }
    static func notifyMoreChanges(count: String, binary: String) -> Message {
        Message(
            en: "... and \(count) more; '\(binary) update --check' lists them all",
            es: "... y \(count) más; '\(binary) update --check' las muestra todas")
    }
    static func notifyGetIt(binary: String) -> Message {
        Message(
            en: "Run '\(binary) update' to get the newest build.",
            es: "Ejecute '\(binary) update' para obtener la versión más nueva.")
    }
    static func notifyExpired(binary: String, version: String, date: String) -> Message {
        Message(
            en: "\(binary) \(version) expired on \(date) and is no longer meant to be used.",
            es: "\(binary) \(version) venció el \(date) y ya no está pensada para usarse.")
    }
    static func updateChangesSince(version: String) -> Message {
        Message(en: "What changed since \(version):", es: "Qué cambió desde \(version):")
    }
    static func updateBuildHeading(version: String, date: String) -> Message {
        Message(en: "\(version) (\(date)):", es: "\(version) (\(date)):")
    }
    static let updateNoChanges = Message(en: "(no user-facing changes listed)", es: "(no se indican cambios para usuarios)")
    static let updateJSONNeedsCheck = Message(
        en: "--json goes with --check: 'update --check --json' reports without installing",
        es: "--json va con --check: 'update --check --json' informa sin instalar")
}

extension Message.Update {
    /// Why a feed or a download that is not a regular file cannot be read: it stands where the
    /// system's own reason stands otherwise (`Message.SystemReason` translates both).
    static let notRegularFile = Message(en: "it is not a regular file", es: "no es un archivo regular")
    static func transferFailed(host: String, reason: String) -> Message {
        Message(
            en: "the download from \(host) broke off or its answer is malformed: \(reason)",
            es: "la descarga desde \(host) se cortó o su respuesta está mal formada: \(reason.spanishReason)")
    }
    static let transferFailedHint = Message(
        en: "Try again: the download starts over. If it fails the same way, the server (or a proxy on the way) sends a broken answer.",
        es: "Vuelva a intentarlo: la descarga empieza de nuevo. Si falla de la misma manera, el servidor (o un proxy en el camino) envía una respuesta dañada.")
}
