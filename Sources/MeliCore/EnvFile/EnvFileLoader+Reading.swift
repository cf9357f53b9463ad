/// How the loader reads one file: bounded, regular files only, links resolved for identity; and
/// the words for a `Local.env` it does not trust.
extension EnvFileLoader {
    /// Why a Local.env (`shown`, or its folder) is not read, and what to do about it.
    static func untrusted(_ shown: String, _ problem: OwnershipProblem) -> Message {
        switch problem {
        case .otherOwner(let uid):
            .Trust.localEnvUntrusted(reason: .Trust.placeOtherOwner(path: shown, owner: "uid \(uid)"), remedy: .Trust.localEnvOtherOwnerRemedy(path: shown))
        case .writableByOthers(let mode):
            .Trust.localEnvUntrusted(reason: .Trust.placeWritable(path: shown, mode: OwnershipProblem.octal(mode)), remedy: .Trust.placeWritableRemedy(path: shown))
        }
    }

    /// The file's bytes, read without waiting on what is not a regular file and never past the
    /// limits; with `ownership`, only a file it trusts, in a folder it trusts.
    func read(_ path: String, budget: Int, ownership: Ownership? = nil) -> Result<[UInt8], EnvFileReader.Failure> {
        let limit = min(EnvFileLimits.maximumFileBytes, max(0, budget))
        switch EnvFileReader.read(path, limit: limit, ownership: ownership) {
        case .success(let bytes):
            return .success(bytes)
        case .failure(.unreadable(let reason, _)):
            let missing = fileSystem.kind(of: path) == .missing || fileSystem.realPath(path) == nil
            return .failure(.unreadable(reason: reason.lowercased(), missing: missing))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The path with links resolved, so that two names of one file are one; the path itself when
    /// it cannot be resolved.
    func identity(of path: String) -> String {
        fileSystem.realPath(path) ?? path
    }
}
