/// Colour, decided once per stream: only on a terminal, never with `NO_COLOR`, `TERM=dumb` or `--no-color`.
package struct TextStyle: Sendable, Hashable {
    package enum Color: String, Sendable, CaseIterable {
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36", gray = "90"
    }

    package var colored: Bool

    package static let plain = TextStyle(colored: false)

    /// The style for a stream, given the process environment and whether `--no-color` was passed.
    package static func decide(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> TextStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(colored: isTerminal && !noColor && !noColorFlag && environment["TERM"] != "dumb")
    }

    /// Every parameter list `paint` writes between `ESC [` and `m` (`1`, `31`, `1;31`, `0`): the only
    /// escapes `TerminalText.cleanView` keeps in a coloured view, so text from outside cannot bring
    /// its own (`ESC [ 8 m` conceals what follows, `ESC [ 30;40 m` writes black on black).
    static let sequences: Set<String> = {
        let colours = Color.allCases.map(\.rawValue)
        return Set(["0", "1"] + colours + colours.map { "1;" + $0 })
    }()

    package func paint(_ text: String, _ color: Color? = nil, bold: Bool = false) -> String {
        guard colored, !text.isEmpty, color != nil || bold else { return text }
        let codes = [bold ? "1" : nil, color?.rawValue].compactMap { $0 }.joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
