/// What the user reads for each API failure, and the exit code (README "Exit codes").
extension APIError {
    /// The message and exit code; `binary` names the program in hints that say what to run.
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .notFound(let endpoint):
            return CommandFailure(.notFound, .notFound(resource: endpoint.missing))
        case .refused(let endpoint, let status, let message):
            let why = message.map { " (\($0))" } ?? ""
            return switch endpoint.refusal {
            case .login: CommandFailure(.authentication, .loginRefused(status: String(status), detail: why), hint: .loginRefusedHint(binary: binary))
            case .search: CommandFailure(.authentication, .refusedSearch(status: String(status), detail: why), hint: .refusedSearchHint)
            case .request: CommandFailure(.authentication, .refused(status: String(status), detail: why), hint: .refusedHint)
            }
        case .rateLimited(let retryAfter):
            let wait = retryAfter.map { Int($0) != nil ? Message.waitSeconds(seconds: $0) : .waitUntil(date: $0) } ?? .waitLittle
            return CommandFailure(.failure, .rateLimited, hint: wait)
        case .badStatus(let status, let method, let url):
            return status >= 500
                ? CommandFailure(.failure, .serverFailed(status: String(status), method: method, url: url), hint: .tryLater)
                : CommandFailure(.failure, .unexpectedAnswer(status: String(status), method: method, url: url))
        case .transport(let error):
            return error.failure(binary: binary)
        case .undecodable(let error, let method, let url):
            let field = error.field.isEmpty ? Message.decodingBody : .decodingField(field: error.field)
            return CommandFailure(.failure, .undecodable(method: method, url: url, part: field, problem: error.problem.message))
        case .notCached(let url):
            return CommandFailure(.failure, .notCached(url: url), hint: .notCachedHint)
        case .loginExpired(let reason):
            return CommandFailure(.authentication, .loginExpired(detail: reason.map { " (\($0))" } ?? ""), hint: .loginExpiredHint(binary: binary))
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
            return CommandFailure(.failure, .cannotReach(host: host, reason: reason), hint: .cannotReachHint)
        case .interrupted(let host, let reason):
            return CommandFailure(.failure, .exchangeFailed(host: host, reason: reason), hint: .exchangeFailedHint)
        case .timeout(let host, let seconds):
            return CommandFailure(.failure, .timedOut(host: host, seconds: HTTPTimeout.text(seconds)), hint: .timedOutHint)
        case .invalidURL(let url):
            return CommandFailure(.configuration, .cannotRequest(url: url), hint: .cannotRequestHint)
        case .tooLarge(let host, let limit):
            return CommandFailure(.failure, .answerTooLarge(host: host, limit: ByteCount.text(limit)))
        case .connectTimeout(let host, let seconds):
            return CommandFailure(.failure, .connectTimedOut(host: host, seconds: HTTPTimeout.text(seconds)),
                                  hint: .connectTimedOutHint(cap: HTTPTimeout.text(HTTPTimeout.connectCap)))
        case .proxy(let proxy, let variable, let reason):
            return CommandFailure(.failure, .proxyUnreachable(proxy: proxy, variable: variable, reason: reason), hint: .proxyUnreachableHint(variable: variable))
        case .untrustedCertificate(let host, let reason, let authorities):
            return CommandFailure(.failure, .untrustedCertificate(host: host, reason: reason), hint: .untrustedCertificateHint(binary: binary, authorities: authorities))
        case .unreadableAuthorities(let authorities, let reason):
            return CommandFailure(.configuration, .unreadableAuthorities(authorities, reason: reason), hint: .unreadableAuthoritiesHint(authorities))
        case .specialFileInAuthorities(let entry, let variable):
            return CommandFailure(.configuration, .specialFileInAuthorities(entry: entry, variable: variable), hint: .specialFileInAuthoritiesHint(entry: entry, variable: variable))
        // The addresses a redirect names are the server's text: quoted at most 200 characters long.
        case .insecureRedirect(let from, let to):
            return CommandFailure(.failure, .insecureRedirect(from: from, to: Self.quoted(to)), hint: .insecureRedirectHint)
        case .tooManyRedirects(let url, let limit):
            return CommandFailure(.failure, .tooManyRedirects(url: Self.quoted(url), limit: String(limit)), hint: .tooManyRedirectsHint)
        case .badRedirect(let from, let location):
            return CommandFailure(.failure, .badRedirect(from: from, location: Self.quoted(location)))
        case .redirectWithBody(let from, let to):
            return CommandFailure(.failure, .redirectWithBody(from: from, to: Self.quoted(to)))
        case .httpUnavailable(let reason):
            return CommandFailure(.failure, .httpUnavailable(reason: reason), hint: .httpUnavailableHint)
        }
    }
}

