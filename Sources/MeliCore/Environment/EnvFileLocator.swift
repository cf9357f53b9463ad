/// Which environment file a run reads, and why that one.
package struct EnvFileChoice: Hashable, Sendable {
    package enum Reason: String, Hashable, Sendable {
        case flag = "--env-file"
        case variable = "MELI_ENV_FILE"
        case installed = "installed beside the binary"
        case repository = "the repository the binary was built in"
    }

    /// Absolute path.
    package var path: String
    package var reason: Reason
    /// The path as the user gave it (`--env-file`, `MELI_ENV_FILE`); nil when meli found the file.
    package var given: String? = nil

    /// Whether paths are shown relative to the working directory (`Environment.relativePaths`):
    /// when the user gave this file's path relative, or meli found it in the checkout it was built
    /// in (`Config/Dev.env`); a path given absolute, or a file installed beside the binary, is shown
    /// as it is, absolute.
    package var showsPathsRelative: Bool {
        switch reason {
        case .flag, .variable: given.map { !PathName.isAbsolute($0) } ?? true
        case .repository: true
        case .installed: false
        }
    }
}

/// Finds the environment file: `--env-file`, else `MELI_ENV_FILE`, else the one installed beside the
/// binary (`<prefix>/share/<binary>/`), else `Config/<Env>.env` of the repository the binary was
/// built in. Never a file in the working directory: a cloned repository must not be able to redirect
/// the user's requests.
package struct EnvFileLocator: Sendable {
    package var name: EnvironmentName
    package var binary: String
    /// The executable's real path (links resolved), if known.
    package var executablePath: String?
    package var currentDirectory: String
    /// Where the candidates are looked for.
    package var fileSystem: FileSystem = .local

    /// The chosen file, or the places looked at when there is none.
    package func locate(flag: String?, environment: [String: String]) -> Result<EnvFileChoice, ConfigurationError> {
        if let flag {
            return .success(EnvFileChoice(path: PathName.resolve(flag, against: currentDirectory), reason: .flag, given: flag))
        }
        if let variable = environment[Settings.envFile.name], !variable.isEmpty {
            return .success(EnvFileChoice(path: PathName.resolve(variable, against: currentDirectory), reason: .variable, given: variable))
        }
        // Every place, in the order looked at, says why it gave nothing: a copied binary's error
        // named only the one place beside it.
        var looked: [Message] = [.Configuration.lookedFlag, .Configuration.lookedVariable]
        if let installed = installedPath {
            if fileSystem.isFile(installed) { return .success(EnvFileChoice(path: installed, reason: .installed)) }
            looked.append(.Configuration.lookedInstalled(path: installed))
        } else {
            looked.append(.Configuration.lookedNoBinaryPath)
        }
        if let repository = repositoryPath {
            if fileSystem.isFile(repository) { return .success(EnvFileChoice(path: repository, reason: .repository)) }
            looked.append(.Configuration.lookedRepository(path: repository))
        } else if executablePath != nil {
            looked.append(.Configuration.lookedNoRepository)
        }
        let diagnostic = Diagnostic.error(.Configuration.noEnvFileLooked(looked: .Configuration.lookedPlaces(looked)), subject: .verbatim(binary))
        return .failure(ConfigurationError(diagnostics: [diagnostic]))
    }

    /// `<prefix>/share/<binary>/<Env>.env` for a binary at `<prefix>/bin/<binary>`.
    var installedPath: String? {
        guard let executablePath else { return nil }
        let prefix = PathName.directory(of: PathName.directory(of: executablePath))
        return "\(prefix)/share/\(binary)/\(name.fileName)"
    }

    /// `<repo>/Config/<Env>.env` for a binary under `<repo>/.build*/`, if `<repo>` holds `Package.swift`.
    var repositoryPath: String? {
        guard let executablePath else { return nil }
        let parts = executablePath.split(separator: "/")
        guard let buildIndex = parts.lastIndex(where: { $0.hasPrefix(".build") }) else { return nil }
        let repository = "/" + parts[..<buildIndex].joined(separator: "/")
        guard fileSystem.isFile(repository + "/Package.swift") else { return nil }
        return PathName.normalize("\(repository)/Config/\(name.fileName)")
    }
}
