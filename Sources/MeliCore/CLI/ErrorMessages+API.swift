/// What the user reads for each API failure, and the exit code (README "Exit codes").
extension APIError {
    /// The message and exit code; `binary` names the program in hints that say what to run.
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .notFound(let endpoint):
            // A site the API does not know: where the ones it knows are listed.
            let hint: Message? = endpoint.path.hasPrefix("/sites/") ? .API.siteNotFoundHint(binary: binary) : nil
            return CommandFailure(.notFound, .API.notFound(resource: endpoint.missing), hint: hint)
        case .refused(let endpoint, let status, let message):
            let why = message.map { " (\($0))" } ?? ""
            return switch endpoint.refusal {
            case .login: CommandFailure(.authentication, .Auth.loginRefused(status: String(status), detail: why), hint: .Auth.loginRefusedHint(binary: binary))
            case .search: CommandFailure(.authentication, .API.refusedSearch(status: String(status), detail: why), hint: .API.refusedSearchHint)
            case .request: CommandFailure(.authentication, .API.refused(status: String(status), detail: why), hint: .API.refusedHint)
            }
        case .rateLimited(let retryAfter):
            let wait = retryAfter.map { Int($0) != nil ? Message.API.waitSeconds(seconds: $0) : .API.waitUntil(date: $0) } ?? .API.waitLittle
            return CommandFailure(.failure, .API.rateLimited, hint: wait)
        case .badStatus(let status, let method, let url):
            return status >= 500
                ? CommandFailure(.failure, .API.serverFailed(status: String(status), method: method, url: url), hint: .API.tryLater)
                : CommandFailure(.failure, .API.unexpectedAnswer(status: String(status), method: method, url: url))
        case .transport(let error):
            return error.failure(binary: binary)
        case .undecodable(let error, let method, let url):
            if case .tooManyValues(let limit) = error.problem {
                return CommandFailure(.failure, .API.tooLargeToRead(method: method, url: url, limit: limit))
            }
            let field = error.field.isEmpty ? Message.API.decodingBody : .API.decodingField(field: error.field)
            return CommandFailure(.failure, .API.undecodable(method: method, url: url, part: field, problem: error.problem.message))
        case .notJSON(let status, let type, let method, let url):
            return CommandFailure(.failure, .API.notJSONAnswer(status: String(status), contentType: .API.contentType(type), method: method, url: url), hint: .API.notJSONAnswerHint)
        case .notCached(let url):
            return CommandFailure(.failure, .Cache.notCached(url: url), hint: .Cache.notCachedHint)
        case .loginExpired(let reason):
            return CommandFailure(.authentication, .Auth.loginExpired(detail: reason.map { " (\($0))" } ?? ""), hint: .Auth.loginExpiredHint(binary: binary))
        case .credentials(let error):
            return error.failure(binary: binary)
        }
    }
}

extension TransportError {
    /// The message alone, in English, for the log (the redactor masks it as every log line); only
    /// hints name the binary, so none is needed.
    var logText: String { failure(binary: "").message }

    /// An address from a server's answer, as a message quotes it: controls replaced, at most 200
    /// characters.
    static func quoted(_ address: String) -> String { TerminalText.clean(address, limit: 200) }

    /// The message and exit code of a request that got no HTTP answer; `binary` names the program.
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .connection(let host, let reason):
            return CommandFailure(.failure, .API.cannotReach(host: host, reason: reason), hint: .API.cannotReachHint)
        case .interrupted(let host, let reason):
            return CommandFailure(.failure, .API.exchangeFailed(host: host, reason: reason), hint: .API.exchangeFailedHint)
        case .timeout(let host, let seconds):
            return CommandFailure(.failure, .API.timedOut(host: host, seconds: HTTPTimeout.text(seconds)), hint: .API.timedOutHint)
        case .stalled(let host, let seconds, let received):
            return CommandFailure(.failure, .Transport.stalled(host: host, seconds: HTTPTimeout.text(seconds), received: ByteCount.text(received)),
                                  hint: .API.timedOutHint)
        case .timeoutAfterAttempts(let host, let seconds, let attempts, let total, let connecting):
            let (each, all) = (HTTPTimeout.text(seconds), HTTPTimeout.text(total))
            return connecting
                ? CommandFailure(.failure, .API.connectTimedOutAfterAttempts(host: host, seconds: each, attempts: String(attempts), total: all),
                                 hint: .API.connectTimedOutHint(cap: HTTPTimeout.text(HTTPTimeout.connectCap)))
                : CommandFailure(.failure, .API.timedOutAfterAttempts(host: host, seconds: each, attempts: String(attempts), total: all), hint: .API.timedOutHint)
        case .notTLS(let host, let reason):
            return CommandFailure(.failure, .Transport.notTLS(host: host, reason: reason), hint: .Transport.notTLSHint)
        case .invalidURL(let url):
            return CommandFailure(.configuration, .API.cannotRequest(url: url), hint: .API.cannotRequestHint)
        case .tooLarge(let host, let limit):
            return CommandFailure(.failure, .Update.answerTooLarge(host: host, limit: ByteCount.text(limit)))
        case .connectTimeout(let host, let seconds):
            return CommandFailure(.failure, .API.connectTimedOut(host: host, seconds: HTTPTimeout.text(seconds)),
                                  hint: .API.connectTimedOutHint(cap: HTTPTimeout.text(HTTPTimeout.connectCap)))
        case .proxy(let proxy, let variable, let reason):
            return CommandFailure(.failure, .API.proxyUnreachable(proxy: proxy, variable: variable, reason: reason), hint: .API.proxyUnreachableHint(variable: variable))
        case .untrustedCertificate(let host, let reason, _) where Message.Transport.isOtherHostsCertificate(reason):
            return CommandFailure(.failure, .Transport.otherHostsCertificate(host: host, reason: reason), hint: .Transport.otherHostsCertificateHint(host: host))
        case .untrustedCertificate(let host, let reason, let authorities):
            return CommandFailure(.failure, .Transport.untrustedCertificate(host: host, reason: reason), hint: .Transport.untrustedCertificateHint(binary: binary, authorities: authorities))
        case .unreadableAuthorities(let authorities, let reason):
            return CommandFailure(.configuration, .Transport.unreadableAuthorities(authorities, reason: reason), hint: .Transport.unreadableAuthoritiesHint(authorities))
        case .specialFileInAuthorities(let entry, let variable):
            return CommandFailure(.configuration, .Transport.specialFileInAuthorities(entry: entry, variable: variable), hint: .Transport.specialFileInAuthoritiesHint(entry: entry, variable: variable))
        // The addresses a redirect names are the server's text: quoted at most 200 characters long.
        case .insecureRedirect(let from, let to):
            return CommandFailure(.failure, .Transport.insecureRedirect(from: from, to: Self.quoted(to)), hint: .Transport.insecureRedirectHint)
        case .tooManyRedirects(let url, let limit):
            return CommandFailure(.failure, .Transport.tooManyRedirects(url: Self.quoted(url), limit: String(limit)), hint: .Transport.tooManyRedirectsHint)
        case .badRedirect(let from, let location):
            return CommandFailure(.failure, .Transport.badRedirect(from: from, location: Self.quoted(location)))
        case .redirectWithBody(let from, let to):
            return CommandFailure(.failure, .Transport.redirectWithBody(from: from, to: Self.quoted(to)))
        case .httpUnavailable(let reason):
            return CommandFailure(.failure, .Transport.httpUnavailable(reason: reason), hint: .Transport.httpUnavailableHint)
        }
    }
}

