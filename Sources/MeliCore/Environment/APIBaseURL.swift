/// Where API requests go: an https URL, the built-in sandbox, or plain http to this machine only.
package enum APIBaseURL: Hashable, Sendable, CustomStringConvertible {
    /// The offline sandbox built into the binary, spelled `sandbox://`.
    case sandbox
    /// `https://host[:port][/path]`, or `http://` to 127.0.0.1, localhost or ::1. No trailing slash.
    case http(String)

    /// Why a text is not a base URL, to follow "'VALUE' is not a valid API base URL: ".
    package enum Problem: Error, Hashable, Sendable {
        case noScheme
        case unsupportedScheme(String)
        case missingHost
        case plainHTTPToRemoteHost(String)
        case credentials
        case queryOrFragment
        case badPort
        case sandboxWithPath

        package var explanation: Message {
            switch self {
            case .noScheme: Message.Configuration.urlNoScheme
            case .unsupportedScheme(let scheme): Message.Configuration.urlScheme(scheme: scheme)
            case .missingHost: Message.Configuration.urlNoHost
            case .plainHTTPToRemoteHost(let host): Message.Configuration.urlPlainHTTP(host: host)
            case .credentials: Message.Configuration.urlCredentials
            case .queryOrFragment: Message.Configuration.urlQuery
            case .badPort: Message.Configuration.urlPort
            case .sandboxWithPath: Message.Configuration.urlSandboxPath
            }
        }
    }

    package static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1"]

    /// Parses and checks `text`.
    package static func parse(_ text: String) -> Result<APIBaseURL, Problem> {
        guard let schemeEnd = text.firstRange(ofText: "://") else { return .failure(.noScheme) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let rest = text[schemeEnd.upperBound...]
        if scheme == "sandbox" {
            return rest.isEmpty ? .success(.sandbox) : .failure(.sandboxWithPath)
        }
        guard scheme == "https" || scheme == "http" else { return .failure(.unsupportedScheme(scheme)) }
        if rest.contains("?") || rest.contains("#") { return .failure(.queryOrFragment) }
        let authority = rest.prefix { $0 != "/" }
        if authority.contains("@") { return .failure(.credentials) }
        guard let host = hostAndPort(authority) else { return .failure(.badPort) }
        if host.isEmpty { return .failure(.missingHost) }
        if scheme == "http", !loopbackHosts.contains(host.lowercased()) { return .failure(.plainHTTPToRemoteHost(host)) }
        // `String(rest)`: `+` with a Substring ran the generic `append(contentsOf:)` (105K
        // instructions of every run, most of them the runtime's first look-up of its conformances).
        var normalized = scheme + "://" + String(rest)
        while normalized.hasSuffix("/") { normalized.removeLast() }
        return .success(.http(normalized))
    }

    /// The user information of `text` (`user:password` in `https://user:password@host`), which
    /// `parse` refuses: the refusal quotes the URL, masked with this.
    package static func userInfo(_ text: String) -> String? {
        guard let schemeEnd = text.firstRange(ofText: "://") else { return nil }
        let authority = text[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), at > authority.startIndex else { return nil }
        return String(authority[..<at])
    }

    /// The host of `host[:port]` or `[v6]:port`; `nil` when the port is malformed.
    private static func hostAndPort(_ authority: Substring) -> String? {
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let port {
            guard let number = Int(port), (1...65535).contains(number), port.allSatisfy(\.isNumber) else { return nil }
        }
        return String(host)
    }

    package var description: String {
        switch self {
        case .sandbox: "sandbox://"
        case .http(let url): url
        }
    }
}
