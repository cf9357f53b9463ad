/// What the catalog commands share: the API client for this environment and the site to use.
extension CommandContext {
    /// The client for this environment: the built-in sandbox for `sandbox://`, HTTP otherwise.
    func apiClient() -> APIClient {
        let env = environment
        let (base, transport): (String, any HTTPTransport) = switch env.apiBaseURL {
        case .sandbox: (SandboxTransport.baseURL, SandboxTransport())
        case .http(let url): (url, io.transport)
        }
        let token = io.environment[SettingKey.accessToken.name].flatMap { $0.isEmpty ? nil : $0 }
        return APIClient(
            baseURL: base, transport: transport, userAgent: "\(env.binary)/\(env.build.version) (\(env.name.rawValue))",
            accessToken: token, timeout: env.httpTimeout.seconds, logger: logger)
    }

    /// The file remembering `site ID` for this binary.
    var savedSitePath: String { environment.directories.state + "/site" }

    /// The site to use, and where it came from. Highest first: `--site`, `MELI_DEFAULT_SITE` in the
    /// process environment, the saved site (`site ID`), the environment file.
    func currentSite() throws -> (site: SiteID, origin: String) {
        if let flag = arguments.value("site") {
            guard let site = SiteID(parsing: flag) else {
                throw UsageError(.badSite, flag, "--site", commandPath: arguments.commandPath)
            }
            return (site, "--site")
        }
        if case .environment(let name)? = environment.sources[.defaultSite] { return (environment.defaultSite, name) }
        if let saved = savedSite() { return (saved, displayPath(savedSitePath)) }
        return (environment.defaultSite, environment.sources[.defaultSite]?.description ?? "")
    }

    /// The saved site, if there is a readable, valid one.
    func savedSite() -> SiteID? {
        guard let bytes = try? FileSystem.readFile(atPath: savedSitePath) else { return nil }
        return SiteID(parsing: String(decoding: bytes, as: UTF8.self).trimmingWhitespace)
    }

    /// `~/...` for paths in the home directory, else as `Environment.displayPath` shows them.
    func displayPath(_ path: String) -> String {
        let home = io.environment["HOME"] ?? ""
        return !home.isEmpty && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : environment.displayPath(path)
    }

    /// `new`/`used` and other condition ids in the user's language, for human output.
    func conditionName(_ id: String?) -> String {
        switch id {
        case "new": t(.conditionNew)
        case "used": t(.conditionUsed)
        default: id ?? ""
        }
    }

    /// Prints `text` as JSON.
    func printJSON(_ value: JSONValue) {
        stdout.line(value.serialized())
    }
}

extension SettingKey {
    /// A token for the API, from the process environment only: never written to disk by meli.
    public static let accessToken = SettingKey(
        name: "MELI_ACCESS_TOKEN", place: .environmentOnly, isRequired: false,
        summary: "An OAuth access token sent as Authorization: Bearer. Never shown or logged.")
}
