/// One key, or one step of the mouse wheel, read from a terminal in raw mode (`KeyDecoder`).
package enum KeyPress: Sendable, Hashable {
    /// Text typed: one character (pasted text arrives as several).
    case character(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl and a letter, lowercase: `.control("c")` is Ctrl-C, which raw mode delivers as a key
    /// rather than a signal.
    case control(Character)
    case wheelUp, wheelDown
}
