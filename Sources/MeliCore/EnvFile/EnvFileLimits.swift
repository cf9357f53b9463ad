/// How far environment files may go. Past these a file is refused with a diagnostic, so a
/// hostile or mistaken file (a device, a FIFO, a huge file, a chain of references, values that
/// double at every `$(inherited)`) costs a bounded amount of time and memory, never a hang or a crash.
enum EnvFileLimits {
    /// Bytes in one file: settings are a few kilobytes; a 1 MB value still fits.
    static let maximumFileBytes = 4 << 20
    /// Bytes in all the files one load reads together.
    static let maximumTotalBytes = 16 << 20
    /// Files one load reads, counting a file each time it is included.
    static let maximumFiles = 64
    /// References inside references (`A = $(B)`, `B = $(C)`, ...).
    static let maximumReferenceDepth = 64
    /// Assignments of one key that `$(inherited)` reaches back through.
    static let maximumInheritedDepth = 64
    /// Bytes all the values come to once every reference is substituted.
    static let maximumExpandedBytes = 32 << 20
    /// Problems reported for one file; the rest are counted in one more.
    static let maximumDiagnosticsPerFile = 100
    /// Characters of a source line quoted under a diagnostic; a longer line is cut around the column.
    static let quotedLineWidth = 160

    /// `4 MiB`, the way the limits are written in messages.
    static func text(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
}
