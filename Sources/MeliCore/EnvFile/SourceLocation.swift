/// A place in a configuration file, as shown to the user: `path:line:column`.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path as displayed (relative to the working directory when inside it).
    package var path: String
    /// 1-based line number.
    package var line: Int
    /// 1-based column, counted in characters.
    package var column: Int
    /// The whole physical line, for the caret display.
    package var sourceLine: String
    /// Whether the line is quoted only up to the column (then `…`): the place of a problem in a
    /// line that does not parse (`LogicalLine.problem(at:)`), whose rest need not be settings.
    package var quotesUpToColumn = false
    /// Whether the line is quoted at all: not in a file included from outside the folder of the
    /// file the user chose (`EnvFileLoader`), which may be anything the user can read (a key, a
    /// password file) and is pointed at by its place alone.
    package var quotesLine = true

    package init(path: String, line: Int, column: Int, sourceLine: String) {
        self.path = path
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// `path:line`, the short form used for "where did this value come from".
    package var pathAndLine: String { "\(path):\(line)" }

    package var description: String { "\(path):\(line):\(column)" }
}
