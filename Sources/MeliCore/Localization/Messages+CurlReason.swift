extension Message {
    /// libcurl's words for a failed transfer, which errors carry as given: the common ones in
    /// Spanish. English shows libcurl's own text; so does Spanish for the rest, and the log line
    /// of a failed request (debug) keeps it whole in both languages.
    enum CurlReason {}
}

extension Message.CurlReason {
    static func resolveHost(_ host: String) -> Message {
        Message(en: "Could not resolve host: \(host)", es: "no se pudo resolver el nombre del host \(host)")
    }
    static func resolveProxy(_ proxy: String) -> Message {
        Message(en: "Could not resolve proxy: \(proxy)", es: "no se pudo resolver el nombre del proxy \(proxy)")
    }
    static func connectTo(host: String, port: String?) -> Message {
        Message(
            en: "Failed to connect to \(host)\(port.map { " port \($0)" } ?? "")",
            es: "no se pudo conectar con \(host)\(port.map { ", puerto \($0)" } ?? "")")
    }
    static let couldNotConnect = Message(en: "Couldn't connect to server", es: "no se pudo conectar con el servidor")
    static let timedOut = Message(en: "Operation timed out", es: "se agotó el tiempo de espera")
    static func receiveFailed(_ reason: String) -> Message {
        Message(en: "Recv failure: \(reason)", es: "falló la recepción: \(reason.spanishReason)")
    }
    static func sendFailed(_ reason: String) -> Message {
        Message(en: "Send failure: \(reason)", es: "falló el envío: \(reason.spanishReason)")
    }
    static let emptyReply = Message(en: "Empty reply from server", es: "el servidor cerró la conexión sin responder")
    static let cutShort = Message(en: "transfer closed with bytes remaining to read", es: "la transferencia se cortó antes de terminar")
    static func certificate(_ problem: String) -> Message {
        Message(en: "SSL certificate problem: \(problem)", es: "problema con el certificado TLS: \(problem)")
    }
    static let selfSigned = Message(en: "self-signed certificate", es: "certificado autofirmado")
    static let selfSignedInChain = Message(en: "self-signed certificate in certificate chain", es: "certificado autofirmado en la cadena")
    static let noIssuer = Message(en: "unable to get local issuer certificate", es: "no se encuentra la autoridad que lo emitió")
    static let expired = Message(en: "certificate has expired", es: "el certificado venció")
    static func wrongName(_ host: String) -> Message {
        Message(
            en: "SSL: no alternative certificate subject name matches target host name \(host)",
            es: "el certificado no es para el host \(host)")
    }
    static func certificateFile(_ path: String) -> Message {
        Message(en: "error setting certificate file: \(path)", es: "no se pudo usar el archivo de certificados \(path)")
    }
    static let tlsFailed = Message(en: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL", es: "falló la conexión segura (TLS)")

    /// libcurl's `text` in Spanish when it is one of the common failures; nil otherwise.
    static func spanish(_ text: String) -> String? {
        let lower = text.lowercased()
        func rest(after prefix: String) -> String? {
            lower.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil
        }
        if let host = rest(after: "could not resolve host: ") { return resolveHost(host).spanish }
        if let proxy = rest(after: "could not resolve proxy: ") { return resolveProxy(proxy).spanish }
        if let place = rest(after: "failed to connect to ") { return connection(place) }
        if lower == "couldn't connect to server" { return couldNotConnect.spanish }
        if lower.contains(text: "timed out after") || lower.contains(text: "timeout after") { return timedOut.spanish }
        if let reason = rest(after: "recv failure: ") { return receiveFailed(reason).spanish }
        if let reason = rest(after: "send failure: ") { return sendFailed(reason).spanish }
        if lower == "empty reply from server" { return emptyReply.spanish }
        if lower.hasPrefix("transfer closed") { return cutShort.spanish }
        if let path = rest(after: "error setting certificate file: ") { return certificateFile(path).spanish }
        if let host = rest(after: "ssl: no alternative certificate subject name matches target host name ") { return wrongName(host).spanish }
        if let problem = rest(after: "ssl certificate problem: ") {
            let known = [selfSigned, selfSignedInChain, noIssuer, expired].first { $0.english == problem.lowercased() }
            return certificate(known?.spanish ?? problem).spanish
        }
        if lower.hasPrefix("openssl ") || lower.contains(text: "ssl_error") || lower.hasPrefix("ssl connect error") { return tlsFailed.spanish }
        return nil
    }

    /// "127.0.0.1 port 9 after 0 ms: Connection refused": the place, in Spanish words, then the
    /// system's reason in Spanish (libcurl's "Couldn't connect to server" says nothing more).
    private static func connection(_ place: String) -> String {
        guard let colon = place.lastRange(ofText: ": ") else { return connectTo(place).spanish }
        let reason = String(place[colon.upperBound...])
        let head = connectTo(String(place[..<colon.lowerBound])).spanish
        return reason.lowercased() == couldNotConnect.english.lowercased() ? head : "\(head): \(reason.spanishReason)"
    }

    /// "127.0.0.1 port 9 after 0 ms" as "127.0.0.1, puerto 9": the wait is the timeout's business.
    private static func connectTo(_ place: String) -> Message {
        guard let host = place.split(once: " port ") else { return connectTo(host: place, port: nil) }
        return connectTo(host: String(host.before), port: String(host.after.split(once: " ")?.before ?? host.after))
    }
}

extension String {
    /// The range of the last occurrence of `target`, compared character by character.
    fileprivate func lastRange(ofText target: String) -> Range<Index>? {
        var found: Range<Index>?
        var rest = self[...]
        while let range = rest.firstRange(ofText: target) {
            found = range
            rest = self[range.upperBound...]
        }
        return found
    }
}
