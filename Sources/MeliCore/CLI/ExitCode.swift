/// The documented exit codes (README "Exit codes", and every `--help`).
package enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 2
    case configuration = 3
    case authentication = 4
    case notFound = 5
    /// A package manager (apt, Homebrew) keeps the binary: `update` and `self` leave it to it.
    case packageManaged = 6
    /// Ctrl-C: the process ends killed by SIGINT, which shells show as 128 + 2 (never `exit(130)`).
    case interrupted = 130

    package var meaning: Message {
        switch self {
        case .success: .Help.exitSuccess
        case .failure: .Help.exitFailure
        case .usage: .Help.exitUsage
        case .configuration: .Help.exitConfiguration
        case .authentication: .Help.exitAuthentication
        case .notFound: .Help.exitNotFound
        case .packageManaged: .PackageManaged.exitPackageManaged
        case .interrupted: .Help.exitInterrupted
        }
    }
}
