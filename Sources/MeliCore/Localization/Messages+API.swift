extension Message {
    /// The messages of API failures, in English and Spanish.
    enum API {}
}

extension Message.API {
    static let resourceSites = Message(en: "the site list", es: "la lista de sitios")
    static func resourceSite(site: String) -> Message {
        Message(en: "site \(site)", es: "el sitio \(site)")
    }
    static func resourceCategory(category: String) -> Message {
        Message(en: "category \(category)", es: "la categoría \(category)")
    }
    static func resourceItem(item: String) -> Message {
        Message(en: "item \(item)", es: "la publicación \(item)")
    }
    static func notFound(resource: Message) -> Message {
        Message(en: "\(resource.english) was not found", es: "no se encontró \(resource.spanish)")
    }
    static func siteNotFoundHint(binary: String) -> Message {
        Message(
            en: "Run '\(binary) sites' for the sites this API knows, and give one of their ids.",
            es: "Ejecute '\(binary) sites' para ver los sitios que conoce esta API, e indique uno de sus ids.")
    }
    static func refusedSearch(status: String, detail: String) -> Message {
        Message(
            en: "MercadoLibre refused the search: HTTP \(status)\(detail)",
            es: "MercadoLibre rechazó la búsqueda: HTTP \(status)\(detail)")
    }
    static let refusedSearchHint = Message(
        en: "MercadoLibre closed anonymous search in 2025. Set MELI_ACCESS_TOKEN to a token with search access, or set MELI_API_BASE_URL to a proxy or mirror that serves search (meli-dev uses the offline sandbox).",
        es: "MercadoLibre cerró la búsqueda anónima en 2025. Defina MELI_ACCESS_TOKEN con un token con acceso a búsqueda, o MELI_API_BASE_URL con un proxy o espejo que la sirva (meli-dev usa el sandbox sin conexión).")
    static func refused(status: String, detail: String) -> Message {
        Message(
            en: "MercadoLibre refused the request: HTTP \(status)\(detail)",
            es: "MercadoLibre rechazó la solicitud: HTTP \(status)\(detail)")
    }
    static let refusedHint = Message(
        en: "Set MELI_ACCESS_TOKEN to a valid access token, or MELI_API_BASE_URL to another base URL.",
        es: "Defina MELI_ACCESS_TOKEN con un token de acceso válido, o MELI_API_BASE_URL con otra URL base.")
    static let rateLimited = Message(
        en: "MercadoLibre is limiting requests (HTTP 429)",
        es: "MercadoLibre está limitando las solicitudes (HTTP 429)")
    static func waitSeconds(seconds: String) -> Message {
        Message(
            en: "The server asked to wait \(seconds) \(seconds == "1" ? "second" : "seconds"), then try again.",
            es: "El servidor pidió esperar \(seconds) \(seconds == "1" ? "segundo" : "segundos"); luego vuelva a intentarlo.")
    }
    static func waitUntil(date: String) -> Message {
        Message(
            en: "The server asked to wait until \(date), then try again.",
            es: "El servidor pidió esperar hasta \(date); luego vuelva a intentarlo.")
    }
    static let waitLittle = Message(en: "Wait a little, then try again.", es: "Espere un momento y vuelva a intentarlo.")
    static func serverFailed(status: String, method: String, url: String) -> Message {
        Message(
            en: "the server failed: HTTP \(status) for \(method) \(url)",
            es: "el servidor falló: HTTP \(status) para \(method) \(url)")
    }
    static func unexpectedAnswer(status: String, method: String, url: String) -> Message {
        Message(
            en: "unexpected answer: HTTP \(status) for \(method) \(url)",
            es: "respuesta inesperada: HTTP \(status) para \(method) \(url)")
    }
    static let tryLater = Message(en: "Try again later.", es: "Vuelva a intentarlo más tarde.")
    static func cannotReach(host: String, reason: String) -> Message {
        Message(en: "cannot reach \(host): \(reason)", es: "no se puede llegar a \(host): \(reason.spanishReason)")
    }
    static let cannotReachHint = Message(en: "Check the network, or MELI_API_BASE_URL.", es: "Revise la red o MELI_API_BASE_URL.")
    static func exchangeFailed(host: String, reason: String) -> Message {
        Message(en: "the exchange with \(host) failed: \(reason)", es: "falló el intercambio con \(host): \(reason.spanishReason)")
    }
    static let exchangeFailedHint = Message(
        en: "Try again; if it persists, check MELI_API_BASE_URL.",
        es: "Vuelva a intentarlo; si persiste, revise MELI_API_BASE_URL.")
    /// `seconds` as written (`HTTPTimeout.text`): "1" is singular.
    static func timedOut(host: String, seconds: String) -> Message {
        Message(
            en: "\(host) did not answer within \(seconds) \(seconds == "1" ? "second" : "seconds")",
            es: "\(host) no respondió en \(seconds) \(seconds == "1" ? "segundo" : "segundos")")
    }
    static func timedOutAfterAttempts(host: String, seconds: String, attempts: String, total: String) -> Message {
        Message(
            en: "\(host) did not answer within \(seconds) \(seconds == "1" ? "second" : "seconds") on the last of \(attempts) attempts (\(total) \(total == "1" ? "second" : "seconds") in all)",
            es: "\(host) no respondió en \(seconds) \(seconds == "1" ? "segundo" : "segundos") en el último de \(attempts) intentos (\(total) \(total == "1" ? "segundo" : "segundos") en total)")
    }
    static func connectTimedOutAfterAttempts(host: String, seconds: String, attempts: String, total: String) -> Message {
        Message(
            en: "could not connect to \(host) within \(seconds) \(seconds == "1" ? "second" : "seconds") on the last of \(attempts) attempts (\(total) \(total == "1" ? "second" : "seconds") in all)",
            es: "no se pudo conectar con \(host) en \(seconds) \(seconds == "1" ? "segundo" : "segundos") en el último de \(attempts) intentos (\(total) \(total == "1" ? "segundo" : "segundos") en total)")
    }
    static let timedOutHint = Message(
        en: "Try again, or raise MELI_HTTP_TIMEOUT (or --timeout, for one run).",
        es: "Vuelva a intentarlo o aumente MELI_HTTP_TIMEOUT (o --timeout, para una ejecución).")
    static func connectTimedOut(host: String, seconds: String) -> Message {
        Message(
            en: "could not connect to \(host) within \(seconds) \(seconds == "1" ? "second" : "seconds")",
            es: "no se pudo conectar con \(host) en \(seconds) \(seconds == "1" ? "segundo" : "segundos")")
    }
    /// `cap`: the most seconds connecting may take, whatever MELI_HTTP_TIMEOUT says.
    static func connectTimedOutHint(cap: String) -> Message {
        Message(
            en: "Connecting may take at most \(cap) seconds of MELI_HTTP_TIMEOUT: the host (or its proxy) is unreachable from here or drops the connection. Check the network and MELI_API_BASE_URL, then try again.",
            es: "Conectar puede tomar como mucho \(cap) segundos de MELI_HTTP_TIMEOUT: el host (o su proxy) no es accesible desde aquí o descarta la conexión. Revise la red y MELI_API_BASE_URL y vuelva a intentarlo.")
    }
    static func proxyUnreachable(proxy: String, variable: String, reason: String) -> Message {
        Message(
            en: "cannot reach the proxy \(proxy) that \(variable) names: \(reason)",
            es: "no se puede llegar al proxy \(proxy) que indica \(variable): \(reason.spanishReason)")
    }
    static func proxyUnreachableHint(variable: String) -> Message {
        Message(
            en: "Check the proxy's address in \(variable), or unset it (or add the host to no_proxy) to connect directly.",
            es: "Revise la dirección del proxy en \(variable), o quítela (o añada el host a no_proxy) para conectar directamente.")
    }
    static func cannotRequest(url: String) -> Message {
        Message(en: "cannot request '\(url)'", es: "no se puede solicitar '\(url)'")
    }
    static let cannotRequestHint = Message(en: "Check MELI_API_BASE_URL.", es: "Revise MELI_API_BASE_URL.")
    static func undecodable(method: String, url: String, part: Message, problem: Message) -> Message {
        Message(
            en: "the answer to \(method) \(url) does not decode: \(part.english): \(problem.english)",
            es: "la respuesta a \(method) \(url) no se puede decodificar: \(part.spanish): \(problem.spanish)")
    }
    static func notJSONAnswer(status: String, contentType: Message, method: String, url: String) -> Message {
        Message(
            en: "the answer to \(method) \(url) is not JSON: HTTP \(status) with \(contentType.english)",
            es: "la respuesta a \(method) \(url) no es JSON: HTTP \(status) con \(contentType.spanish)")
    }
    static let notJSONAnswerHint = Message(
        en: "A network that asks you to log in first (a captive portal, a proxy) answers this way: open any web page in a browser, or check HTTPS_PROXY and MELI_API_BASE_URL.",
        es: "Una red que le pide iniciar sesión primero (un portal cautivo, un proxy) responde así: abra cualquier página web en un navegador, o revise HTTPS_PROXY y MELI_API_BASE_URL.")
    /// `Content-Type 'text/html'`, or `no Content-Type` for nil: a quoted header value.
    static func contentType(_ value: String?) -> Message {
        guard let value else { return Message(en: "no Content-Type", es: "sin Content-Type") }
        return Message(en: "Content-Type '\(value)'", es: "Content-Type '\(value)'")
    }
    static func decodingField(field: String) -> Message {
        Message(en: "field '\(field)'", es: "el campo '\(field)'")
    }
    static let decodingBody = Message(en: "the body", es: "el cuerpo")
    static let expectedString = Message(en: "expected a string", es: "se esperaba un texto")
    static let expectedNumber = Message(en: "expected a number", es: "se esperaba un número")
    static let expectedBool = Message(en: "expected true or false", es: "se esperaba true o false")
    static let expectedArray = Message(en: "expected an array", es: "se esperaba una lista")
    static let expectedObject = Message(en: "expected an object", es: "se esperaba un objeto")
    static func foundNull(expected: Message) -> Message {
        Message(en: "\(expected.english), found null", es: "\(expected.spanish), se encontró null")
    }
    static let missingField = Message(en: "missing", es: "falta")
    static let notJSON = Message(en: "not valid JSON", es: "no es JSON válido")
    static let invalidValue = Message(en: "invalid value", es: "valor inválido")
    /// A body of more than `limit` values (`JSONTape.maxNodes`).
    static func tooManyValues(limit: Int) -> Message {
        Message(en: "more than \(limit) JSON values, too many to read", es: "más de \(limit) valores JSON, demasiados para leer")
    }
    static func tooLargeToRead(method: String, url: String, limit: Int) -> Message {
        Message(
            en: "the answer to \(method) \(url) is too large to read: more than \(limit) JSON values",
            es: "la respuesta a \(method) \(url) es demasiado grande para leerla: más de \(limit) valores JSON")
    }
}
