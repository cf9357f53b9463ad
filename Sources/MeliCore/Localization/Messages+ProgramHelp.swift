extension Message {
    /// The help texts of the global options and of the commands about the program itself (env, update,
    /// self, completion, help), in English and Spanish: each declaration names its text here.
    enum ProgramHelp {}
}

extension Message.ProgramHelp {
    // Global options
    static let envFileOptionHelp = Message(
        en: "Read the environment from this file (also MELI_ENV_FILE).", es: "Leer el entorno de este archivo (también MELI_ENV_FILE).")
    static let logLevelOptionHelp = Message(
        en: "Log at this level: \(LogLevel.choices).", es: "Registrar con este nivel: \(LogLevel.choices).")
    static let verboseOptionHelp = Message(
        en: "Log one level more verbosely; repeat for more.", es: "Registrar un nivel más detallado; repetir para más.")
    static let quietOptionHelp = Message(
        en: "Log errors only and print no warnings.", es: "Registrar solo errores y no mostrar advertencias.")
    static let timeoutOptionHelp = Message(
        en: "Seconds to wait for one HTTP request in this run (overrides MELI_HTTP_TIMEOUT).",
        es: "Segundos de espera para una solicitud HTTP en esta ejecución (sustituye a MELI_HTTP_TIMEOUT).")
    static let offlineOptionHelp = Message(
        en: "Answer from the response cache only, whatever its age; never use the network.",
        es: "Responder solo desde la caché de respuestas, sea cual sea su antigüedad; no usar nunca la red.")
    static let noCacheOptionHelp = Message(
        en: "Neither read nor write the response cache for this run.", es: "No leer ni escribir la caché de respuestas en esta ejecución.")
    static let noColorOptionHelp = Message(
        en: "Never colour the output (NO_COLOR=1 does the same).", es: "No usar colores nunca (NO_COLOR=1 hace lo mismo).")
    static let helpOptionHelp = Message(
        en: "Show help for the program or a command.", es: "Mostrar la ayuda del programa o de un comando.")
    static let versionOptionHelp = Message(
        en: "Show the version, environment and commit.", es: "Mostrar la versión, el entorno y el commit.")

    // env
    static let envSummary = Message(
        en: "Show the resolved environment and where each value came from.",
        es: "Mostrar el entorno resuelto y de dónde salió cada valor.")
    static let envDiscussion = Message(
        en: """
            Values come from, highest first: command-line flags, process environment variables (MELI_*),
            and the environment file with the files it includes. Secrets are shown as <redacted>:
            keys holding TOKEN, SECRET, PASS, PRIVATE, CREDENTIAL or APIKEY, named KEY, or ending in
            _KEY, _PAT, _SK, _PW or _PWD (in any case), and every value worked out from one. The site
            row is the site commands use and where it came from: --site, MELI_DEFAULT_SITE, the site
            saved by 'site ID', or default_site.
            """,
        es: """
            Los valores salen, de mayor a menor prioridad, de: opciones de la línea de comandos,
            variables del entorno del proceso (MELI_*) y el archivo de entorno con los archivos que
            incluye. Los secretos se muestran como <redacted>: las claves que contienen TOKEN,
            SECRET, PASS, PRIVATE, CREDENTIAL o APIKEY, que se llaman KEY o que terminan en _KEY,
            _PAT, _SK, _PW o _PWD (en mayúsculas o minúsculas), y todo valor calculado a partir de
            una de ellas. La fila site es el sitio que usan los comandos y de dónde salió: --site,
            MELI_DEFAULT_SITE, el sitio guardado con 'site ID' o default_site.
            """)
    static let envDiffSummary = Message(
        en: "Compare this environment with another, key by key.",
        es: "Comparar este entorno con otro, clave por clave.")
    static let envDiffDiscussion = Message(
        en: """
            OTHER is another environment's name (as its --version shows it), whose env file is found
            as its own binary would find it, or the path of an env file. Both sides see the same process environment,
            except that --env-file and MELI_ENV_FILE choose this side's file only. Only the settings
            whose values differ are listed, each with where it came from on either side; secrets are
            shown as <redacted>. The exit status is 0 whether or not they differ.
            """,
        es: """
            OTHER es el nombre de otro entorno (como lo muestra su --version), cuyo archivo se busca
            como lo buscaría su propio binario, o la ruta de un archivo de entorno. Ambos lados ven el mismo entorno del proceso,
            salvo que --env-file y MELI_ENV_FILE eligen solo el archivo de este lado. Se listan solo los
            valores que difieren, cada uno con su origen en cada lado; los secretos se muestran como
            <redacted>. El código de salida es 0 difieran o no.
            """)
    /// Not a list of the environments: the help is the same whatever Config/environments holds
    /// (a name it does not hold is refused with the list).
    static let envDiffOtherHelp = Message(
        en: "Another environment, by its name as its --version shows it, or an env file to compare with.",
        es: "Otro entorno, por su nombre tal como lo muestra su --version, o un archivo de entorno con el que comparar.")
    static let envDiffJSONHelp = Message(
        en: "Print one JSON object instead of text; with fields, one object per differing setting.",
        es: "Imprimir un objeto JSON en lugar de texto; con campos, un objeto por valor que difiere.")
    static let envExplainHelp = Message(
        en: "Show how this setting got its value: every assignment in order, with the value after each.",
        es: "Mostrar cómo este valor obtuvo su valor: cada asignación en orden, con el valor tras cada una.")
    static let envSiteHelp = Message(
        en: "Show this site as the one in use, as --site does for the other commands.",
        es: "Mostrar este sitio como el sitio en uso, como hace --site en los demás comandos.")
    static let envJSONHelp = Message(en: "Print one JSON object instead of text.", es: "Imprimir un objeto JSON en lugar de texto.")

