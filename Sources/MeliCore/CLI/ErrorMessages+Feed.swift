/// What the user reads when an update feed, or a file it names, cannot be used, and the exit code.
extension FeedError {
    /// `binary`: the program reporting it, whose environment decides whom the hints address.
    func failure(binary: String) -> CommandFailure {
        let release = UpdateError.isRelease(binary)
        switch self {
        case .feedTooLarge(let location, let limit):
            return CommandFailure(.failure, .Update.updateFeedTooLarge(location: location, limit: ByteCount.text(limit)))
        case .downloadTooLarge(let file, let limit):
            return CommandFailure(.failure, .Update.updateDownloadTooLarge(file: file, limit: ByteCount.text(limit)))
        case .feedUnreadable(let path, let reason):
            return CommandFailure(.failure, .Update.updateFeedMissing(location: path, reason: reason ?? Message.Update.notRegularFile.english))
        case .downloadUnreadable(let path, let reason):
            return CommandFailure(.failure, .Update.updateDownloadMissing(location: path, reason: reason ?? Message.Update.notRegularFile.english))
        case .notAFeed(let location, let error):
            let problem = error.field.isEmpty ? error.problem.message : .API.decodingField(field: error.field)
            return CommandFailure(.failure, .Update.updateFeedUnreadable(location: location, problem: problem))
        case .badAddress(let location, let key, let problem):
            let why: Message = switch problem {
            case .unsupportedScheme(let scheme): .Update.updateFeedScheme(scheme: scheme)
            case let problem?: problem.explanation
            case nil: .Update.updateFeedScheme(scheme: "sandbox")
            }
            // The address is a setting's whole value: its user information is masked as one URL's.
            let shown = Redactor.maskingUserInfo(ofAddress: location)
            return CommandFailure(.configuration, .Update.updateFeedAddress(location: shown, problem: why), hint: .Update.updateFeedAddressHint(key: key))
        case .transferFailed(let host, let reason):
            return CommandFailure(.failure, .Update.transferFailed(host: host, reason: reason), hint: .Update.transferFailedHint)
        case .unreachable(let host, let reason, let key):
            return CommandFailure(.failure, .API.cannotReach(host: host, reason: reason), hint: .Update.updateFeedUnreachableHint(key: key))
        case .wrongBinary(let location, let feedBinary, let binary):
            let key = SettingKey.updateFeedURL(forBinary: binary)?.name ?? SettingKey.retiredUpdateFeedURL
            return CommandFailure(
                .failure, .Update.updateWrongBinary(feed: location, feedBinary: feedBinary ?? "?", binary: binary),
                hint: .Update.updateWrongBinaryHint(key: key, binary: binary))
        case .checksumMismatch(let file):
            return CommandFailure(.failure, .Update.updateChecksumMismatch(file: file))
        case .unsignedFeed(let location):
            return CommandFailure(.failure, .Update.updateFeedUnsigned(location: location), hint: .Update.updateFeedSignatureHint(release: release))
        case .badFeedSignature(let location):
            return CommandFailure(.failure, .Update.updateFeedBadSignature(location: location), hint: .Update.updateFeedBadSignatureHint(release: release))
        case .undatedFeed(let location):
            return CommandFailure(.failure, .Update.updateFeedUndated(location: location), hint: .Update.updateFeedSignatureHint(release: release))
        case .replayedFeed(let location, let published, let newest):
            return CommandFailure(.failure, .Update.updateFeedReplayed(location: location, published: published, newest: newest), hint: .Update.updateFeedReplayedHint)
        case .untrustedState(let problem):
            return CommandFailure(.failure, .Trust.updateStateUntrusted(reason: problem.message), hint: problem.remedy)
        }
    }
}
