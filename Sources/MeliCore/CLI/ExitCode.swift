/// The documented exit codes (README "Exit codes", and every `--help`).
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 2
    case configuration = 3
    case authentication = 4
    case notFound = 5

    public var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "failure (network, server, or anything not listed below)"
        case .usage: "usage error: unknown command or option, missing or invalid argument"
        case .configuration: "configuration error: a broken or missing environment file or setting"
        case .authentication: "authentication needed or refused"
        case .notFound: "not found: the item, site or category does not exist"
        }
    }
}
