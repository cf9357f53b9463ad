/// An environment file with its includes spliced in: every assignment in reading order.
package struct LoadedEnvFile: Sendable {
    /// Every file read, in the order they were opened (absolute paths).
    package var files: [String] = []
    /// Assignments in effective order: an include's assignments stand where the include does.
    var assignments: [Assignment] = []
    package var diagnostics: [Diagnostic] = []
    /// Keys written in some file whose value could not be parsed (already reported).
    var brokenKeys: Set<String> = []
    /// What lines assigning a secret hold after `=`, as written (`EnvFileParser.secretTexts`).
    var secretTexts: [String] = []
    /// Bytes read so far, all files together.
    var bytesRead = 0
    /// Files read so far, counting those refused for what they hold.
    var filesOpened = 0
    /// `#include`s that failed (reported at the line): keys missing then are not reported too.
    var unreadIncludes = 0
    /// Files whose problems were reported (links resolved): a file included twice, once.
    var reportedFiles: Set<String> = []
}

/// Reads an environment file and the files it includes.
///
/// Only regular files are read (a FIFO or a device would block or never end), each at most
/// `EnvFileLimits.maximumFileBytes`, at most `maximumFiles` of them in all: a file that includes
/// another twice, which includes another twice, and so on, is refused long before it multiplies.
///
/// What a file may reach through `#include` is bounded too, since a file given to `env diff` or
/// `--env-file` may be someone else's (`EnvFileReader`, `EnvFileText`): files the system makes up
/// (`/proc`, `/sys`, `/dev`) are not read; a file that is not text (a NUL byte, bytes that are not
/// UTF-8) is refused whole; and an included file whose first line that is not blank or a comment
/// does not parse (a private key, `/etc/shadow`, a shell script) is not an environment file: one
/// problem at the `#include` names it, and nothing of it is read, quoted or shown. A line that does
/// not parse in a file that is one is quoted only up to the place of its problem (`EnvFileParser`).
struct EnvFileLoader {
    /// Deeper than this is surely a mistake (a cycle through links, say).
    static let maximumIncludeDepth = 32

    /// Turns an absolute path into the one shown to the user.
    var displayPath: @Sendable (String) -> String = { $0 }
    /// Where the files are read from.
    var fileSystem: FileSystem = .local

    /// Loads the file at the absolute path `path`, then each of `localFiles` that exists (the
    /// user's own overrides, `Local.env`), as if included at the end of it. A file the user chose
    /// that cannot be read is an error without a location. A `Local.env` is read only when it and
    /// its folder belong to the user or root and no one else may write them (`Ownership`): one
    /// that someone else could change would choose the settings, down to where updates come from
    /// and the keys they are checked with; it is an error, never skipped.
    func load(_ path: String, localFiles: [String] = []) -> LoadedEnvFile {
        var result = LoadedEnvFile()
        guard loadChosen(path, optional: false, into: &result) else { return result }
        let ownership = localFiles.isEmpty ? nil : Ownership(fileSystem: fileSystem)
        for local in localFiles { _ = loadChosen(local, optional: true, ownership: ownership, into: &result) }
        return result
    }

    /// One file of the chain of includes being read: its path and, links resolved, which file it is.
    private struct Link {
        var path: String
        var identity: String
    }

