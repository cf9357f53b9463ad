/// A command line split into words as a POSIX shell splits it, without running one: blanks part
/// words; `'…'` keeps everything as written; `"…"` keeps everything but `\"`, `\\`, `\$` and
/// `` \` `` (a backslash before them is dropped); outside quotes a backslash keeps the next
/// character as it is. Nil when a quote is left open (Python's `shlex.split` refuses it too).
enum ShellWords {
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                if quote == "\"", !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case ("\"", "\\"): escaped = true
            case ("\"", _): word.append(character)
            case (_, "'"), (_, "\""): quote = character; inWord = true
            case (_, "\\"): escaped = true; inWord = true
            case (_, " "), (_, "\t"), (_, "\n"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
