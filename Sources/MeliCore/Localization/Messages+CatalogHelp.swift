extension Message {
    /// The help texts of the catalog commands (sites, site, categories, category, search, item, browse), in
    /// English and Spanish: each command's declaration names its summary and its options' help here.
    enum CatalogHelp {}
}

extension Message.CatalogHelp {
    // sites
    static let sitesSummary = Message(
        en: "List the MercadoLibre sites (countries) and their currencies.",
        es: "Listar los sitios (países) de MercadoLibre y sus monedas.")
    static let sitesJSONHelp = Message(
        en: "Print JSON: [{id, name, default_currency_id}].", es: "Imprimir JSON: [{id, name, default_currency_id}].")

    // site, and --site wherever it is taken
    static let siteSummary = Message(
        en: "Show the current site, or save one for this binary.", es: "Mostrar el sitio actual, o guardar uno para este binario.")
    static let siteDiscussion = Message(
        en: """
            With an id, checks that the site exists and saves it in this binary's state directory;
            other environments are unaffected. The site used is, highest first: --site,
            MELI_DEFAULT_SITE in the process environment, the saved site, the environment file.
            """,
        es: """
            Con un id, comprueba que el sitio existe y lo guarda en la carpeta de estado de este
            binario; los demás entornos no se ven afectados. El sitio usado es, de mayor a menor
            prioridad: --site, MELI_DEFAULT_SITE en el entorno del proceso, el sitio guardado, el
            archivo de entorno.
            """)
    static let siteIDHelp = Message(en: "A site id such as MLA, MLB or MCO.", es: "Un id de sitio como MLA, MLB o MCO.")
    static let siteClearHelp = Message(en: "Forget the saved site.", es: "Olvidar el sitio guardado.")
    static let siteJSONHelp = Message(en: "Print JSON: {site, origin}.", es: "Imprimir JSON: {site, origin}.")
    static let siteOptionHelp = Message(en: "The site (default: the current site).", es: "El sitio (por omisión: el sitio actual).")

    // categories, category
    static let categoriesSummary = Message(
        en: "List a site's top-level categories.", es: "Listar las categorías principales de un sitio.")
    static let categoriesJSONHelp = Message(en: "Print JSON: [{id, name}].", es: "Imprimir JSON: [{id, name}].")
    static let categorySummary = Message(
        en: "Show a category: its path and its children.", es: "Mostrar una categoría: su ruta y sus subcategorías.")
    static let categoryIDHelp = Message(en: "A category id such as MLA1051.", es: "Un id de categoría como MLA1051.")
    static let categoryJSONHelp = Message(
        en: "Print JSON: {id, name, path_from_root, children_categories, total_items_in_this_category}.",
        es: "Imprimir JSON: {id, name, path_from_root, children_categories, total_items_in_this_category}.")

    // search
    static let searchSummary = Message(en: "Search a site's listings.", es: "Buscar publicaciones de un sitio.")
    static let searchDiscussion = Message(
        en: """
            Filters are KEY=VALUE as the API takes them: condition=new|used, shipping_cost=free,
            price=MIN-MAX (* for open), or any filter id the results offer. Sorts: relevance,
            price_asc, price_desc.
            """,
        es: """
            Los filtros son CLAVE=VALOR como los recibe la API: condition=new|used, shipping_cost=free,
            price=MIN-MAX (* para abierto), o cualquier id de filtro que ofrezcan los resultados.
            Órdenes: relevance, price_asc, price_desc.
            """)
    static let searchQueryHelp = Message(en: "Words to search for.", es: "Palabras a buscar.")
    static let searchCategoryHelp = Message(en: "Only this category, such as MLA1051.", es: "Solo esta categoría, como MLA1051.")
    static let searchSortHelp = Message(en: "relevance, price_asc or price_desc.", es: "relevance, price_asc o price_desc.")
    static let searchFilterHelp = Message(en: "Apply a filter; repeat for more.", es: "Aplicar un filtro; repetir para más.")
    static let searchLimitHelp = Message(
        en: "Results per page, 1 to 50 (default 20).", es: "Resultados por página, de 1 a 50 (por omisión 20).")
    static let searchPageHelp = Message(en: "Page number, from 1.", es: "Número de página, desde 1.")
    static let searchOffsetHelp = Message(
        en: "Skip this many results instead of --page.", es: "Saltar esta cantidad de resultados en lugar de --page.")
    static let searchJSONHelp = Message(
        en: "Print the page as JSON, with the API's field names; =FIELDS prints only those fields of each result.",
        es: "Imprimir la página como JSON, con los nombres de campo de la API; =CAMPOS imprime solo esos campos de cada resultado.")

    // item
    static let itemSummary = Message(
        en: "Show one item: price, condition, attributes, pictures and description.",
        es: "Mostrar una publicación: precio, condición, atributos, imágenes y descripción.")
    static let itemIDHelp = Message(en: "An item id such as MLA1400000100.", es: "Un id de publicación como MLA1400000100.")
    static let itemNoDescriptionHelp = Message(en: "Do not fetch the description.", es: "No pedir la descripción.")
    static let itemJSONHelp = Message(
        en: "Print the item as JSON, with the API's field names; =FIELDS prints only those.",
        es: "Imprimir la publicación como JSON, con los nombres de campo de la API; =CAMPOS imprime solo esos.")

    // browse
    static let browseSummary = Message(
        en: "Browse listings full-screen: search as you type, open an item.",
        es: "Explorar publicaciones a pantalla completa: buscar al escribir, abrir una publicación.")
    static let browseDiscussion = Message(
        en: """
            Three screens: the site (only when none is given or saved; Enter saves it as 'site ID'
            does), the search (results follow the query as you type) and the item. Keys: the
            arrows move (j/k too in the list), PgUp/PgDn and Home/End jump, Enter opens, Tab goes
            from the search line to the list and to the sort and filter panel, / back to the search
            line, Esc or Backspace leaves an item, o opens it in the browser, r or Ctrl-R retries
            after an error, ? shows every key, q (in the list) or Ctrl-C quits. Needs a terminal
            on standard input and output (use 'search' in scripts); Ctrl-Z suspends it and 'fg'
            draws it again, and it follows the window's size. NO_COLOR or TERM=dumb: no colour,
            the selection in reverse video.
            """,
        es: """
            Tres pantallas: el sitio (solo si no se indica ni hay uno guardado; Enter lo guarda como
            'site ID'), la búsqueda (los resultados siguen a la consulta mientras escribe) y la
            publicación. Teclas: las flechas mueven (también j/k en la lista), RePág/AvPág e
            Inicio/Fin saltan, Enter abre, Tab pasa de la línea de búsqueda a la lista y al panel
            de orden y filtros, / vuelve a la línea de búsqueda, Esc o Retroceso deja una publicación,
            o la abre en el navegador, r o Ctrl-R reintenta tras un error, ? muestra todas las
            teclas, q (en la lista) o Ctrl-C sale. Necesita una terminal en la entrada y la salida
            estándar (use 'search' en scripts); Ctrl-Z lo suspende y 'fg' lo vuelve a dibujar, y
            sigue el tamaño de la ventana. NO_COLOR o TERM=dumb: sin color, la selección en video
            inverso.
            """)
    static let browseQueryHelp = Message(
        en: "Words to search for at once (optional).", es: "Palabras a buscar de entrada (opcional).")
}