    /// Reads a file the user chose (not one a file included): every problem of it is reported, but
    /// a file that is not text is refused whole. False when nothing of it was read.
    private func loadChosen(_ path: String, optional: Bool, ownership: Ownership? = nil, into result: inout LoadedEnvFile) -> Bool {
        let shown = Message.verbatim(displayPath(path))
        guard result.filesOpened < EnvFileLimits.maximumFiles else {
            result.diagnostics.append(.error(.EnvFile.tooManyIncludes(limit: String(EnvFileLimits.maximumFiles)), subject: shown))
            return false
        }
        switch read(path, budget: EnvFileLimits.maximumTotalBytes - result.bytesRead, ownership: ownership) {
        case .success(let bytes):
            result.filesOpened += 1
            result.bytesRead += bytes.count
            if let problem = EnvFileText.problem(bytes) {
                result.diagnostics.append(.error(.EnvFile.envFileNotEnvFile(reason: problem), subject: shown))
                return false
            }
            let parser = EnvFileParser(bytes: bytes, path: displayPath(path))
            // Its includes are judged against its folder, links resolved: that of the file it is
            // (its identity is resolved anyway, for the cycle check; no more system calls).
            let identity = identity(of: path)
            let folder = PathName.directory(of: identity)
            splice(parser, from: path, chain: [Link(path: path, identity: identity)], folder: folder, quotingWholeLines: true, into: &result)
            return true
        case .failure(.unreadable(_, missing: true)) where optional:
            return true
        case .failure(let failure):
            let text: Message = switch failure {
            case .unreadable(let reason, _): .EnvFile.cannotReadEnvFile(reason: reason)
            case .directory: .EnvFile.cannotReadEnvFile(reason: "it is a directory")
            case .notRegular: .EnvFile.envFileNotRegular
            case .systemFile: .EnvFile.envFileIsSystemFile
            case .untrusted(let problem): Self.untrusted(displayPath(path), problem)
            case .untrustedFolder(let folder, let problem): Self.untrusted(displayPath(folder), problem)
            case .tooLarge:
                result.bytesRead + EnvFileLimits.maximumFileBytes <= EnvFileLimits.maximumTotalBytes
                    ? .EnvFile.envFileTooLarge(limit: EnvFileLimits.text(EnvFileLimits.maximumFileBytes))
                    : .EnvFile.includesTooLarge(path: displayPath(path), limit: EnvFileLimits.text(EnvFileLimits.maximumTotalBytes))
            }
            result.diagnostics.append(.error(text, subject: shown))
            return false
        }
    }

    /// The parsed file's problems and assignments, its includes read where they stand. The lines of
    /// a file the user chose are quoted whole in its problems (`quotingWholeLines`): its text is the
    /// user's, or the author's own, and the rest of a line helps to mend it; an included file's are
    /// quoted only up to the problem (it may be a file that was never meant to be shown), and not
    /// at all when it lies outside `folder`, the folder of the file the user chose (`include`).
    private func splice(
        _ parser: EnvFileParser, from path: String, chain: [Link], folder: String, quotingWholeLines: Bool = false, shown: String? = nil,
        into result: inout LoadedEnvFile
    ) {
        result.files.append(path)
        let diagnostics = quotingWholeLines ? parser.diagnostics.map { diagnostic in
            var whole = diagnostic
            whole.location?.quotesUpToColumn = false
            return whole
        } : parser.diagnostics
        result.diagnostics += reported(diagnostics, of: chain.last?.identity ?? path, shown: shown ?? displayPath(path), into: &result)
        result.brokenKeys.formUnion(parser.brokenKeys)
        result.secretTexts += parser.secretTexts
        for statement in parser.statements {
            switch statement {
            case .assignment(let assignment):
                result.assignments.append(assignment)
            case .include(let target, let optional, let location):
                include(target, optional: optional, at: location, from: path, chain: chain, folder: folder, into: &result)
            }
        }
    }

    /// Reads the file `target` names, included at `location` of `path`. Its lines are quoted in
    /// its problems only when, links resolved, it lies inside `folder`, the folder of the file the
    /// user chose (the project's own Config/Base.env from Dev.env): `#include "../x"` or an
    /// absolute path elsewhere reaches files the user never meant to show (a line of a key after a
    /// first line that parses was quoted up to its problem: all of it, when it held no `=`), so
    /// only their place is given, and messages say nothing of their text.
    private func include(
        _ target: String, optional: Bool, at location: SourceLocation, from path: String, chain: [Link], folder: String,
        into result: inout LoadedEnvFile
    ) {
        // Nothing of it was read, and it is reported at the #include: what it would have set is
        // not also reported as missing ("add ... or #include" the file that is there).
        if !includeFile(target, optional: optional, at: location, from: path, chain: chain, folder: folder, into: &result) {
            result.unreadIncludes += 1
        }
    }

