#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the user reads when a command fails, and the exit code.
extension SiteError {
    var failure: CommandFailure {
        switch self {
        case .cannotRemove(let path, let reason): CommandFailure(.failure, .SiteChoice.cannotRemove(path: path, reason: reason))
        case .cannotSave(let path, let reason): CommandFailure(.failure, .SiteChoice.cannotSaveSite(path: path, reason: reason))
        case .untrustedState(let problem): CommandFailure(.failure, .Trust.siteStateUntrusted(reason: problem.message), hint: problem.remedy)
        }
    }
}

extension AuthError {
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .notLoggedIn: CommandFailure(.authentication, .Auth.authNotLoggedIn, hint: .Auth.authNotLoggedInHint(binary: binary))
        case .sandbox: CommandFailure(.failure, .Auth.authSandbox)
        case .noCode: CommandFailure(.usage, .Auth.authNoCode, hint: .Auth.authNoCodeHint)
        case .missingSetting(let key, let option): CommandFailure(.usage, .Auth.authMissingSetting(key: key), hint: .Auth.authMissingSettingHint(option: option, key: key))
        }
    }
}

extension CacheError {
    var failure: CommandFailure {
        switch self {
        case .cannotClear(let path, let reason): CommandFailure(.failure, .Cache.cannotClearCache(path: path, reason: reason))
        case .untrustedFolder(let path, let problem): CommandFailure(.failure, .Cache.cacheFolderUntrusted(path: path, problem: problem))
        }
    }
}

extension UpdateError {
    var failure: CommandFailure {
        switch self {
        case .noFeed(let binary, let key, let envFile, let environment):
            let example = environment.channel.map { Message.Environments.channelFeedExample(environment, channel: $0) }
                ?? (environment.isRelease ? .Environments.releaseFeedExample : .verbatim(""))
            return CommandFailure(
                .configuration, .Update.updateNoFeed(binary: binary),
                hint: .Update.updateNoFeedHint(key: key, envFile: envFile, example: example, release: environment.isRelease))
        case .notInstalled(let binary):
            return CommandFailure(
                .failure, .Update.updateNotInstalled(binary: binary), hint: .Update.updateNotInstalledHint(binary: binary, release: Self.isRelease(binary)))
        case .cannotSave(let path, let reason):
            return CommandFailure(.failure, .Update.updateCannotSave(path: path, reason: reason))
        case .untrustedDownloads(let path, let problem):
            return CommandFailure(.failure, .Update.updateFolderUntrusted(path: path, problem: problem))
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
        case .unknownBinary(let file, let binaries): CommandFailure(.configuration, .Environments.unknownBinary(file, binaries: binaries), hint: .Environments.unknownBinaryHint)
        case .noProc: CommandFailure(.configuration, .Environments.noProc, hint: .Environments.noProcHint)
        }
    }
}

extension OutputError {
    var failure: CommandFailure {
        switch self {
        case .cannotWrite(let code): CommandFailure(.failure, .Reporting.cannotWriteOutput(reason: SystemError.text(code)), hint: .Reporting.cannotWriteOutputHint)
        }
    }
}

extension BrowseError {
    var failure: CommandFailure {
        switch self {
        case .cannotStart(let code): CommandFailure(.failure, .BrowseCommand.cannotStart(reason: SystemError.text(code)))
        case .terminated(0): CommandFailure(.interrupted, .BrowseCommand.inputEnded)
        case .terminated(let signal): CommandFailure(.interrupted, .BrowseCommand.terminated(signal: Self.name(signal)))
        }
    }

    /// `SIGTERM`, `SIGHUP`, or `signal N`.
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}
