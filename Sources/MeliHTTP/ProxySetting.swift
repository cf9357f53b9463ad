#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The proxy libcurl uses for a URL, found as libcurl finds it (it reads the variables itself:
/// this only names, in an error, the proxy and the variable that chose it).
/// curl's order: `no_proxy` / `NO_PROXY` first (`*`, or a list of hosts and domains); then for
/// http `http_proxy` in lower case only, for https `https_proxy` then `HTTPS_PROXY`; then
/// `all_proxy`, `ALL_PROXY`. A variable that is set but empty means no proxy.
struct ProxySetting: Sendable, Hashable {
    /// The variable that named it.
    var variable: String
    /// Its address without credentials (`http://proxy.example:3128`): what an error may show.
    var address: String
    /// Its host, as libcurl names it in its error text.
    var host: String

    /// Nil when `url` is reached directly.
    init?(for url: String, read: (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        let host = CurlTransport.host(of: url).lowercased()
        if let noProxy = read("no_proxy") ?? read("NO_PROXY"), Self.excludes(noProxy, host: host) { return nil }
        let names = scheme == "http" ? ["http_proxy"] : ["\(scheme)_proxy", "\(scheme.uppercased())_PROXY"]
        var found: (name: String, value: String)?
        for name in names + ["all_proxy", "ALL_PROXY"] {
            if let value = read(name) { found = (name, value); break }
        }
        guard let (name, value) = found, !value.isEmpty else { return nil }
        variable = name
        // scheme://user:password@host:port/... : credentials never reach a message.
        let parts = value.split(once: "://")
        let afterScheme = parts?.after ?? Substring(value)
        let authority = afterScheme.prefix { $0 != "/" }
        let hostAndPort = authority.split(separator: "@").last.map(String.init) ?? String(authority)
        address = (parts.map { $0.before + "://" } ?? "") + hostAndPort
        self.host = CurlTransport.host(of: "http://" + hostAndPort)
    }

    /// Whether a `no_proxy` list names `host`: `*`, the host itself, or a domain it is in
    /// (`example.com` and `.example.com` both cover `api.example.com`).
    static func excludes(_ list: String, host: String) -> Bool {
        let entries = list.split { $0 == "," || $0 == " " }.map { $0.lowercased() }
        if entries == ["*"] { return true }
        return entries.contains { entry in
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            return !domain.isEmpty && (host == domain || host.hasSuffix("." + domain))
        }
    }
}
