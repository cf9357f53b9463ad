/// An environment file with its includes spliced in: every assignment in reading order.
package struct LoadedEnvFile: Sendable {
    /// Every file read, in the order they were opened (absolute paths).
    package var files: [String] = []
    /// Assignments in effective order: an include's assignments stand where the include does.
    var assignments: [Assignment] = []
    package var diagnostics: [Diagnostic] = []
    /// Keys written in some file whose value could not be parsed (already reported).
    var brokenKeys: Set<String> = []
}

/// Reads an environment file and the files it includes.
struct EnvFileLoader {
    /// Deeper than this is surely a mistake (a cycle through links, say).
    static let maximumIncludeDepth = 32

    /// Turns an absolute path into the one shown to the user.
    var displayPath: @Sendable (String) -> String = { $0 }
    /// Where the files are read from.
    var fileSystem: FileSystem = .local

    /// Loads the file at the absolute path `path`; a missing root file is an error without a location.
    func load(_ path: String) -> LoadedEnvFile {
        var result = LoadedEnvFile()
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(atPath: path)
        } catch {
            result.diagnostics.append(.error(.cannotReadEnvFile(reason: error.reason), subject: .verbatim(displayPath(path))))
            return result
        }
        load(path, bytes: bytes, chain: [path], into: &result)
        return result
    }

    private func load(_ path: String, bytes: [UInt8], chain: [String], into result: inout LoadedEnvFile) {
        result.files.append(path)
        let parser = EnvFileParser(bytes: bytes, path: displayPath(path))
        result.diagnostics += parser.diagnostics
        result.brokenKeys.formUnion(parser.brokenKeys)
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
        _ target: String, optional: Bool, at location: SourceLocation, from path: String, chain: [String],
        into result: inout LoadedEnvFile
    ) {
        let included = PathName.resolve(target, against: PathName.directory(of: path))
        if chain.contains(included) {
            let names = (chain + [included]).map(displayPath).joined(separator: " -> ")
            result.diagnostics.append(.error(.includeCycle(cycle: names), at: location))
            return
        }
        guard chain.count < Self.maximumIncludeDepth else {
            result.diagnostics.append(.error(.includeTooDeep(limit: String(Self.maximumIncludeDepth)), at: location))
            return
        }
        do {
            let bytes = try fileSystem.readFile(atPath: included)
            load(included, bytes: bytes, chain: chain + [included], into: &result)
        } catch where error.isMissing && optional {
            return
        } catch {
            let text = error.isMissing
                ? Message.cannotIncludeMissing(path: displayPath(included), reason: error.reason)
                : .cannotInclude(path: displayPath(included), reason: error.reason)
            result.diagnostics.append(.error(text, at: location))
        }
    }
}
