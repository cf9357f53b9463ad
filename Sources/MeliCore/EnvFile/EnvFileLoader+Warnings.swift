extension EnvFileLoader {
    /// The warnings of one file shown in full, at most; one line then says how many more there are
    /// (300 unknown conditions in a file from another tool were 300 warnings on every command).
    static let warningsShownPerFile = 10

    /// The problems of a file about to be spliced, as they are reported: none when the same file
    /// (links resolved) was spliced before, since a file included twice says the same things
    /// twice; its warnings past `warningsShownPerFile` as one line saying how many more.
    func reported(_ diagnostics: [Diagnostic], of identity: String, shown: String, into result: inout LoadedEnvFile) -> [Diagnostic] {
        guard result.reportedFiles.insert(identity).inserted else { return [] }
        var out: [Diagnostic] = []
        var warnings = 0
        for diagnostic in diagnostics {
            if diagnostic.severity == .warning {
                warnings += 1
                if warnings > Self.warningsShownPerFile { continue }
            }
            out.append(diagnostic)
        }
        if warnings > Self.warningsShownPerFile {
            out.append(.warning(.EnvFile.moreWarnings(count: String(warnings - Self.warningsShownPerFile)), subject: .verbatim(shown)))
        }
        return out
    }
}
