/// How many terminal columns text takes: wide characters (CJK, fullwidth forms, emoji) take two,
/// combining marks none. SKELETON: counts characters until the terminal part lands.
package enum DisplayWidth {
    /// The columns `text` takes (text without escapes).
    package static func of(_ text: String) -> Int { text.count }

    /// `text` cut to at most `columns` columns; a cut text ends with "…".
    package static func truncate(_ text: String, to columns: Int) -> String {
        text.count <= columns ? text : String(text.prefix(max(0, columns - 1))) + (columns > 0 ? "…" : "")
    }

    /// `text` cut or padded with spaces to exactly `columns` columns.
    package static func fit(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }
}
