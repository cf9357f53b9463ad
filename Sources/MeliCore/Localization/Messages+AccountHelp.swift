extension Message {
    /// The help texts of the commands that look after this binary's own files (cache, auth), in
    /// English and Spanish: each command's declaration names its summary and its options' help here.
    enum AccountHelp {}
}

extension Message.AccountHelp {
    // cache
    static let cacheSummary = Message(
        en: "Show or clear this binary's HTTP response cache.", es: "Mostrar o vaciar la caché de respuestas HTTP de este binario.")
    static let cacheDiscussion = Message(
        en: """
            Each binary keeps its own response cache in its cache directory, so meli-qa never reads
            meli's. Fresh answers are reused; stale ones are revalidated (ETag, Last-Modified); when the
            network or the server fails, any cached answer is shown with a warning naming its age.
            """,
        es: """
            Cada binario guarda su propia caché de respuestas en su carpeta de caché, así que
            meli-qa nunca lee la de meli. Las respuestas vigentes se reutilizan; las vencidas se
            revalidan (ETag, Last-Modified); si la red o el servidor fallan, se muestra cualquier
            respuesta guardada con una advertencia que indica su antigüedad.
            """)
    static let cacheInfoSummary = Message(
        en: "Show where the cache is, its entries and size, and its limits.",
        es: "Mostrar dónde está la caché, sus entradas y tamaño, y sus límites.")
    static let cacheInfoJSONHelp = Message(
        en: "Print JSON: {location, entries, bytes, max_bytes, ttl_seconds}.",
        es: "Imprimir JSON: {location, entries, bytes, max_bytes, ttl_seconds}.")
    static let cacheClearSummary = Message(
        en: "Remove every cached response of this binary.", es: "Eliminar todas las respuestas guardadas de este binario.")
    static let cacheClearJSONHelp = Message(en: "Print JSON: {removed, location}.", es: "Imprimir JSON: {removed, location}.")

    // auth
    static let authSummary = Message(
        en: "Log in to MercadoLibre, show the login, log out, or print the token.",
        es: "Iniciar sesión en MercadoLibre, ver la sesión, cerrarla o imprimir el token.")
    static let authDiscussion = Message(
        en: """
            Each binary keeps its own login in credentials.json in its config directory (mode 0600; a
            file others can read is refused). Access tokens last six hours and renew themselves with
            the refresh token. MELI_ACCESS_TOKEN in the environment wins over the file and is never
            written to disk. Tokens and secrets never appear in output or logs, except 'auth token'.
            """,
        es: """
            Cada binario guarda su propia sesión en credentials.json en su carpeta de
            configuración (modo 0600; un archivo que otros pueden leer se rechaza). Los tokens de
            acceso duran seis horas y se renuevan solos con el token de renovación. MELI_ACCESS_TOKEN
            en el entorno tiene prioridad sobre el archivo y nunca se escribe en disco. Los tokens y
            secretos nunca aparecen en la salida ni en los registros, salvo con 'auth token'.
            """)
    static let authLoginSummary = Message(
        en: "Log in with the OAuth authorization-code flow and save the tokens.",
        es: "Iniciar sesión con el flujo OAuth de código de autorización y guardar los tokens.")
    static let authLoginDiscussion = Message(
        en: """
            Prints the authorization address for the site's country; open it, allow the application,
            and paste the code from the address MercadoLibre sends you to (the whole address works
            too). The code is traded at <MELI_API_BASE_URL>/oauth/token with the client id, secret and
            redirect URI, from the options or MELI_CLIENT_ID, MELI_CLIENT_SECRET (process environment
            only) and MELI_REDIRECT_URI.
            """,
        es: """
            Muestra la dirección de autorización del país del sitio; ábrala, autorice la aplicación
            y pegue el código de la dirección a la que MercadoLibre lo envía (también sirve la
            dirección completa). El código se canjea en <MELI_API_BASE_URL>/oauth/token con el id de
            cliente, el secreto y la URI de redirección, de las opciones o de MELI_CLIENT_ID,
            MELI_CLIENT_SECRET (solo del entorno del proceso) y MELI_REDIRECT_URI.
            """)
    static let authLoginCodeHelp = Message(
        en: "The authorization code (TG-...), instead of pasting it.", es: "El código de autorización (TG-...), en lugar de pegarlo.")
    static let authLoginClientIDHelp = Message(
        en: "The application id (also MELI_CLIENT_ID).", es: "El id de la aplicación (también MELI_CLIENT_ID).")
    static let authLoginClientSecretHelp = Message(
        en: "The application's secret key (also MELI_CLIENT_SECRET).",
        es: "La clave secreta de la aplicación (también MELI_CLIENT_SECRET).")
    static let authLoginRedirectURIHelp = Message(
        en: "The application's redirect URI (also MELI_REDIRECT_URI).",
        es: "La URI de redirección de la aplicación (también MELI_REDIRECT_URI).")
    static let authLoginSiteHelp = Message(
        en: "Use this site's country for the authorization page.", es: "Usar el país de este sitio para la página de autorización.")
    static let authStatusSummary = Message(
        en: "Show who is logged in, until when, and where the token comes from.",
        es: "Mostrar quién inició sesión, hasta cuándo y de dónde sale el token.")
    static let authStatusDiscussion = Message(
        en: "Never shows a token and never uses the network. Exits 4 when not logged in.",
        es: "Nunca muestra un token ni usa la red. Sale con 4 si no hay sesión.")
    static let authStatusJSONHelp = Message(
        en: "Print JSON: {source, user_id, expires_at, path}.", es: "Imprimir JSON: {source, user_id, expires_at, path}.")
    static let authLogoutSummary = Message(en: "Remove this binary's saved login.", es: "Eliminar la sesión guardada de este binario.")
    static let authLogoutDiscussion = Message(
        en: "Removes credentials.json from this binary's config directory. MELI_ACCESS_TOKEN, if set, is not touched.",
        es: "Elimina credentials.json de la carpeta de configuración de este binario. MELI_ACCESS_TOKEN, si está definida, no se toca.")
    static let authTokenSummary = Message(en: "Print the access token, for scripts.", es: "Imprimir el token de acceso, para scripts.")
    static let authTokenDiscussion = Message(
        en: "The only command that shows a token. It is renewed first when it expires within five minutes.",
        es: "El único comando que muestra un token. Antes se renueva si vence en menos de cinco minutos.")
    static let authTokenJSONHelp = Message(en: "Print JSON: {access_token}.", es: "Imprimir JSON: {access_token}.")
}
