/// What the user reads when an update feed, or a file it names, cannot be used, and the exit code.
extension FeedError {
    /// `binary`: the program reporting it, whose environment decides whom the hints address.
    func failure(binary: String) -> CommandFailure {
        let release = UpdateError.isRelease(binary)
        switch self {
        case .feedTooLarge(let location, let limit):
            return CommandFailure(.failure, .updateFeedTooLarge(location: location, limit: ByteCount.text(limit)))
        case .downloadTooLarge(let file, let limit):
            return CommandFailure(.failure, .updateDownloadTooLarge(file: file, limit: ByteCount.text(limit)))
        case .feedUnreadable(let path, let reason):
            return CommandFailure(.failure, .updateFeedMissing(location: path, reason: reason ?? Message.notRegularFile.english))
        case .downloadUnreadable(let path, let reason):
            return CommandFailure(.failure, .updateDownloadMissing(location: path, reason: reason ?? Message.notRegularFile.english))
        case .notAFeed(let location, let error):
            let problem = error.field.isEmpty ? error.problem.message : .decodingField(field: error.field)
            return CommandFailure(.failure, .updateFeedUnreadable(location: location, problem: problem))
        case .badAddress(let location, let key, let problem):
            let why: Message = switch problem {
            case .unsupportedScheme(let scheme): .updateFeedScheme(scheme: scheme)
            case let problem?: problem.explanation
            case nil: .updateFeedScheme(scheme: "sandbox")
            }
            // The address is a setting's whole value: its user information is masked as one URL's.
            let shown = Redactor.maskingUserInfo(ofAddress: location)
            return CommandFailure(.configuration, .updateFeedAddress(location: shown, problem: why), hint: .updateFeedAddressHint(key: key))
        case .unreachable(let host, let reason, let key):
            return CommandFailure(.failure, .cannotReach(host: host, reason: reason), hint: .updateFeedUnreachableHint(key: key))
        case .wrongBinary(let location, let feedBinary, let binary):
            let key = SettingKey.updateFeedURL(forBinary: binary)?.name ?? SettingKey.retiredUpdateFeedURL
            return CommandFailure(
                .failure, .updateWrongBinary(feed: location, feedBinary: feedBinary ?? "?", binary: binary),
                hint: .updateWrongBinaryHint(key: key, binary: binary))
        case .checksumMismatch(let file):
            return CommandFailure(.failure, .updateChecksumMismatch(file: file))
        case .unsignedFeed(let location):
            return CommandFailure(.failure, .updateFeedUnsigned(location: location), hint: .updateFeedSignatureHint(release: release))
        case .badFeedSignature(let location):
            return CommandFailure(.failure, .updateFeedBadSignature(location: location), hint: .updateFeedBadSignatureHint(release: release))
        case .undatedFeed(let location):
            return CommandFailure(.failure, .updateFeedUndated(location: location), hint: .updateFeedSignatureHint(release: release))
        case .replayedFeed(let location, let published, let newest):
            return CommandFailure(.failure, .updateFeedReplayed(location: location, published: published, newest: newest), hint: .updateFeedReplayedHint)
        case .untrustedState(let problem):
            return CommandFailure(.failure, .updateStateUntrusted(reason: problem.message), hint: problem.remedy)
        }
    }
}
