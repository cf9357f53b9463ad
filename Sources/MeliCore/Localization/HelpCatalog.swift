/// Spanish for every help text the commands declare (in English). A test walks the command tree
/// and checks that each one has its translation here, and that nothing here is unused.
enum HelpCatalog {
    static let spanish: [String: String] = [
        // Global options
        "Read the environment from this file (also MELI_ENV_FILE).": "Leer el entorno de este archivo (también MELI_ENV_FILE).",
        "Log at this level: \(LogLevel.choices).": "Registrar con este nivel: \(LogLevel.choices).",
        "Log one level more verbosely; repeat for more.": "Registrar un nivel más detallado; repetir para más.",
        "Log errors only and print no warnings.": "Registrar solo errores y no mostrar advertencias.",
        "Answer from the response cache only, whatever its age; never use the network.": "Responder solo desde la caché de respuestas, sea cual sea su antigüedad; no usar nunca la red.",
        "Neither read nor write the response cache for this run.": "No leer ni escribir la caché de respuestas en esta ejecución.",
        "Never colour the output (NO_COLOR=1 does the same).": "No usar colores nunca (NO_COLOR=1 hace lo mismo).",
        "Show help for the program or a command.": "Mostrar la ayuda del programa o de un comando.",
        "Show the version, environment and commit.": "Mostrar la versión, el entorno y el commit.",
        // sites
        "List the MercadoLibre sites (countries) and their currencies.": "Listar los sitios (países) de MercadoLibre y sus monedas.",
        "Print JSON: [{id, name, default_currency_id}].": "Imprimir JSON: [{id, name, default_currency_id}].",
        // site
        "Show the current site, or save one for this binary.": "Mostrar el sitio actual, o guardar uno para este binario.",
        SiteCommand.discussion: """
            Con un id, comprueba que el sitio existe y lo guarda en el directorio de estado de este
            binario; los demás entornos no se ven afectados. El sitio usado es, de mayor a menor
            prioridad: --site, MELI_DEFAULT_SITE en el entorno del proceso, el sitio guardado, el
            archivo de entorno.
            """,
        "A site id such as MLA, MLB or MCO.": "Un id de sitio como MLA, MLB o MCO.",
        "Forget the saved site.": "Olvidar el sitio guardado.",
        // categories, category
        "List a site's top-level categories.": "Listar las categorías principales de un sitio.",
        "The site (default: the current site).": "El sitio (por omisión: el sitio actual).",
        "Print JSON: [{id, name}].": "Imprimir JSON: [{id, name}].",
        "Show a category: its path and its children.": "Mostrar una categoría: su ruta y sus subcategorías.",
        "A category id such as MLA1051.": "Un id de categoría como MLA1051.",
        "Print JSON: {id, name, path_from_root, children_categories, total_items_in_this_category}.":
            "Imprimir JSON: {id, name, path_from_root, children_categories, total_items_in_this_category}.",
        // search
        "Search a site's listings.": "Buscar publicaciones de un sitio.",
        SearchCommand.discussion: """
            Los filtros son CLAVE=VALOR como los recibe la API: condition=new|used, shipping_cost=free,
            price=MIN-MAX (* para abierto), o cualquier id de filtro que ofrezcan los resultados.
            Órdenes: relevance, price_asc, price_desc.
            """,
        "Words to search for.": "Palabras a buscar.",
        "Only this category, such as MLA1051.": "Solo esta categoría, como MLA1051.",
        "relevance, price_asc or price_desc.": "relevance, price_asc o price_desc.",
        "Apply a filter; repeat for more.": "Aplicar un filtro; repetir para más.",
        "Results per page, 1 to 50 (default 20).": "Resultados por página, de 1 a 50 (por omisión 20).",
        "Page number, from 1.": "Número de página, desde 1.",
        "Skip this many results instead of --page.": "Saltar esta cantidad de resultados en lugar de --page.",
        "Print the page as JSON, with the API's field names; =FIELDS prints only those fields of each result.":
            "Imprimir la página como JSON, con los nombres de campo de la API; =CAMPOS imprime solo esos campos de cada resultado.",
        // item
        "Show one item: price, condition, attributes, pictures and description.":
            "Mostrar un artículo: precio, condición, atributos, imágenes y descripción.",
        "An item id such as MLA1400000100.": "Un id de artículo como MLA1400000100.",
        "Do not fetch the description.": "No pedir la descripción.",
        "Print the item as JSON, with the API's field names; =FIELDS prints only those.":
            "Imprimir el artículo como JSON, con los nombres de campo de la API; =CAMPOS imprime solo esos.",
        "Print JSON: {removed, location}.": "Imprimir JSON: {removed, location}.",
        "Print JSON: {site, origin}.": "Imprimir JSON: {site, origin}.",
        "Print JSON: {access_token}.": "Imprimir JSON: {access_token}.",
        // env
        "Show the resolved environment and where each value came from.": "Mostrar el entorno resuelto y de dónde salió cada valor.",
        EnvCommand.discussion: """
            Los valores salen, de mayor a menor prioridad, de: opciones de la línea de comandos,
            variables del entorno del proceso (MELI_*) y el archivo de entorno con los archivos que
            incluye. Los secretos (claves que contienen TOKEN, SECRET o PASSWORD) se muestran como
            <redacted>.
            """,
        "Print one JSON object instead of text.": "Imprimir un objeto JSON en lugar de texto.",
        // cache
        "Show or clear this binary's HTTP response cache.": "Mostrar o vaciar la caché de respuestas HTTP de este binario.",
        CacheCommand.discussion: """
            Cada binario guarda su propia caché de respuestas en su directorio de caché, así que
            meli-qa nunca lee la de meli. Las respuestas vigentes se reutilizan; las vencidas se
            revalidan (ETag, Last-Modified); si la red o el servidor fallan, se muestra cualquier
            respuesta guardada con una advertencia que indica su antigüedad.
            """,
        "Show where the cache is, its entries and size, and its limits.": "Mostrar dónde está la caché, sus entradas y tamaño, y sus límites.",
        "Print JSON: {location, entries, bytes, max_bytes, ttl_seconds}.": "Imprimir JSON: {location, entries, bytes, max_bytes, ttl_seconds}.",
        "Remove every cached response of this binary.": "Eliminar todas las respuestas guardadas de este binario.",
        // auth
        "Log in to MercadoLibre, show the login, log out, or print the token.": "Iniciar sesión en MercadoLibre, ver la sesión, cerrarla o imprimir el token.",
        AuthCommand.discussion: """
            Cada binario guarda su propia sesión en credentials.json en su directorio de
            configuración (modo 0600; un archivo que otros pueden leer se rechaza). Los tokens de
            acceso duran seis horas y se renuevan solos con el token de renovación. MELI_ACCESS_TOKEN
            en el entorno tiene prioridad sobre el archivo y nunca se escribe en disco. Los tokens y
            secretos nunca aparecen en la salida ni en los registros, salvo con 'auth token'.
            """,
        "Log in with the OAuth authorization-code flow and save the tokens.": "Iniciar sesión con el flujo OAuth de código de autorización y guardar los tokens.",
        AuthLoginCommand.discussion: """
            Muestra la dirección de autorización del país del sitio; ábrela, autoriza la aplicación
            y pega el código de la dirección a la que MercadoLibre te envía (también sirve la
            dirección completa). El código se canjea en <MELI_API_BASE_URL>/oauth/token con el id de
            cliente, el secreto y la URI de redirección, de las opciones o de MELI_CLIENT_ID,
            MELI_CLIENT_SECRET (solo del entorno del proceso) y MELI_REDIRECT_URI.
            """,
        "The authorization code (TG-...), instead of pasting it.": "El código de autorización (TG-...), en lugar de pegarlo.",
        "The application id (also MELI_CLIENT_ID).": "El id de la aplicación (también MELI_CLIENT_ID).",
        "The application's secret key (also MELI_CLIENT_SECRET).": "La clave secreta de la aplicación (también MELI_CLIENT_SECRET).",
        "The application's redirect URI (also MELI_REDIRECT_URI).": "La URI de redirección de la aplicación (también MELI_REDIRECT_URI).",
        "Use this site's country for the authorization page.": "Usar el país de este sitio para la página de autorización.",
        "Show who is logged in, until when, and where the token comes from.": "Mostrar quién inició sesión, hasta cuándo y de dónde sale el token.",
        "Never shows a token and never uses the network. Exits 4 when not logged in.": "Nunca muestra un token ni usa la red. Sale con 4 si no hay sesión.",
        "Print JSON: {source, user_id, expires_at, path}.": "Imprimir JSON: {source, user_id, expires_at, path}.",
        "Remove this binary's saved login.": "Eliminar la sesión guardada de este binario.",
        "Removes credentials.json from this binary's config directory. MELI_ACCESS_TOKEN, if set, is not touched.": "Elimina credentials.json del directorio de configuración de este binario. MELI_ACCESS_TOKEN, si está definida, no se toca.",
        "Print the access token, for scripts.": "Imprimir el token de acceso, para scripts.",
        "The only command that shows a token. It is renewed first when it expires within five minutes.": "El único comando que muestra un token. Antes se renueva si vence en menos de cinco minutos.",
        // completion
        "Print the shell completion script for bash, zsh or fish.": "Imprimir el script de autocompletado para bash, zsh o fish.",
        CompletionCommand.spec.discussion!: """
            Los paquetes los instalan por ti. A mano, para un binario llamado B: bash,
            source <(B completion bash); zsh, guarda la salida como _B en una carpeta de tu fpath;
            fish, guárdala como ~/.config/fish/completions/B.fish.
            """,
        "bash, zsh or fish.": "bash, zsh o fish.",
        // update
        "Check for a newer build of this binary, and install it.": "Buscar una versión más nueva de este binario e instalarla.",
        UpdateCommand.spec.discussion!: """
            Lee el canal propio de este binario (MELI_DEV_UPDATE_FEED_URL, MELI_QA_UPDATE_FEED_URL o
            MELI_PRODUCTION_UPDATE_FEED_URL: una URL https o una ruta de archivo), rechaza un canal
            escrito para otro binario, descarta las versiones de otros sistemas y las vencidas, y
            compara la más nueva con esta, con lo que cambió en cada versión más nueva. Sin --check,
            la descarga, verifica su sha256 con el canal y la instala, conservando esta para volver atrás.
            """,
        "Only say whether a newer build exists, what changed, and how to install it.": "Solo decir si hay una versión más nueva, qué cambió y cómo instalarla.",
        "With --check, print JSON: {binary, current, latest, available, expires, expired, changes, builds}.": "Con --check, imprimir JSON: {binary, current, latest, available, expires, expired, changes, builds}.",
        // self
        "Install, roll back, uninstall or update this binary.": "Instalar, revertir, desinstalar o actualizar este binario.",
        SelfCommand.discussion: """
            Un binario solo instala paquetes de sí mismo, en PREFIJO (por omisión: el prefijo donde
            está instalado, si no ~/.local): PREFIJO/lib/BINARIO/VERSIÓN/ guarda cada versión, y
            PREFIJO/bin/BINARIO, los archivos de entorno, la página de manual y el autocompletado son
            enlaces a través de PREFIJO/lib/BINARIO/current. El cambio a una versión nueva es un solo
            renombrado, así que una instalación detenida en cualquier punto deja funcionando la
            versión anterior, que se conserva para 'self rollback'.
            """,
        "Where to install (default: where this binary is installed, else ~/.local).": "Dónde instalar (por omisión: donde está instalado este binario, si no ~/.local).",
        "Install this binary from its unpacked package, a tarball or a feed.": "Instalar este binario desde su paquete desempaquetado, un tarball o un canal.",
        SelfInstallCommand.spec.discussion!: """
            Sin argumento, instala el paquete desempaquetado desde el que se ejecuta este binario
            (después de 'tar xzf BINARIO_VERSIÓN_SO_ARQUITECTURA.tar.gz'). Un TARBALL debe coincidir con
            su línea del checksums.txt que está a su lado; un FEED (un feed.json, ruta o URL) da la
            versión vigente más nueva para esta máquina, verificada con el sha256 del canal. Los
            paquetes con rutas absolutas, '..', enlaces duros, enlaces que salen, dispositivos, o el
            nombre de otro binario o sistema se rechazan, y no se instala nada.
            """,
        "A .tar.gz made by scripts/package, or a feed.json (path or URL).": "Un .tar.gz hecho por scripts/package, o un feed.json (ruta o URL).",
        "Switch back to the version installed before this one.": "Volver a la versión instalada antes de esta.",
        "Swaps the current and previous versions with one rename each; running it again returns.": "Intercambia la versión actual y la anterior con un renombrado cada una; ejecutarlo otra vez vuelve.",
        "Remove this binary's installed versions and links.": "Eliminar las versiones instaladas y los enlaces de este binario.",
        "Other binaries, and this one's configuration, cache and state, are not touched.": "No se tocan los otros binarios, ni la configuración, la caché y el estado de este.",
        // help
        "Print the whole manual page (roff) instead.": "Imprimir en su lugar la página de manual completa (roff).",
        "Show help for a command.": "Mostrar la ayuda de un comando.",
        "The command to explain.": "El comando a explicar.",
    ]
}