extension CredentialsError {
    func failure(binary: String) -> CommandFailure {
        switch self {
        case .unreadable(let path, let reason):
            CommandFailure(.authentication, .credentialsUnreadable(path: path, reason: reason))
        case .tooOpen(let path, let mode):
            CommandFailure(.authentication, .credentialsTooOpen(path: path, mode: mode), hint: .credentialsTooOpenHint(path: path, binary: binary))
        case .damaged(let path):
            CommandFailure(.authentication, .credentialsDamaged(path: path), hint: .credentialsDamagedHint(binary: binary))
        case .unwritable(let path, let reason):
            CommandFailure(.authentication, .credentialsUnwritable(path: path, reason: reason))
        case .locked(let path):
            CommandFailure(.authentication, .credentialsLocked(path: path))
        case .noSpaceToRenew(let path, let reason):
            CommandFailure(.authentication, .credentialsNoSpaceToRenew(path: path, reason: reason), hint: .credentialsNoSpaceToRenewHint)
        case .untrusted(let path, let reason):
            // A configuration error, as an untrusted Local.env in the same folder is: logging in again would not help.
            CommandFailure(.configuration, .credentialsUntrusted(reason: reason.message(path: path)), hint: reason.remedy(path: path, binary: binary))
        }
    }
}

extension CredentialsError.Untrusted {
    /// What is wrong with `path`: its owner, its mode or its kind, never what it holds.
    func message(path: String) -> Message {
        switch self {
        case .link: .placeIsLink(path: path)
        case .notFolder: .placeIsNotFolder(path: path)
        case .notFile: .credentialsPlaceNotFile(path: path)
        case .otherOwner(let uid): .placeOtherOwner(path: path, owner: "uid \(uid)")
        case .writableByOthers(let mode): .placeWritable(path: path, mode: OwnershipProblem.octal(mode))
        case .linkOwner(let uid): .placeLinkOtherOwner(path: path, owner: "uid \(uid)")
        case .tooManyLinks: .placeTooManyLinks(path: path, most: TrustedPath.maxLinks)
        case .unreadable(let reason): .placeUnreadable(path: path, reason: reason)
        }
    }

    func remedy(path: String, binary: String) -> Message {
        switch self {
        case .link, .notFolder, .notFile, .unreadable: .credentialsPlaceRemedy(path: path, binary: binary)
        case .otherOwner: .credentialsOtherOwnerRemedy(path: path)
        case .writableByOthers: .placeWritableRemedy(path: path)
        case .linkOwner: .placeLinkOtherOwnerRemedy(path: path)
        case .tooManyLinks: .placeTooManyLinksRemedy
        }
    }
}

extension DecodingProblem {
    /// What was wrong with the field, as the user reads it.
    var message: Message {
        switch self {
        case .expected(let kind): kind.expected
        case .foundNull(let kind): .foundNull(expected: kind.expected)
        case .missing: .missingField
        case .notJSON: .notJSON
        case .invalidValue: .invalidValue
        }
    }
}

extension JSONKind {
    /// "expected a number".
    var expected: Message {
        switch self {
        case .string: .expectedString
        case .number: .expectedNumber
        case .bool: .expectedBool
        case .array: .expectedArray
        case .object: .expectedObject
        }
    }
}
