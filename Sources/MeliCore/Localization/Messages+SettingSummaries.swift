extension Message {
    /// What each setting is for (`Settings`), in English and Spanish: the man page's ENVIRONMENT section.
    enum SettingSummaries {}
}

extension Message.SettingSummaries {
    static let apiBaseURLSummary = Message(
        en: "Where API requests go: https://..., sandbox:// (built-in offline catalog), or http:// to this machine.",
        es: "Adónde van las solicitudes a la API: https://..., sandbox:// (el catálogo sin conexión incorporado) o http:// a esta máquina.")
    static let logLevelSummary = Message(
        en: "trace, debug, info, notice, warning, error or critical.",
        es: "trace, debug, info, notice, warning, error o critical.")
    static let defaultSiteSummary = Message(
        en: "The site used when none is given, such as MLA, MLB or MCO.",
        es: "El sitio que se usa cuando no se indica ninguno, como MLA, MLB o MCO.")
    static let httpTimeoutSummary = Message(
        en: "Seconds to wait for one HTTP request, a positive number.",
        es: "Segundos de espera para una solicitud HTTP, un número positivo.")
    static let cacheTTLCatalogSummary = Message(
        en: "How long sites and categories stay fresh when the server sends no cache headers: 0, 300, 5m, 2h, 1d.",
        es: "Cuánto tiempo siguen vigentes los sitios y las categorías cuando el servidor no envía cabeceras de caché: 0, 300, 5m, 2h, 1d.")
    static let cacheTTLSearchSummary = Message(
        en: "How long search pages stay fresh when the server sends no cache headers.",
        es: "Cuánto tiempo siguen vigentes las páginas de búsqueda cuando el servidor no envía cabeceras de caché.")
    static let cacheTTLItemSummary = Message(
        en: "How long items and their descriptions stay fresh when the server sends no cache headers.",
        es: "Cuánto tiempo siguen vigentes las publicaciones y sus descripciones cuando el servidor no envía cabeceras de caché.")
    static let cacheMaxMBSummary = Message(
        en: "The response cache's size cap in megabytes; least recently used entries go first. 0 turns caching off.",
        es: "El tamaño máximo de la caché de respuestas en megabytes; las entradas usadas hace más tiempo salen primero. 0 desactiva la caché.")
    static let clientIDSummary = Message(
        en: "The application id that auth login uses (or --client-id).",
        es: "El id de la aplicación que usa auth login (o --client-id).")
    static let redirectURISummary = Message(
        en: "The redirect URI registered for the application, for auth login (or --redirect-uri).",
        es: "La URI de redirección registrada para la aplicación, para auth login (o --redirect-uri).")
    static let clientSecretSummary = Message(
        en: "The application's secret key for auth login (or --client-secret). Never shown or logged.",
        es: "La clave secreta de la aplicación para auth login (o --client-secret). Nunca se muestra ni se registra.")
    static func updateFeedURLSummary(binary: String) -> Message {
        Message(
            en: "The feed.json that \(binary)'s 'update' reads: an https URL, or a file path. Only \(binary) reads it.",
            es: "El feed.json que lee 'update' de \(binary): una URL https o una ruta de archivo. Solo \(binary) lo lee.")
    }
    static let updateKeysSummary = Message(
        en: "Ed25519 public keys (base64, space-separated) whose signatures update and self install accept, besides those built in from Config/signing-keys.",
        es: "Claves públicas Ed25519 (base64, separadas por espacios) cuyas firmas aceptan update y self install, además de las incorporadas desde Config/signing-keys.")
    static let envFileSummary = Message(
        en: "Read this environment file instead of the installed or repository one.",
        es: "Leer este archivo de entorno en lugar del instalado o el del repositorio.")
    static let accessTokenSummary = Message(
        en: "An OAuth access token sent as Authorization: Bearer. Never shown or logged.",
        es: "Un token de acceso OAuth que se envía como Authorization: Bearer. Nunca se muestra ni se registra.")
    static let languageSummary = Message(
        en: "es or en: the language of messages, over LC_ALL, LC_MESSAGES and LANG.",
        es: "es o en: el idioma de los mensajes, por encima de LC_ALL, LC_MESSAGES y LANG.")
}
