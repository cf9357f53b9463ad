/// Follows HTTP redirects for another transport, with meli's rules, in the one place every request
/// of a process passes (`Context.live` wraps the process's transport in it, so the API, the token
/// endpoint and feed downloads all get it). The transport below follows none itself.
///
/// - At most `limit` (5) redirects in a row, then `TransportError.tooManyRedirects`.
/// - Never from https to http, and to plain http only on this machine (`.insecureRedirect`);
///   only http and https (`.badRedirect`).
/// - Never a body to another origin (`.redirectWithBody`): a 307 or 308 from the token endpoint
///   would otherwise hand the client secret to whoever the Location names.
/// - A relative `Location` is resolved against the address that answered (RFC 3986, 5.2).
/// - 303, and 301 or 302 after a POST, continue as a GET without body (as browsers and curl do);
///   307 and 308 keep the method and body.
/// - `Authorization` and `Cookie` (and user info in the address) go only to the origin the
///   request was meant for: the same scheme, host and port. A redirect elsewhere drops them; a
///   redirect back to the origin sends them again.
/// - The request's `timeout` covers all the hops together.
package struct RedirectFollowingTransport: HTTPTransport {
    package var base: any HTTPTransport
    package var limit: Int

    package init(_ base: any HTTPTransport, limit: Int = 5) {
        self.base = base
        self.limit = limit
    }

    package var answersLocally: Bool { base.answersLocally }

    /// Whether `status` sends the client elsewhere: 301, 302, 303, 307, 308. A switch, not a
    /// `Set`: the set's first use (its generic metadata, Int's hashing) cost 135K instructions of
    /// every request.
    static func isRedirect(_ status: Int) -> Bool {
        switch status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }
    /// Headers that carry credentials meant for the request's origin only (names lower-cased).
    static let credentialHeaders: Set = ["authorization", "cookie"]

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let origin = URLReference(request.url).origin
        let clock = ContinuousClock()
        let start = clock.now
        var current = request
        var hops = 0
        // Once a hop has turned the request into a GET, its body's headers stay off.
        var bodyDropped = false
        while true {
            let response = try await base.send(current)
            guard Self.isRedirect(response.status), let location = response.headers["location"] else {
                return response
            }
            guard hops < limit else { throw .tooManyRedirects(url: request.url, limit: limit) }
            hops += 1
            var target = URLReference(location).resolved(against: URLReference(current.url))
            // Checked here as the transport would check it, so that a Location with spaces or control
            // characters is the server's mistake, not a setting to check (the transport would call
            // it an invalid URL).
            guard target.host?.isEmpty == false, HTTPRequest.isSendable(target.text) else {
                throw .badRedirect(from: current.url, location: location)
            }
            // Plain http only on this machine, as for MELI_API_BASE_URL and feeds: a redirect must
            // not take a request where the address itself would have been refused.
            let targetHost: String = target.host ?? ""
            let local = APIBaseURL.loopbackHosts.contains(String(targetHost.lowercased().filter { $0 != "[" && $0 != "]" }))
            if target.scheme == "http" && (URLReference(current.url).scheme == "https" || !local) {
                throw .insecureRedirect(from: current.url, to: target.text)
            }
            let sameOrigin = target.origin == origin
            if !sameOrigin { target.userInfo = nil }

            var next = request
            next.url = target.text
            next.method = current.method
            next.body = current.body
            let method = current.method.uppercased()
            if (response.status == 303 && method != "HEAD") || ((response.status == 301 || response.status == 302) && method == "POST") {
                next.method = "GET"
                next.body = nil
                bodyDropped = true
            }
            if bodyDropped {
                next.headers = next.headers.filter { !["content-type", "content-length"].contains($0.key.lowercased()) }
            }
            // A body is credentials' kin (the token endpoint's form holds the client secret).
            if !sameOrigin && next.body != nil {
                throw .redirectWithBody(from: current.url, to: target.text)
            }
            if !sameOrigin {
                next.headers = next.headers.filter { !Self.credentialHeaders.contains($0.key.lowercased()) }
            }
            let spent = (clock.now - start).inSeconds
            guard spent < request.timeout else {
                throw .timeout(host: URLReference(request.url).host ?? "", seconds: request.timeout)
            }
            next.timeout = request.timeout - spent
            current = next
        }
    }
}

/// A URL or relative reference split as RFC 3986 (3) splits it, with no decoding: enough to
/// resolve a redirect's `Location` and compare origins, without Foundation's URL.
struct URLReference: Hashable, Sendable {
    /// Lower-cased.
    var scheme: String?
    /// `user:password` before an `@` in the authority.
    var userInfo: String?
    /// Host as written (brackets kept for IPv6), lower-cased; nil without an authority.
    var host: String?
    var port: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
           rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") {
                userInfo = String(authority[..<at])
                authority = authority[authority.index(after: at)...]
            }
            // The port follows the last colon that is not inside an IPv6 literal's brackets.
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                port = String(authority[authority.index(after: colon)...])
                authority = authority[..<colon]
            }
            host = authority.lowercased()
        }
        path = String(rest)
    }

    /// Scheme, host and the port, the scheme's default port when none is written.
    var origin: String {
        let defaultPort = scheme == "https" ? "443" : scheme == "http" ? "80" : ""
        let effectivePort = port.flatMap { $0.isEmpty ? nil : $0 } ?? defaultPort
        return "\(scheme ?? "")://\(host ?? ""):\(effectivePort)"
    }

    /// The reference put back together.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let host {
            result += "//"
            if let userInfo { result += userInfo + "@" }
            result += host
            if let port { result += ":" + port }
        }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// This reference resolved against `base` (RFC 3986, 5.2.2). The fragment is kept only when
    /// this reference has one: a redirect does not carry the base's fragment to its target.
    func resolved(against base: URLReference) -> URLReference {
        var target = self
        if scheme != nil {
            target.path = Self.removingDotSegments(path)
            return target
        }
        target.scheme = base.scheme
        if host != nil {
            target.path = Self.removingDotSegments(path)
            return target
        }
        (target.userInfo, target.host, target.port) = (base.userInfo, base.host, base.port)
        if path.isEmpty {
            target.path = base.path
            target.query = query ?? base.query
        } else if path.hasPrefix("/") {
            target.path = Self.removingDotSegments(path)
        } else {
            // Merge (5.2.3): the base's path up to its last slash, then this one.
            let merged: String
            if base.host != nil && base.path.isEmpty {
                merged = "/" + path
            } else {
                let prefix = base.path.lastIndex(of: "/").map { base.path[...$0] } ?? ""
                merged = prefix + path
            }
            target.path = Self.removingDotSegments(merged)
        }
        return target
    }

    /// RFC 3986, 5.2.4: `/a/b/../c/./d` is `/a/c/d`.
    static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with its leading slash, up to (not including) the next slash.
                let searchFrom = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchFrom...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