    // update
    static let updateSummary = Message(
        en: "Check for a newer build of this binary, and install it.", es: "Buscar una versión más nueva de este binario e instalarla.")
    /// Names the feed key by its pattern, not by the rows of Config/environments: the page is the
    /// same whatever the table holds.
    static let updateDiscussion = Message(
        en: """
            Reads this binary's own feed (MELI_<ENV>_UPDATE_FEED_URL, <ENV> being its environment's
            name as --version shows it, in capitals: an https URL, or a file path), refuses a feed
            written for another binary, skips builds for other systems and expired ones, and compares
            the newest with this build, listing what changed in every newer build. Without --check,
            downloads it, checks its sha256 against the feed, and installs it, keeping this version
            for rollback.
            """,
        es: """
            Lee el canal propio de este binario (MELI_<ENTORNO>_UPDATE_FEED_URL, con el nombre de su
            entorno tal como lo muestra --version, en mayúsculas: una URL https o una ruta de
            archivo), rechaza un canal escrito para otro binario, descarta las versiones de otros
            sistemas y las vencidas, y compara la más nueva con esta, con lo que cambió en cada
            versión más nueva. Sin --check, la descarga, verifica su sha256 con el canal y la
            instala, conservando esta para volver atrás.
            """)
    static let updateCheckHelp = Message(
        en: "Only say whether a newer build exists, what changed, and how to install it.",
        es: "Solo decir si hay una versión más nueva, qué cambió y cómo instalarla.")
    static let updateJSONHelp = Message(
        en: "With --check, print JSON: {binary, current, latest, available, expires, expired, changes, builds}.",
        es: "Con --check, imprimir JSON: {binary, current, latest, available, expires, expired, changes, builds}.")

