/// One HTTP request, as the API client builds it.
package struct HTTPRequest: Sendable, Hashable {
    package var method: String
    /// Absolute URL, query included.
    package var url: String
    package var headers: [String: String]
    package var body: [UInt8]?
    /// Seconds before giving up: the whole request's, or with `boundsSilenceOnly` the longest
    /// silence (no byte received) a transfer may have.
    package var timeout: Double
    /// Whether `timeout` bounds only silence, not the whole transfer: a package download, which
    /// may take minutes while data flows, and is given up only when nothing has come for `timeout`
    /// seconds (`TransportError.stalled`). Connecting keeps its own bound. API requests keep a total.
    package var boundsSilenceOnly = false
    /// The most body bytes the answer may have; a transport stops receiving once the body (or its
    /// announced length) passes it and throws `TransportError.tooLarge`. Nil: no limit.
    package var maxBodyBytes: Int?
    /// Where the body of a successful (2xx) answer goes as it arrives, instead of into
    /// `HTTPResponse.body` (left empty): a download is written to a file, never held in memory.
    /// Other answers (a redirect, a 404) keep their body as usual. Nil: every body in memory.
    package var sink: HTTPBodySink?

    package init(
        method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8]? = nil, timeout: Double, maxBodyBytes: Int? = nil,
        sink: HTTPBodySink? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.sink = sink
    }
}

/// Takes a response body piece by piece, as the transport receives it (`HTTPRequest.sink`).
/// Called from the thread driving the transfer, one piece at a time, and never after `send` returns;
/// the one who made it reads its results once `send` has returned.
package final class HTTPBodySink: @unchecked Sendable, Hashable {
    private let take: (UnsafeRawBufferPointer) -> Bool
    private let announced: ((Int) -> Void)?

    /// `take` receives each piece; returning false stops the transfer (`TransportError.interrupted`,
    /// the sink knowing why). `announced` is told the body's length before it comes, when the
    /// answer says it (a progress meter's total).
    package init(_ take: @escaping (UnsafeRawBufferPointer) -> Bool, announced: ((Int) -> Void)? = nil) {
        self.take = take
        self.announced = announced
    }

    /// The length the answer announces for its body (Content-Length, not compressed), before the body.
    package func announce(length: Int) { announced?(length) }

    /// Hands `piece` over; false: stop receiving.
    package func receive(_ piece: UnsafeRawBufferPointer) -> Bool { take(piece) }

    /// `receive`, for a body a transport holds in memory.
    package func receive(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { take($0) } }

    package static func == (left: HTTPBodySink, right: HTTPBodySink) -> Bool { left === right }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension HTTPRequest {
    /// Whether `url` can be sent as written: http or https, with no space or control character
    /// (libcurl would refuse them; a NUL would cut the C string short and send a different URL).
    /// The transport checks every request with it, and the redirect follower every `Location`.
    package static func isSendable(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        return !url.utf8.contains { $0 <= 0x20 || $0 == 0x7F }
    }
}

/// One HTTP response, whatever its status.
package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    /// Header names lower-cased.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The `Content-Type` as a message quotes it: controls removed, at most 100 characters; nil
    /// when none was sent.
    package var quotedContentType: String? {
        headers["content-type"].map { TerminalText.clean($0.trimmingWhitespace, limit: 100) }
    }
}

/// The request never got an HTTP answer.
package enum TransportError: Error, Sendable, Hashable {
    /// The host could not be reached: DNS failure, refused connection, no network.
    case connection(host: String, reason: String)
    /// The host was reached but the exchange failed: reset, cut off mid-body, TLS failure.
    case interrupted(host: String, reason: String)
    /// No answer within the timeout.
    case timeout(host: String, seconds: Double)
    /// A transfer bounded by silence only (`HTTPRequest.boundsSilenceOnly`) got nothing for
    /// `seconds`, after `received` body bytes (0: after the answer's head).
    case stalled(host: String, seconds: Double, received: Int)
    /// The last of several attempts got no answer within `seconds` (the connection never made,
    /// with `connecting`): `total` seconds went by from the first attempt to the end.
    case timeoutAfterAttempts(host: String, seconds: Double, attempts: Int, total: Double, connecting: Bool)
    /// An https address whose server did not answer in TLS (a plain http server on that port, or
    /// one that closed the connection at the TLS greeting); `reason` is the TLS library's.
    case notTLS(host: String, reason: String)
    /// The URL cannot be requested at all.
    case invalidURL(String)
    /// The body passed the request's `maxBodyBytes`; receiving stopped there.
    case tooLarge(host: String, limit: Int)
    /// No answer within the part of the timeout that connecting may take (`seconds`): the
    /// connection (to the host, or to its proxy) was never made.
    case connectTimeout(host: String, seconds: Double)
    /// The proxy named by `variable` (`http_proxy`, `https_proxy`, `all_proxy`...; `proxy` is its
    /// address without credentials) could not be resolved or connected to.
    case proxy(proxy: String, variable: String, reason: String)
    /// The server's TLS certificate is not signed by an authority in `authorities`.
    case untrustedCertificate(host: String, reason: String, authorities: CertificateAuthorities)
    /// The certificate authorities to check servers against could not be read (a missing or
    /// unreadable file or folder): nothing over https can be trusted until that is mended.
    case unreadableAuthorities(CertificateAuthorities, reason: String)
    /// An entry of the certificate folder `variable` names (`SSL_CERT_DIR`), at path `entry`, is
    /// a FIFO, a device or a socket: the TLS library would open it and wait, past any timeout.
    case specialFileInAuthorities(entry: String, variable: String)
    /// An https address redirected to a plain http one: never followed.
    case insecureRedirect(from: String, to: String)
    /// More redirects in a row than `limit`.
    case tooManyRedirects(url: String, limit: Int)
    /// A redirect to a `Location` that is not an http or https address.
    case badRedirect(from: String, location: String)
    /// A redirect to another origin (scheme, host, port) that keeps the body (307, 308): the body
    /// may hold secrets meant for the first origin (the token endpoint's client secret).
    case redirectWithBody(from: String, to: String)
    /// This machine cannot make HTTP requests at all: the HTTP library (libcurl) could not be loaded.
    case httpUnavailable(reason: String)

    /// Whether sending the same request again cannot help: the answer would be the same.
    package var isFinal: Bool {
        switch self {
        case .connection, .interrupted, .timeout, .stalled, .timeoutAfterAttempts, .connectTimeout, .proxy, .notTLS: false
        case .invalidURL, .tooLarge, .untrustedCertificate, .unreadableAuthorities, .specialFileInAuthorities, .insecureRedirect, .tooManyRedirects,
             .badRedirect, .redirectWithBody, .httpUnavailable: true
        }
    }
}

/// The certificate authorities that https servers are checked against.
package enum CertificateAuthorities: Sendable, Hashable {
    /// The system's store (libcurl's default bundle).
    case system
    /// The file or folder an environment variable named (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`).
    case variable(name: String, path: String)
}

/// Sends requests. The production transport is HTTP (the `MeliHTTP` target); the offline sandbox
/// answers the same requests from data built into the binary; tests use a real loopback server.
package protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
    /// Whether answers come from memory, not a network (the sandbox): no time budget applies.
    var answersLocally: Bool { get }
}

extension HTTPTransport {
    package var answersLocally: Bool { false }
}
