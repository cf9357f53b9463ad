extension Message {
    /// The `update` command's discussion. It names the feed key by its pattern rather than listing
    /// the rows of Config/environments: the help is the same whatever the table holds, and
    /// `env --explain` or `update --check` name this binary's own key.
    enum UpdateHelp {}
}

extension Message.UpdateHelp {
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
}
