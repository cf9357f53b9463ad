/// A request to the API did not give what was asked for. `ErrorReporter` turns each case into a
/// message and an exit code.
package enum APIError: Error, Sendable, Hashable {
    /// 404.
    case notFound(Endpoint)
    /// 401 or 403: the API refused the caller.
    case refused(Endpoint, status: Int, message: String?)
    /// 429, with the server's `Retry-After` when given.
    case rateLimited(retryAfter: String?)
    /// 5xx or any other status meli does not expect.
    case badStatus(Int, method: String, url: String)
    /// No HTTP answer: connection failure or timeout.
    case transport(TransportError)
    /// A 2xx answer that is not JSON at all (a captive portal's or a proxy's login page), with
    /// its `Content-Type` as a message quotes it (`HTTPResponse.quotedContentType`; nil: none sent).
    case notJSON(status: Int, contentType: String?, method: String, url: String)
    /// The answer is not the JSON meli expects.
    case undecodable(BodyDecodingError, method: String, url: String)
    /// `--offline`, and the cache holds no answer for this request.
    case notCached(url: String)
    /// The stored login cannot be renewed (the refresh was refused); the user must log in again.
    case loginExpired(reason: String?)
    /// The credentials file cannot be used or written (unreadable, damaged, readable by others).
    case credentials(CredentialsError)
}
