/// A place in a configuration file, as shown to the user: `path:line:column`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path as displayed (relative to the working directory when inside it).
    public var path: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// The whole physical line, for the caret display.
    public var sourceLine: String

    public init(path: String, line: Int, column: Int, sourceLine: String) {
        self.path = path
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// `path:line`, the short form used for "where did this value come from".
    public var pathAndLine: String { "\(path):\(line)" }

    public var description: String { "\(path):\(line):\(column)" }
}
