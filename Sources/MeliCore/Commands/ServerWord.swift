/// The shapes a word from a server's answer must have before completion offers it: the shell
/// inserts a candidate into the command line as it is (bash does not quote it), so an id such as
/// `$(touch x)`, `a;b`, `>x` or `-rf` would expand, run or redirect on Enter. Ids of items and
/// categories are `CatalogID`s and sites `SiteID`s; the rest (sort ids, filter keys, filter
/// values) keep to characters no shell gives a meaning to. Names and descriptions are never
/// inserted, and are only cleaned (`TerminalText`).
enum ServerWord {
    /// A sort id or a filter key (`price_asc`, `shipping_cost`, `BRAND`): ASCII letters, digits and
    /// `_ . , - :`, starting with a letter or a digit (never `-`, which would read as an option).
    static func isName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, isAlphanumeric(first), word.unicodeScalars.count <= 100 else { return false }
        return word.unicodeScalars.allSatisfy { isAlphanumeric($0) || punctuation.contains($0) }
    }

    /// A filter's value, written after `KEY=`: a name's characters, plus those of MercadoLibre's
    /// ranges (`*-1000.0`, `[2002-2002]`, `(*-64GB)`), which glob but never run anything; the
    /// bash script quotes them when it inserts them. A quote, `$`, `;`, `&`, `|`, `<`, `>`, a
    /// backslash, a backquote, a space or `~` is refused (`[5.9"-6.1"]` is not offered).
    static func isFilterValue(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.count <= 100
            && word.unicodeScalars.allSatisfy { isAlphanumeric($0) || punctuation.contains($0) || ranges.contains($0) }
    }

    private static let punctuation: Set<Unicode.Scalar> = ["_", ".", ",", "-", ":"]
    private static let ranges: Set<Unicode.Scalar> = ["*", "(", ")", "[", "]"]

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