extension CredentialsError {
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .unreadable(let path, let reason):
            CommandFailure(.authentication, .Auth.credentialsUnreadable(path: path, reason: reason))
        case .tooOpen(let path, let mode):
            CommandFailure(.authentication, .Auth.credentialsTooOpen(path: path, mode: mode), hint: .Auth.credentialsTooOpenHint(path: path, binary: binary))
        case .damaged(let path):
            CommandFailure(.authentication, .Auth.credentialsDamaged(path: path), hint: .Auth.credentialsDamagedHint(binary: binary))
        case .unwritable(let path, let reason):
            CommandFailure(.authentication, .Auth.credentialsUnwritable(path: path, reason: reason))
        case .locked(let path):
            CommandFailure(.authentication, .Auth.credentialsLocked(path: path))
        case .noSpaceToRenew(let path, let reason):
            CommandFailure(.authentication, .Auth.credentialsNoSpaceToRenew(path: path, reason: reason), hint: .Auth.credentialsNoSpaceToRenewHint)
        case .untrusted(let path, let reason):
            // A configuration error, as an untrusted Local.env in the same folder is: logging in again would not help.
            CommandFailure(.configuration, .Auth.credentialsUntrusted(reason: reason.message(path: path)), hint: reason.remedy(path: path, binary: binary))
        }
    }
}

extension CredentialsError.Untrusted {
    /// What is wrong with `path`: its owner, its mode or its kind, never what it holds.
    func message(path: String) -> Message {
        switch self {
        case .link: .Trust.placeIsLink(path: path)
        case .notFolder: .Trust.placeIsNotFolder(path: path)
        case .notFile: .Auth.credentialsPlaceNotFile(path: path)
        case .otherOwner(let uid): .Trust.placeOtherOwner(path: path, owner: "uid \(uid)")
        case .writableByOthers(let mode): .Trust.placeWritable(path: path, mode: OwnershipProblem.octal(mode))
        case .linkOwner(let uid): .Trust.placeLinkOtherOwner(path: path, owner: "uid \(uid)")
        case .tooManyLinks: .Trust.placeTooManyLinks(path: path, most: TrustedPath.maxLinks)
        case .unreadable(let reason): .Trust.placeUnreadable(path: path, reason: reason)
        }
    }

    func remedy(path: String, binary: String) -> Message {
        switch self {
        case .link, .notFolder, .notFile, .unreadable: .Auth.credentialsPlaceRemedy(path: path, binary: binary)
        case .otherOwner: .Auth.credentialsOtherOwnerRemedy(path: path)
        case .writableByOthers: .Trust.placeWritableRemedy(path: path)
        case .linkOwner: .Trust.placeLinkOtherOwnerRemedy(path: path)
        case .tooManyLinks: .Trust.placeTooManyLinksRemedy
        }
    }
}

extension DecodingProblem {
    /// What was wrong with the field, as the user reads it.
    var message: Message {
        switch self {
        case .expected(let kind): kind.expected
        case .foundNull(let kind): .API.foundNull(expected: kind.expected)
        case .missing: .API.missingField
        case .notJSON: .API.notJSON
        case .invalidValue: .API.invalidValue
        case .tooManyValues(let limit): .API.tooManyValues(limit: limit)
        }
    }
}

extension JSONKind {
    /// "expected a number".
    var expected: Message {
        switch self {
        case .string: .API.expectedString
        case .number: .API.expectedNumber
        case .bool: .API.expectedBool
        case .array: .API.expectedArray
        case .object: .API.expectedObject
        }
    }
}
