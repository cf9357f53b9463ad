/// What the user reads when a command fails, and the exit code.
extension SiteError {
    var failure: CommandFailure {
        switch self {
        case .cannotRemove(let path, let reason): CommandFailure(.failure, .cannotRemove(path: path, reason: reason))
        case .cannotSave(let path, let reason): CommandFailure(.failure, .cannotSaveSite(path: path, reason: reason))
        case .untrustedState(let problem): CommandFailure(.failure, .siteStateUntrusted(reason: problem.message), hint: problem.remedy)
        }
    }
}

extension AuthError {
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .notLoggedIn: CommandFailure(.authentication, .authNotLoggedIn, hint: .authNotLoggedInHint(binary: binary))
        case .sandbox: CommandFailure(.failure, .authSandbox)
        case .noCode: CommandFailure(.usage, .authNoCode, hint: .authNoCodeHint)
        case .missingSetting(let key, let option): CommandFailure(.usage, .authMissingSetting(key: key), hint: .authMissingSettingHint(option: option, key: key))
        }
    }
}

extension CacheError {
    var failure: CommandFailure {
        switch self {
        case .cannotClear(let path, let reason): CommandFailure(.failure, .cannotClearCache(path: path, reason: reason))
        case .untrustedFolder(let path, let problem): CommandFailure(.failure, .cacheFolderUntrusted(path: path, problem: problem))
        }
    }
}

extension UpdateError {
    var failure: CommandFailure {
        switch self {
        case .noFeed(let binary, let key, let envFile, let environment):
            let example = environment.channel.map { Message.channelFeedExample(environment, channel: $0) }
                ?? (environment.isRelease ? .releaseFeedExample : .verbatim(""))
            return CommandFailure(
                .configuration, .updateNoFeed(binary: binary),
                hint: .updateNoFeedHint(key: key, envFile: envFile, example: example, release: environment.isRelease))
        case .notInstalled(let binary):
            return CommandFailure(
                .failure, .updateNotInstalled(binary: binary), hint: .updateNotInstalledHint(binary: binary, release: Self.isRelease(binary)))
        case .cannotSave(let path, let reason):
            return CommandFailure(.failure, .updateCannotSave(path: path, reason: reason))
        case .untrustedDownloads(let path, let problem):
            return CommandFailure(.failure, .updateFolderUntrusted(path: path, problem: problem))
        }
    }
}

extension UpdateError {
    /// Whether `binary` is a release environment's (built from `v*` tags): its users are end users, not testers.
    static func isRelease(_ binary: String) -> Bool { EnvironmentTable.compiled.row(forBinary: binary)?.isRelease ?? false }
}

extension LaunchError {
    var failure: CommandFailure {
        switch self {
        case .unknownBinary(let file, let binaries): CommandFailure(.configuration, .unknownBinary(file, binaries: binaries), hint: .unknownBinaryHint)
        case .noProc: CommandFailure(.configuration, .noProc, hint: .noProcHint)
        }
    }
}
