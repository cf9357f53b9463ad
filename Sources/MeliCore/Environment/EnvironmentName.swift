/// Which of the three builds this is. Each executable's `main.swift` names one.
public enum EnvironmentName: String, Sendable, CaseIterable {
    case dev
    case qa
    case production

    /// The environment file this build reads: `Dev.env`, `QA.env` or `Prod.env`.
    public var fileName: String {
        switch self {
        case .dev: "Dev.env"
        case .qa: "QA.env"
        case .production: "Prod.env"
        }
    }
}