    // self
    static let selfSummary = Message(
        en: "Install, roll back, uninstall or update this binary.", es: "Instalar, revertir, desinstalar o actualizar este binario.")
    static let selfDiscussion = Message(
        en: """
            A binary installs only packages of itself, into PREFIX (default: the prefix it is installed
            in, else ~/.local): PREFIX/lib/BINARY/VERSION/ holds each version, PREFIX/bin/BINARY, the env
            files, man page and completions are links through PREFIX/lib/BINARY/current, and the switch
            to a new version is one rename, so an install stopped at any point leaves the previous
            version working. The version before is kept for 'self rollback'.
            """,
        es: """
            Un binario solo instala paquetes de sí mismo, en PREFIJO (por omisión: el prefijo donde
            está instalado, si no ~/.local): PREFIJO/lib/BINARIO/VERSIÓN/ guarda cada versión, y
            PREFIJO/bin/BINARIO, los archivos de entorno, la página de manual y el autocompletado son
            enlaces a través de PREFIJO/lib/BINARIO/current. El cambio a una versión nueva es un solo
            renombrado, así que una instalación detenida en cualquier punto deja funcionando la
            versión anterior, que se conserva para 'self rollback'.
            """)
    static let selfPrefixHelp = Message(
        en: "Where to install (default: where this binary is installed, else ~/.local).",
        es: "Dónde instalar (por omisión: donde está instalado este binario, si no ~/.local).")
    static let selfInstallSummary = Message(
        en: "Install this binary from its unpacked package, a tarball or a feed.",
        es: "Instalar este binario desde su paquete desempaquetado, un tarball o un canal.")
    static let selfInstallDiscussion = Message(
        en: """
            Without an argument, installs the unpacked package this binary runs from (after
            'tar xzf BINARY_VERSION_OS_ARCH.tar.gz'). A TARBALL must match its line in the checksums.txt
            beside it; a FEED (a feed.json path or URL) gives the newest unexpired build for this
            machine, checked against the feed's sha256. Packages with absolute paths, '..', hard links,
            links leading out, devices, or another binary's or system's name are refused, and nothing
            is installed. A version older than the one in use is refused unless --allow-downgrade.
            """,
        es: """
            Sin argumento, instala el paquete desempaquetado desde el que se ejecuta este binario
            (después de 'tar xzf BINARIO_VERSIÓN_SO_ARQUITECTURA.tar.gz'). Un TARBALL debe coincidir con
            su línea del checksums.txt que está a su lado; un FEED (un feed.json, ruta o URL) da la
            versión vigente más nueva para esta máquina, verificada con el sha256 del canal. Los
            paquetes con rutas absolutas, '..', enlaces duros, enlaces que salen, dispositivos, o el
            nombre de otro binario o sistema se rechazan, y no se instala nada. Una versión más antigua
            que la que está en uso se rechaza, salvo con --allow-downgrade.
            """)
    static let selfInstallPackageHelp = Message(
        en: "A .tar.gz made by scripts/package, or a feed.json (path or URL).",
        es: "Un .tar.gz hecho por scripts/package, o un feed.json (ruta o URL).")
    static let selfRollbackSummary = Message(
        en: "Switch back to the version installed before this one.", es: "Volver a la versión instalada antes de esta.")
    static let selfRollbackDiscussion = Message(
        en: "Swaps the current and previous versions with one rename each; running it again returns.",
        es: "Intercambia la versión actual y la anterior con un renombrado cada una; ejecutarlo otra vez vuelve.")
    static let selfUninstallSummary = Message(
        en: "Remove this binary's installed versions and links.",
        es: "Eliminar las versiones instaladas y los enlaces de este binario.")
    static let selfUninstallDiscussion = Message(
        en: "Other binaries, and this one's configuration, cache and state, are not touched.",
        es: "No se tocan los otros binarios, ni la configuración, la caché y el estado de este.")

    // completion, help
    static let completionSummary = Message(
        en: "Print the shell completion script for bash, zsh or fish.",
        es: "Imprimir el script de autocompletado para bash, zsh o fish.")
    static let completionDiscussion = Message(
        en: """
            The packages install these for you. By hand, for a binary named B: bash,
            source <(B completion bash); zsh, save the output as _B in a folder on your fpath;
            fish, save it as ~/.config/fish/completions/B.fish.
            """,
        es: """
            Los paquetes los instalan por usted. A mano, para un binario llamado B: bash,
            source <(B completion bash); zsh, guarde la salida como _B en una carpeta de su fpath;
            fish, guárdela como ~/.config/fish/completions/B.fish.
            """)
    static let completionShellHelp = Message(en: "bash, zsh or fish.", es: "bash, zsh o fish.")
    static let helpCommandSummary = Message(en: "Show help for a command.", es: "Mostrar la ayuda de un comando.")
    static let helpCommandArgumentHelp = Message(en: "The command to explain.", es: "El comando a explicar.")
    static let helpManHelp = Message(
        en: "Print the whole manual page (roff) instead.", es: "Imprimir en su lugar la página de manual completa (roff).")
}