    /// `include`'s work; true when the file was read (or, optional, is not there), false when the
    /// #include failed with the error it added.
    private func includeFile(
        _ target: String, optional: Bool, at location: SourceLocation, from path: String, chain: [Link], folder: String,
        into result: inout LoadedEnvFile
    ) -> Bool {
        let included = PathName.resolve(target, against: PathName.directory(of: path))
        // The same file by another name (a link, `./`) is the same file: the cycle is caught.
        let identity = identity(of: included)
        if chain.contains(where: { $0.identity == identity }) {
            let names = (chain.map(\.path) + [included]).map(displayPath).joined(separator: " -> ")
            result.diagnostics.append(.error(.EnvFile.includeCycle(cycle: names), at: location))
            return false
        }
        guard chain.count < Self.maximumIncludeDepth else {
            result.diagnostics.append(.error(.EnvFile.includeTooDeep(limit: String(Self.maximumIncludeDepth)), at: location))
            return false
        }
        guard result.filesOpened < EnvFileLimits.maximumFiles else {
            result.diagnostics.append(.error(.EnvFile.tooManyIncludes(limit: String(EnvFileLimits.maximumFiles)), at: location))
            return false
        }
        // An absolute path is shown as written, not relative to the current directory.
        let shown = target.hasPrefix("/") ? target : displayPath(included)
        switch read(included, budget: EnvFileLimits.maximumTotalBytes - result.bytesRead) {
        case .success(let bytes):
            result.filesOpened += 1
            result.bytesRead += bytes.count
            if let problem = EnvFileText.problem(bytes) {
                result.diagnostics.append(.error(.EnvFile.cannotIncludeNotEnvFile(path: shown, reason: problem), at: location))
                return false
            }
            let parser = EnvFileParser(bytes: bytes, path: shown, quotesText: PathName.isInside(identity, folder))
            if let first = parser.firstStatementProblem {
                let problem = Message.EnvFile.notEnvFileFirstLine(line: String(first.line), column: String(first.column))
                result.diagnostics.append(.error(.EnvFile.cannotIncludeNotEnvFile(path: shown, reason: problem), at: location))
                return false
            }
            splice(parser, from: included, chain: chain + [Link(path: included, identity: identity)], folder: folder, shown: shown, into: &result)
            return true
        case .failure(.unreadable(_, missing: true)) where optional:
            return true
        case .failure(let failure):
            let text: Message = switch failure {
            case .unreadable(let reason, let missing):
                missing ? .EnvFile.cannotIncludeMissing(path: shown, reason: reason) : .EnvFile.cannotInclude(path: shown, reason: reason)
            case .directory: .EnvFile.cannotInclude(path: shown, reason: "it is a directory")
            case .notRegular: .EnvFile.cannotIncludeNotRegular(path: shown)
            case .systemFile: .EnvFile.cannotIncludeSystemFile(path: shown)
            case .untrusted, .untrustedFolder: .EnvFile.cannotInclude(path: shown, reason: "someone else could change it")
            case .tooLarge:
                result.bytesRead + EnvFileLimits.maximumFileBytes > EnvFileLimits.maximumTotalBytes
                    ? .EnvFile.includesTooLarge(path: shown, limit: EnvFileLimits.text(EnvFileLimits.maximumTotalBytes))
                    : .EnvFile.includeTooLarge(path: shown, limit: EnvFileLimits.text(EnvFileLimits.maximumFileBytes))
            }
            result.diagnostics.append(.error(text, at: location))
            return false
        }
    }
}
