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
}

/// Reads an environment file and the files it includes.
///
/// Only regular files are read (a FIFO or a device would block or never end), each at most
/// `EnvFileLimits.maximumFileBytes`, at most `maximumFiles` of them in all: a file that includes
/// another twice, which includes another twice, and so on, is refused long before it multiplies.
struct EnvFileLoader {
    /// Deeper than this is surely a mistake (a cycle through links, say).
    static let maximumIncludeDepth = 32

    /// Turns an absolute path into the one shown to the user.
    var displayPath: @Sendable (String) -> String = { $0 }
    /// Where the files are read from.
    var fileSystem: FileSystem = .local

    /// Loads the file at the absolute path `path`; a root file that cannot be read is an error
    /// without a location.
    func load(_ path: String) -> LoadedEnvFile {
        var result = LoadedEnvFile()
        let bytes: [UInt8]
        switch read(path, budget: EnvFileLimits.maximumTotalBytes) {
        case .success(let read):
            bytes = read
        case .failure(let failure):
            let text: Message = switch failure {
            case .unreadable(let reason, _): .cannotReadEnvFile(reason: reason)
            case .notRegular: .envFileNotRegular
            case .tooLarge: .envFileTooLarge(limit: EnvFileLimits.text(EnvFileLimits.maximumFileBytes))
            }
            result.diagnostics.append(.error(text, subject: .verbatim(displayPath(path))))
            return result
        }
        load(path, bytes: bytes, chain: [Link(path: path, identity: identity(of: path))], into: &result)
        return result
    }

    /// One file of the chain of includes being read: its path and, links resolved, which file it is.
    private struct Link {
        var path: String
        var identity: String
    }

    private func load(_ path: String, bytes: [UInt8], chain: [Link], into result: inout LoadedEnvFile) {
        result.files.append(path)
        result.bytesRead += bytes.count
        let parser = EnvFileParser(bytes: bytes, path: displayPath(path))
        result.diagnostics += parser.diagnostics
        result.brokenKeys.formUnion(parser.brokenKeys)
        result.secretTexts += parser.secretTexts
        for statement in parser.statements {
            switch statement {
            case .assignment(let assignment):
                result.assignments.append(assignment)
            case .include(let target, let optional, let location):
                include(target, optional: optional, at: location, from: path, chain: chain, into: &result)
            }
        }
    }

    private func include(
        _ target: String, optional: Bool, at location: SourceLocation, from path: String, chain: [Link],
        into result: inout LoadedEnvFile
    ) {
        let included = PathName.resolve(target, against: PathName.directory(of: path))
        // The same file by another name (a link, `./`) is the same file: the cycle is caught.
        let identity = identity(of: included)
        if chain.contains(where: { $0.identity == identity }) {
            let names = (chain.map(\.path) + [included]).map(displayPath).joined(separator: " -> ")
            result.diagnostics.append(.error(.includeCycle(cycle: names), at: location))
            return
        }
        guard chain.count < Self.maximumIncludeDepth else {
            result.diagnostics.append(.error(.includeTooDeep(limit: String(Self.maximumIncludeDepth)), at: location))
            return
        }
        guard result.files.count < EnvFileLimits.maximumFiles else {
            result.diagnostics.append(.error(.tooManyIncludes(limit: String(EnvFileLimits.maximumFiles)), at: location))
            return
        }
        switch read(included, budget: EnvFileLimits.maximumTotalBytes - result.bytesRead) {
        case .success(let bytes):
            load(included, bytes: bytes, chain: chain + [Link(path: included, identity: identity)], into: &result)
        case .failure(.unreadable(_, missing: true)) where optional:
            return
        case .failure(let failure):
            let shown = displayPath(included)
            let text: Message = switch failure {
            case .unreadable(let reason, let missing):
                missing ? .cannotIncludeMissing(path: shown, reason: reason) : .cannotInclude(path: shown, reason: reason)
            case .notRegular: .cannotIncludeNotRegular(path: shown)
            case .tooLarge(let total):
                total
                    ? .includesTooLarge(path: shown, limit: EnvFileLimits.text(EnvFileLimits.maximumTotalBytes))
                    : .includeTooLarge(path: shown, limit: EnvFileLimits.text(EnvFileLimits.maximumFileBytes))
            }
            result.diagnostics.append(.error(text, at: location))
        }
    }

    /// Why a file was not read.
    private enum ReadFailure: Error {
        /// The system's reason; `missing` when there is no such file.
        case unreadable(reason: String, missing: Bool)
        /// A directory is `unreadable`; this is a FIFO, a device or a socket.
        case notRegular
        /// Over the per-file limit, or (`total`) over what is left of the limit for all files.
        case tooLarge(total: Bool)
    }

    /// The file's bytes, read without waiting on what is not a regular file and never past the limits.
    private func read(_ path: String, budget: Int) -> Result<[UInt8], ReadFailure> {
        let limit = min(EnvFileLimits.maximumFileBytes, max(0, budget))
        do {
            return .success(try BoundedFile.read(path, limit: limit))
        } catch {
            switch error {
            case .unreadable(let reason):
                let missing = fileSystem.kind(of: path) == .missing || fileSystem.realPath(path) == nil
                return .failure(.unreadable(reason: reason.lowercased(), missing: missing))
            case .notRegular where fileSystem.kind(of: fileSystem.realPath(path) ?? path) == .directory:
                return .failure(.unreadable(reason: "it is a directory", missing: false))
            case .notRegular:
                return .failure(.notRegular)
            case .tooLarge:
                return .failure(.tooLarge(total: limit < EnvFileLimits.maximumFileBytes))
            }
        }
    }

    /// The path with links resolved, so that two names of one file are one; the path itself when
    /// it cannot be resolved.
    private func identity(of path: String) -> String {
        fileSystem.realPath(path) ?? path
    }
}
