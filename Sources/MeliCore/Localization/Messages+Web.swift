extension Message {
    /// The messages of `--web` (item, category, search, auth login), in English and Spanish.
    enum Web {}
}

extension Message.Web {
    static let itemHelp = Message(
        en: "Open the item's page in the browser instead (its permalink).",
        es: "Abrir en cambio la página de la publicación en el navegador (su enlace permanente).")
    static let categoryHelp = Message(
        en: "Open the category's listing in the browser instead (no request is made).",
        es: "Abrir en cambio el listado de la categoría en el navegador (sin ninguna solicitud).")
    static let searchHelp = Message(
        en: "Open the site's own search page for the words in the browser instead (the words and the site only).",
        es: "Abrir en cambio la página de búsqueda del sitio para esas palabras en el navegador (solo las palabras y el sitio).")
    static let loginHelp = Message(
        en: "Open the authorization page in the browser, then ask for the code as without it.",
        es: "Abrir la página de autorización en el navegador y luego pedir el código como sin esta opción.")
    static func opening(url: String) -> Message {
        Message(en: "Opening \(url) in your browser.", es: "Abriendo \(url) en su navegador.")
    }
    static let noBrowser = Message(
        en: "No browser could be opened (BROWSER, else xdg-open or open, on PATH): open the address above yourself, or set BROWSER to your browser's command.",
        es: "No se pudo abrir ningún navegador (BROWSER, o si no xdg-open u open, en PATH): abra usted la dirección de arriba, o asigne a BROWSER el comando de su navegador.")
    static func notMercadoLibre(url: String) -> Message {
        Message(
            en: "the page address the server gave, '\(url)', is not an http(s) address of a MercadoLibre site; it was not opened",
            es: "la dirección de página que dio el servidor, '\(url)', no es una dirección http(s) de un sitio de MercadoLibre; no se abrió")
    }
    static let notMercadoLibreHint = Message(
        en: "Run the command without --web to see the item, and its link, as the server gave them.",
        es: "Ejecute el comando sin --web para ver la publicación, y su enlace, tal como los dio el servidor.")
    static func noWebSite(site: String, known: String) -> Message {
        Message(
            en: "--web knows no web site for \(site); it opens pages of \(known)",
            es: "--web no conoce ningún sitio web para \(site); solo abre páginas de \(known)")
    }
}
