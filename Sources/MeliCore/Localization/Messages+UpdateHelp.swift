/// The `update` command's discussion, which names every environment's feed key: the keys come
/// from the table this binary was built with (Config/environments), so a new row shows up here.
extension Message {
    static let updateDiscussion = Message(
        en: wrapped("Reads this binary's own feed (\(feedKeys(or: "or")): an https URL, or a file path), refuses a feed written for")
            + """

            another binary, skips builds for other systems and expired ones, and compares the newest
            with this build, listing what changed in every newer build. Without --check, downloads
            it, checks its sha256 against the feed, and installs it, keeping this version for rollback.
            """,
        es: wrapped("Lee el canal propio de este binario (\(feedKeys(or: "o")): una URL https o una ruta de archivo), rechaza un canal")
            + """

            escrito para otro binario, descarta las versiones de otros sistemas y las vencidas, y
            compara la más nueva con esta, con lo que cambió en cada versión más nueva. Sin --check,
            la descarga, verifica su sha256 con el canal y la instala, conservando esta para volver atrás.
            """)

    /// Every environment's feed key, in the table's order: `A, B or C`.
    private static func feedKeys(or word: String) -> String {
        let keys = EnvironmentTable.compiled.rows.map(\.updateFeedKey)
        guard let last = keys.last, keys.count > 1 else { return keys.joined() }
        return keys.dropLast().joined(separator: ", ") + " \(word) " + last
    }

    /// `text` broken between words into lines of at most 91 characters, the width of the help
    /// text around it.
    private static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > 91 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
