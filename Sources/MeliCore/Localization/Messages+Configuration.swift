extension Message {
    /// The messages of settings and their values, in English and Spanish.
    enum Configuration {}
}

extension Message.Configuration {
    static func unknownKey(key: String) -> Message {
        Message(en: "unknown key '\(key)'", es: "clave desconocida '\(key)'")
    }
    static func unknownKeySuggestion(key: String, suggestion: String) -> Message {
        Message(
            en: "unknown key '\(key)'; did you mean '\(suggestion)'?",
            es: "clave desconocida '\(key)'; ¿quiso decir '\(suggestion)'?")
    }
    static func keyNotSet(key: String) -> Message {
        Message(
            en: "\(key) is not set; add '\(key) = ...' to this file, or #include \"Base.env\"",
            es: "\(key) no está definido; agregue '\(key) = ...' a este archivo, o #include \"Base.env\"")
    }
    /// `looked`: every place looked at, in order, one a line (`lookedPlaces`).
    static func noEnvFileLooked(looked: Message) -> Message {
        Message(
            en: "no environment file found; looked, in order, at:\n\(looked.english)\npass --env-file PATH or set MELI_ENV_FILE",
            es: "no se encontró un archivo de entorno; se buscó, en orden, en:\n\(looked.spanish)\nindique --env-file RUTA o defina MELI_ENV_FILE")
    }
    /// The places, each on a line of its own, indented.
    static func lookedPlaces(_ places: [Message]) -> Message {
        Message(en: places.map { "  " + $0.english }.joined(separator: "\n"), es: places.map { "  " + $0.spanish }.joined(separator: "\n"))
    }
    static let lookedFlag = Message(en: "--env-file: not given", es: "--env-file: no se indicó")
    static let lookedVariable = Message(en: "MELI_ENV_FILE: not set", es: "MELI_ENV_FILE: no está definida")
    static func lookedInstalled(path: String) -> Message {
        Message(en: "\(path) (installed beside the binary): not there", es: "\(path) (instalado junto al binario): no existe")
    }
    static func lookedRepository(path: String) -> Message {
        Message(en: "\(path) (the repository the binary was built in): not there", es: "\(path) (el repositorio donde se compiló el binario): no existe")
    }
    static let lookedNoRepository = Message(
        en: "the repository the binary was built in: none (the binary is not in a .build folder beside a Package.swift)",
        es: "el repositorio donde se compiló el binario: ninguno (el binario no está en una carpeta .build junto a un Package.swift)")
    static let lookedNoBinaryPath = Message(
        en: "beside the binary: the binary's own path is not known",
        es: "junto al binario: no se conoce la ruta del propio binario")
    static func noHome(binary: String) -> Message {
        Message(
            en: "HOME is not set (or not an absolute path), so \(binary) has nowhere to keep its files; set HOME or the XDG_*_HOME variables",
            es: "HOME no está definido (o no es una ruta absoluta), así que \(binary) no tiene dónde guardar sus archivos; defina HOME o las variables XDG_*_HOME")
    }
    static func localEnvCopied(to path: String) -> Message {
        Message(
            en: "your own settings were copied to \(path), where updates do not touch them; that copy is read from now on, and this file no longer is: edit the copy",
            es: "sus valores propios se copiaron a \(path), donde las actualizaciones no los tocan; desde ahora se lee esa copia, y este archivo ya no: edite la copia")
    }
    static func localEnvNotCopied(to path: String, reason: Message) -> Message {
        Message(
            en: "could not copy this file to \(path), where updates do not touch it (\(reason.english)), so it is read from here this time; the next update stops reading it: copy it there by hand",
            es: "no se pudo copiar este archivo a \(path), donde las actualizaciones no lo tocan (\(reason.spanish)), así que esta vez se lee desde aquí; la próxima actualización deja de leerlo: cópielo allí a mano")
    }
    static func localEnvTooLarge(limit: String) -> Message {
        Message(en: "it is larger than \(limit)", es: "ocupa más de \(limit)")
    }
    static func badSecretDerivedValue(key: String) -> Message {
        Message(
            en: "the value of \(key) ('\(Redactor.mask)': it is worked out from a secret, so it is not shown) is not valid; see what \(key) takes in Config/README.md (\"Keys\")",
            es: "el valor de \(key) ('\(Redactor.mask)': se obtiene de un secreto, así que no se muestra) no es válido; vea qué admite \(key) en Config/README.md (\"Keys\")")
    }
    static func badBaseURL(value: String, problem: Message) -> Message {
        Message(
            en: "'\(value)' is not a valid API base URL: \(problem.english)",
            es: "'\(value)' no es una URL base válida para la API: \(problem.spanish)")
    }
    static func badLogLevel(value: String, choices: String) -> Message {
        Message(
            en: "'\(value)' is not a log level; use one of: \(choices)",
            es: "'\(value)' no es un nivel de registro; use uno de: \(choices)")
    }
    static func badSiteID(value: String) -> Message {
        Message(
            en: "'\(value)' is not a site id; a site id is M and two letters, such as MLA, MLB or MCO",
            es: "'\(value)' no es un id de sitio; un id de sitio es M y dos letras, como MLA, MLB o MCO")
    }
    static func badTimeout(value: String) -> Message {
        Message(
            en: "'\(value)' is not a timeout; give seconds as a positive number up to 86400 (a day), such as 30 or 2.5",
            es: "'\(value)' no es un tiempo de espera; indique segundos como número positivo de hasta 86400 (un día), como 30 o 2.5")
    }
    static func badCacheTTL(value: String) -> Message {
        Message(
            en: "'\(value)' is not a cache lifetime; give seconds (0 to always revalidate) or a number with s, m, h or d, such as 300, 5m or 1d (at most a year)",
            es: "'\(value)' no es una duración de caché; indique segundos (0 para revalidar siempre) o un número con s, m, h o d, como 300, 5m o 1d (como mucho un año)")
    }
    static func badCacheSize(value: String) -> Message {
        Message(
            en: "'\(value)' is not a cache size; give whole megabytes, such as 50 (0 turns caching off)",
            es: "'\(value)' no es un tamaño de caché; indique megabytes enteros, como 50 (0 desactiva la caché)")
    }
    static func badUpdateKey(value: String) -> Message {
        Message(
            en: "'\(value)' is not an Ed25519 public key, so no signature could be checked with it; MELI_UPDATE_KEYS lists keys in base64, 44 characters each (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64), separated by spaces",
            es: "'\(value)' no es una clave pública Ed25519, así que no se podría verificar ninguna firma con ella; MELI_UPDATE_KEYS lista claves en base64, de 44 caracteres cada una (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64), separadas por espacios")
    }
    /// A MELI_UPDATE_KEYS word that decodes to 32 bytes but is no key to trust: a point of small
    /// order (with which a signature made without any private key verifies every package), or an
    /// encoding no signing tool makes.
    static func weakUpdateKey(value: String, smallOrder: Bool) -> Message {
        smallOrder
            ? Message(
                en: "'\(value)' is a point of small order, not a real Ed25519 public key: a signature made without any private key verifies every package with it, so it is never trusted; MELI_UPDATE_KEYS lists the public keys of real key pairs (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64)",
                es: "'\(value)' es un punto de orden pequeño, no una clave pública Ed25519 real: con ella una firma hecha sin ninguna clave privada valida cualquier paquete, así que nunca se confía en ella; MELI_UPDATE_KEYS lista las claves públicas de pares de claves reales (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64)")
            : Message(
                en: "'\(value)' is not a canonical Ed25519 public key (its y coordinate is not below 2^255 - 19), which no signing tool makes, so it is never trusted; MELI_UPDATE_KEYS lists the public keys of real key pairs (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64)",
                es: "'\(value)' no es una clave pública Ed25519 canónica (su coordenada y no es menor que 2^255 - 19), que ninguna herramienta de firma produce, así que nunca se confía en ella; MELI_UPDATE_KEYS lista las claves públicas de pares de claves reales (openssl pkey -in signing.pem -pubout -outform DER | tail -c 32 | base64)")
    }
    static func environmentOnlyKey(key: String) -> Message {
        Message(
            en: "\(key) is read from the process environment only, never from a file; this line is ignored",
            es: "\(key) se lee solo del entorno del proceso, nunca de un archivo; esta línea se ignora")
    }
    static let urlNoScheme = Message(
        en: "it has no scheme; write https://host, http://127.0.0.1:PORT or sandbox://",
        es: "no tiene esquema; escriba https://host, http://127.0.0.1:PUERTO o sandbox://")
    static func urlScheme(scheme: String) -> Message {
        Message(
            en: "the scheme '\(scheme)' is not supported; use https, http to this machine, or sandbox://",
            es: "el esquema '\(scheme)' no está soportado; use https, http a esta máquina, o sandbox://")
    }
    static let urlNoHost = Message(en: "it names no host", es: "no nombra ningún host")
    static func urlPlainHTTP(host: String) -> Message {
        Message(
            en: "plain http is only allowed to this machine (127.0.0.1, localhost, ::1), not to '\(host)'; use https",
            es: "http sin cifrar solo se permite a esta máquina (127.0.0.1, localhost, ::1), no a '\(host)'; use https")
    }
    static let urlCredentials = Message(
        en: "it contains a user name or password; give credentials as MELI_ACCESS_TOKEN instead",
        es: "contiene un usuario o contraseña; dé las credenciales con MELI_ACCESS_TOKEN")
    static let urlQuery = Message(
        en: "it has a query or fragment; a base URL ends at its path",
        es: "tiene una consulta o fragmento; una URL base termina en su ruta")
    static let urlPort = Message(en: "its port is not a number from 1 to 65535", es: "su puerto no es un número de 1 a 65535")
    static let urlSandboxPath = Message(
        en: "the sandbox is spelled exactly sandbox://",
        es: "el sandbox se escribe exactamente sandbox://")
    static func retiredFeedKey(retired: String, key: String) -> Message {
        Message(
            en: "\(retired) is no longer read (each binary now has a feed key of its own); set \(key) instead",
            es: "\(retired) ya no se lee (ahora cada binario tiene su propia clave de canal); defina \(key) en su lugar")
    }
}
