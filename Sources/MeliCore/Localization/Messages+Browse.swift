extension Message {
    /// The messages of `browse`'s screens (labels, states, key names), in English and Spanish.
    enum Browse {}
}

extension Message.Browse {
    static let searchLabel = Message(en: "Search: ", es: "Buscar: ")
    static let siteFilterLabel = Message(en: "Site: ", es: "Sitio: ")
    static let chooseSite = Message(en: "Choose a site", es: "Elija un sitio")
    static let typeToSearch = Message(en: "Type to search.", es: "Escriba para buscar.")
    static let loading = Message(en: "Loading…", es: "Cargando…")
    static let searching = Message(en: "searching…", es: "buscando…")
    static let fromCache = Message(en: "from cache (offline)", es: "desde la caché (sin conexión)")
    static let noSites = Message(en: "No site matches.", es: "Ningún sitio coincide.")
    static let noLink = Message(en: "This item has no link to open.", es: "Esta publicación no tiene enlace para abrir.")
    static let filtersTitle = Message(en: "Sort and filters", es: "Orden y filtros")
    static let sortLabel = Message(en: "Sort", es: "Orden")
    static let nothingToFilter = Message(en: "No sorts or filters for these results.", es: "No hay orden ni filtros para estos resultados.")
    static let helpTitle = Message(en: "Keys", es: "Teclas")
    static let helpClose = Message(en: "Press any key to close.", es: "Pulse cualquier tecla para cerrar.")
    static let retryHint = Message(en: "Press Ctrl-R to try again.", es: "Pulse Ctrl-R para reintentar.")

    /// `total` is the count as shown (grouped); `one` whether it is exactly one.
    static func total(_ total: String, one: Bool) -> Message {
        Message(en: "\(total) \(one ? "result" : "results")", es: "\(total) \(one ? "resultado" : "resultados")")
    }
    static func position(_ row: String, of total: String) -> Message {
        Message(en: "\(row) of \(total)", es: "\(row) de \(total)")
    }
    static func sortedBy(_ sort: String) -> Message {
        Message(en: "sort: \(sort)", es: "orden: \(sort)")
    }
    static func filtered(_ filters: String) -> Message {
        Message(en: "filters: \(filters)", es: "filtros: \(filters)")
    }
    static func failure(_ message: String, exitCode: Int32) -> Message {
        Message(en: "\(message) (exit \(exitCode))", es: "\(message) (salida \(exitCode))")
    }
    static func saveFailed(_ reason: String) -> Message {
        Message(en: "could not save the site: \(reason)", es: "no se pudo guardar el sitio: \(reason.spanishReason)")
    }
    static func noBrowser(_ url: String) -> Message {
        // The link first: a long one is cut at the screen's edge, and what shows is what to copy.
        Message(en: "\(url)  (no browser opened it: copy the link)", es: "\(url)  (ningún navegador lo abrió: copie el enlace)")
    }
    static func opened(_ url: String) -> Message {
        Message(en: "Opened in the browser: \(url)", es: "Abierto en el navegador: \(url)")
    }
    static func sortEntry(_ name: String) -> Message {
        Message(en: "Sort: \(name)", es: "Orden: \(name)")
    }
    static func removeFilter(_ filter: String) -> Message {
        Message(en: "✕ \(filter) (remove)", es: "✕ \(filter) (quitar)")
    }
}

/// The names of the keys (the same in both languages: what the keyboard says) and what they do,
/// for the footer and the help overlay.
extension Message.Browse {
    static let keyMove = Message.verbatim("↑↓")
    static let keyEnter = Message.verbatim("Enter")
    static let keyTab = Message.verbatim("Tab")
    static let keyEsc = Message.verbatim("Esc")
    static let keySlash = Message.verbatim("/")
    static let keyHelp = Message.verbatim("?")
    static let keyQuit = Message.verbatim("q")
    static let keyOpen = Message.verbatim("o")
    static let keyCtrlC = Message.verbatim("Ctrl-C")
    static let keyCtrlR = Message.verbatim("Ctrl-R")

    static let actionMove = Message(en: "move", es: "mover")
    static let actionScroll = Message(en: "scroll", es: "desplazar")
    static let actionOpen = Message(en: "open", es: "abrir")
    static let actionChoose = Message(en: "choose", es: "elegir")
    static let actionApply = Message(en: "apply", es: "aplicar")
    static let actionSearch = Message(en: "search", es: "buscar")
    static let actionList = Message(en: "list", es: "lista")
    static let actionFilters = Message(en: "filters", es: "filtros")
    static let actionBack = Message(en: "back", es: "volver")
    static let actionKeys = Message(en: "keys", es: "teclas")
    static let actionQuit = Message(en: "quit", es: "salir")
    static let actionRetry = Message(en: "retry", es: "reintentar")
    static let actionOpenLink = Message(en: "open link", es: "abrir enlace")

    /// The help overlay: each line a key (or keys) and what it does.
    static let helpLines: [(keys: String, action: Message)] = [
        ("↑ ↓  j k", Message(en: "move the selection (in the list), scroll (in an item)", es: "mover la selección (en la lista), desplazar (en una publicación)")),
        ("PgUp PgDn", Message(en: "a page up or down", es: "una página arriba o abajo")),
        ("Home End  g G", Message(en: "first or last row", es: "primera o última fila")),
        ("Enter", Message(en: "open the selected item, choose a site, apply a filter", es: "abrir la publicación elegida, elegir un sitio, aplicar un filtro")),
        ("/", Message(en: "back to the search line", es: "volver a la línea de búsqueda")),
        ("Esc", Message(en: "from the search line to the list; from an item back to the list", es: "de la línea de búsqueda a la lista; de una publicación a la lista")),
        ("Tab", Message(en: "search line → list → sorts and filters", es: "línea de búsqueda → lista → orden y filtros")),
        ("← → Ctrl-A Ctrl-E", Message(en: "move in the search line", es: "moverse en la línea de búsqueda")),
        ("Ctrl-U  Ctrl-W", Message(en: "clear the line, delete a word", es: "borrar la línea, borrar una palabra")),
        ("Backspace h ←", Message(en: "from an item back to the list", es: "de una publicación a la lista")),
        ("o", Message(en: "open the item's link in the browser", es: "abrir el enlace de la publicación en el navegador")),
        ("r  Ctrl-R", Message(en: "try again after an error", es: "reintentar tras un error")),
        ("?", Message(en: "this help", es: "esta ayuda")),
        ("q  Ctrl-C", Message(en: "quit", es: "salir")),
    ]
}
