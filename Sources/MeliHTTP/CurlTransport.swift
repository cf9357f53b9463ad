// HTTP through the system libcurl, on Linux and on macOS alike (macOS ships libcurl in its SDK):
// one transport, tested here, rather than URLSession on one platform and something else on the
// other. URLSession was the reason the Linux binary carried all of Foundation and ICU (it lives in
// FoundationNetworking there); it also busy-polled while waiting, followed redirects on its own
// (Authorization header included) and wrote ~/.cache/org.swift.foundation.URLCache. This target
// imports no Foundation at all: only the C library, Dispatch and Synchronization.
import CCurl
import Dispatch
import MeliCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends requests with libcurl. One instance serves a whole command: it keeps one curl multi
/// handle, and with it the connection cache and the DNS cache, so requests to one host reuse one
/// connection (`item` asks for the item and its description at once: both go over it, as two
/// streams on HTTP/2, one after the other on HTTP/1.1).
///
/// What it does, and why (the issue's "behaviour a command-line user expects from curl"):
/// - libcurl does the waiting, on the program's main thread: while the command's task awaits its
///   answers, the loop that runs it (`MainThreadExecutor`) has no job, and sleeps in
///   `curl_multi_poll` instead of its own wait (`IdleWork`); a new request, a cancellation or a
///   job enqueued from another thread wakes it with `curl_multi_wakeup`. So a lone request's
///   answer is read, decoded and shown on the thread that asked for it: no transfer thread starts
///   and nothing is handed over. Measured (release build, uncached search on loopback,
///   phases.py): the thread's start and the hand-back had cost 0.5 ms of an 11.5 ms run. When the
///   loop has jobs to run while requests are still in flight (`item`'s description, browse),
///   those requests go on on a transfer thread (`willRunJobs`), as they do without a loop (`loop`
///   nil) or while another transport's transfers hold its wait: a dispatch queue of the engine's
///   own (never Swift's cooperative pool, which on 2 cores has 2 threads) that blocks in
///   `curl_multi_poll` the same way and is given back when no transfer is left. No busy polling:
///   while a silent server is awaited the thread sleeps until curl's own next timer. A command
///   that sends nothing starts nothing; libcurl itself is loaded and initialised on the first
///   request (`--version` pays none of it; CCurl.h).
/// - One connection per host (`CURLMOPT_MAX_HOST_CONNECTIONS` 1): a second concurrent request
///   waits for the connection (HTTP/1.1) or shares it as a second stream (HTTP/2, with
///   `CURLOPT_PIPEWAIT`). Chosen over a serial queue with one easy handle because it is the same
///   on HTTP/1.1 and multiplexes on HTTP/2; on HTTP/1.1 both wait the same.
/// - HTTP/2 when the server offers it over TLS (`CURL_HTTP_VERSION_2TLS`); gzip (and whatever
///   else this libcurl decodes) accepted and decompressed transparently (`CURLOPT_ACCEPT_ENCODING`).
/// - Timeouts, all enforced by libcurl from the request's `timeout` (`MELI_HTTP_TIMEOUT`, "seconds
///   to wait for one request"): it is the total (`CURLOPT_TIMEOUT_MS`), counted from when the
///   transfer is handed to libcurl, so the wait for a shared connection is in it; connecting may
///   take at most 10 s of it (`HTTPTimeout.connectCap`, `CURLOPT_CONNECTTIMEOUT_MS`: a dropped SYN
///   does not answer later, and the API client's retry gets a fresh attempt; running out of it is
///   `.connectTimeout`, which names those seconds, not the total); and a transfer that moves less than
///   1 byte/s for the whole timeout is given up (`CURLOPT_LOW_SPEED_*`), the same bound measured
///   from the last progress, so a trickle cannot outlive it either. A shorter low-speed window
///   would give up on a silent server before the `timeout` the user set, and the error would
///   name the wrong number of seconds.
///   A download (`HTTPRequest.boundsSilenceOnly`) has no total: only connecting is bounded, and
///   silence, measured by the engine from the last byte of the head or body (libcurl's low-speed
///   window averages over seconds, so it is only the backstop); running out of it is
///   `.stalled`, naming the bytes received, or `.timeout` when nothing came at all.
///   Measured (`MELI_HTTP_TIMEOUT=2`, a server that accepts and says nothing, 3 attempts, 6 s):
///   0.01 s of CPU, against 3.0 s (user 0.56 + sys 2.48) with URLSession.
/// - `maxBodyBytes`: a length announced past it is refused before the body is read
///   (`CURLOPT_MAXFILESIZE_LARGE`), and the write callback stops as soon as the decompressed
///   body passes it (the bytes counted as they come, chunked or not); both are `TransportError.tooLarge`.
/// - `sink`: the body of a 2xx answer is handed to it piece by piece as libcurl delivers it, never
///   gathered (a download of up to 1 GiB is written to its file as it comes); another answer's
///   body (a redirect, an error) is kept in memory as usual.
/// - No redirects: libcurl follows none. meli follows them itself, in one place, with its rules
///   (`RedirectFollowingTransport`).
/// - TLS verification always on; there is no option to turn it off. The system CA store by
///   default; `CURL_CA_BUNDLE`, else `SSL_CERT_DIR` and `SSL_CERT_FILE`, as the curl tool reads
///   them (libcurl itself does not). `http_proxy`, `https_proxy`, `no_proxy`: libcurl reads them
///   itself, since `CURLOPT_PROXY` is never set.
/// - Task cancellation (the command being abandoned) removes the transfer from the multi handle
///   at once, closing its connection: the multi handle's own way to abort, immediate even while
///   the thread sleeps in `curl_multi_poll`, where a progress callback would wait for curl's next
///   call of it.
package struct CurlTransport: HTTPTransport {
    private let engine: Engine

    /// `environment` is where `CURL_CA_BUNDLE`, `SSL_CERT_FILE` and `SSL_CERT_DIR` are read; nil:
    /// this process's environment. (Proxy variables are always the process's: libcurl reads them.)
    ///
    /// `loop`: the executor whose thread drives the transfers while it has no job (the main
    /// thread, `Runner.start`); nil: a transfer thread of their own, started while any is left.
    package init(environment: [String: String]? = nil, loop: MainThreadExecutor? = nil) {
        let read: (String) -> String? = { name in
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        engine = Engine(certificates: Certificates(read: read), loop: loop)
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let host = Self.host(of: request.url)
        guard HTTPRequest.isSendable(request.url) else { throw .invalidURL(request.url) }
        // libcurl is loaded (dlopen) and initialised on the first request, once: see CCurl.h.
        guard ccurl_load() == 1 else {
            throw .httpUnavailable(reason: ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not be loaded")
        }
        if request.url.lowercased().hasPrefix("https://"), let refusal = engine.certificateRefusal() { throw refusal }
        guard let transfer = Transfer(request: request, host: host, certificates: engine.certificates) else {
            throw .connection(host: host, reason: "libcurl could not make a handle")
        }
        guard transfer.configure(request) else {
            transfer.release()
            throw .invalidURL(request.url)
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) in
                transfer.continuation = continuation
                engine.submit(transfer)
            }
        } onCancel: {
            transfer.cancelled.store(true, ordering: .releasing)
            engine.interrupt()
        }
        return try result.get()
    }

    /// The host of `url`, for messages: between `://` and the path, without user or port.
    static func host(of url: String) -> String {
        // An ASCII URL (any meli sends: its query is percent-encoded) is read as bytes, where
        // searching it as Characters took 0.15M instructions a request; the same answer.
        guard url.utf8.allSatisfy({ $0 < 0x80 }) else { return characterHost(of: url) }
        let bytes = Array(url.utf8)
        var start = 0
        if let scheme = bytes.indices.dropLast(2).first(where: { bytes[$0] == 0x3A && bytes[$0 + 1] == 0x2F && bytes[$0 + 2] == 0x2F }) {
            start = scheme + 3
        }
        let authority = bytes[start...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        // The last part between at-signs that is not empty, as `split(separator: "@").last` gives it.
        var rest = authority, hostAndPort: ArraySlice<UInt8>?
        while let at = rest.lastIndex(of: UInt8(ascii: "@")) {
            if at + 1 < rest.endIndex {
                hostAndPort = rest[(at + 1)...]
                break
            }
            rest = rest[..<at]
        }
        let host = hostAndPort ?? (rest.isEmpty ? authority : rest)
        if host.first == UInt8(ascii: "[") { return String(decoding: host.dropFirst().prefix { $0 != UInt8(ascii: "]") }, as: UTF8.self) }
        return String(decoding: host.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)
    }

    /// `host(of:)` for a URL that is not ASCII, a Character at a time.
    static func characterHost(of url: String) -> String {
        let rest = url.split(once: "://")?.after ?? Substring(url)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@").last ?? authority
        if hostAndPort.hasPrefix("[") { return String(hostAndPort.prefix { $0 != "]" }.dropFirst()) }
        return String(hostAndPort.prefix { $0 != ":" })
    }
}

/// Where TLS certificates of trusted authorities come from, when not the system's default store.
struct Certificates: Sendable {
    var file: String?
    var directory: String?
    /// What servers are checked against, as errors name it: the file's variable, else the folder's.
    var authorities: CertificateAuthorities = .system
    /// `SSL_CERT_FILE` or `CURL_CA_BUNDLE`: the variable `file` came from.
    private var fileVariable = "SSL_CERT_FILE"

    /// As the curl tool does: `CURL_CA_BUNDLE` alone when set; else `SSL_CERT_DIR` and `SSL_CERT_FILE`.
    /// An empty variable is unset.
    init(read: (String) -> String?) {
        func value(_ name: String) -> String? { read(name).flatMap { $0.isEmpty ? nil : $0 } }
        if let bundle = value("CURL_CA_BUNDLE") {
            file = bundle
            fileVariable = "CURL_CA_BUNDLE"
        } else {
            file = value("SSL_CERT_FILE")
            directory = value("SSL_CERT_DIR")
        }
        if let file {
            authorities = .variable(name: fileVariable, path: file)
        } else if let directory {
            authorities = .variable(name: "SSL_CERT_DIR", path: directory)
        }
    }

    /// Whether a variable names authorities: only then is there anything to check before a request.
    var isSet: Bool { file != nil || directory != nil }

    /// The authorities refused before libcurl opens them. A FIFO blocked libcurl's open for ever
    /// (no timeout applies: the TLS library opens the file with fopen, outside the transfer's
    /// clock), and a device never ends: the file must be a regular file; in the folder (or each
    /// of its `:`-separated folders, as OpenSSL reads `SSL_CERT_DIR`), an entry that is a FIFO,
    /// a device or a socket is refused, naming it. OpenSSL opens only the hash-named entries
    /// (`<8 hex digits>.<n>`), and only when a certificate's issuer has that hash, so one hung
    /// every request to one server and the update notice past its bound (attack report); every
    /// entry is looked at, as other TLS libraries read the whole folder. Nothing is opened here:
    /// lstat and fstatat (following links) never wait on a FIFO. A missing file or folder is left
    /// to libcurl, which names it; a folder or dangling link in the folder is never opened as a
    /// file, so it is left too.
    func refusal() -> TransportError? {
        if let file {
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                return .unreadableAuthorities(.variable(name: fileVariable, path: file), reason: "not a regular file (a FIFO, a device or a socket)")
            }
        }
        for folder in (directory ?? "").split(separator: ":").map(String.init) {
            if let entry = Self.specialEntry(in: folder) { return .specialFileInAuthorities(entry: entry, variable: "SSL_CERT_DIR") }
        }
        return nil
    }

    /// The first entry of `folder` (its path) that is a FIFO, a device or a socket, after links.
    private static func specialEntry(in folder: String) -> String? {
        // opendir opens with O_DIRECTORY | O_NONBLOCK: a FIFO in the folder's place fails at once.
        guard let handle = opendir(folder) else { return nil }
        defer { closedir(handle) }
        let descriptor = dirfd(handle)
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            var info = stat()
            guard name != ".", name != "..", fstatat(descriptor, name, &info, 0) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFDIR: continue
            default: return (folder.hasSuffix("/") ? folder : folder + "/") + name
            }
        }
        return nil
    }

    /// Which authorities could not be read, when libcurl says it could not load them
    /// (`CURLE_SSL_CACERT_BADFILE`): the file if it cannot be opened, else the folder if it cannot,
    /// else the one in use (read, but holding no certificate).
    func unreadable() -> CertificateAuthorities {
        if let file, !Self.canRead(file, folder: false) { return .variable(name: fileVariable, path: file) }
        if let directory, !Self.canRead(directory, folder: true) { return .variable(name: "SSL_CERT_DIR", path: directory) }
        return authorities
    }

    private static func canRead(_ path: String, folder: Bool) -> Bool {
        if folder {
            guard let handle = opendir(path) else { return false }
            closedir(handle)
            return true
        }
        // O_NONBLOCK: a FIFO put in the file's place since `refusal` is not waited on.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }
}

/// A pointer libcurl owns, handed between the submitting thread and the one driving the transfers.
private struct Handle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

/// The multi handle and the one thread that drives it: the loop's (`MainThreadExecutor`), or
/// a transfer thread of its own.
private final class Engine: IdleWork, @unchecked Sendable {
    // @unchecked: `active` is touched only by the side driving the transfers, and only one side
    // drives at a time (`State.running`); the rest is a Mutex or constant.
    private struct State {
        var multi: Handle?
        /// Submitted, not yet added to the multi handle.
        var inbox: [Transfer] = []
        /// Whether a thread drives the transfers (it stops when nothing is left to do).
        var running = false
        /// Whether that thread is the loop's (else a transfer thread of the engine's own).
        var onLoop = false
    }

    let certificates: Certificates
    private let state = Mutex(State())
    private let loop: MainThreadExecutor?
    private let queue = DispatchQueue(label: "meli.curl.transfers")
    /// The transfers in the multi handle.
    private var active: [Transfer] = []
    /// `certificates.refusal()`, worked out once, on the first https request (the inner nil:
    /// nothing refused).
    private let checkedCertificates = Mutex<TransportError??>(nil)

    init(certificates: Certificates, loop: MainThreadExecutor?) {
        self.certificates = certificates
        self.loop = loop
    }

    deinit {
        // Only when no transfer runs: the transfer thread holds the engine while it has work.
        if let multi = state.withLock({ $0.multi }) { ccurl_multi_cleanup(multi.raw) }
    }

    /// Why the authorities a variable names cannot be used, or nil: looked at once per
    /// transport, and not at all when no variable names any (the common case costs one test).
    func certificateRefusal() -> TransportError? {
        guard certificates.isSet else { return nil }
        return checkedCertificates.withLock { checked in
            if let checked { return checked }
            let refusal = certificates.refusal()
            checked = .some(refusal)
            return refusal
        }
    }

    /// Hands `transfer` to the driving thread: wakes it, or starts driving (on the loop, or on a
    /// transfer thread) when nothing was.
    func submit(_ transfer: Transfer) {
        let start: Handle?? = state.withLock { state in
            if state.multi == nil, let made = ccurl_multi_init() {
                // One connection per host; HTTP/2 streams share it (multiplexing is on by default
                // since libcurl 7.62; said here so that it does not depend on the version).
                _ = ccurl_multi_setopt_long(made, CURLMOPT_MAX_HOST_CONNECTIONS, 1)
                _ = ccurl_multi_setopt_long(made, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
                state.multi = Handle(raw: made)
            }
            guard let multi = state.multi else { return .some(nil) }
            state.inbox.append(transfer)
            if state.running {
                ccurl_multi_wakeup(multi.raw)
                return nil
            }
            state.running = true
            // On the loop, unless another transport's transfers hold its wait for now.
            state.onLoop = loop?.attach(self) ?? false
            return state.onLoop ? nil : .some(multi)
        }
        switch start {
        case .none: break
        case .some(.none): transfer.finish(.failure(.connection(host: transfer.host, reason: "libcurl could not make a multi handle")))
        case .some(.some(let multi)): queue.async { self.run(multi) }
        }
    }

    /// The loop's turn (`IdleWork`): one round, then libcurl's poll, unless the round finished a
    /// transfer (its task's job is queued now) or nothing is left.
    func runWhileIdle(atMost milliseconds: Int?) {
        guard let multi = state.withLock({ $0.running && $0.onLoop ? $0.multi : nil }),
              case .wait(let wait) = round(multi)
        else { return }
        _ = ccurl_multi_poll(multi.raw, Int32(min(wait, milliseconds ?? wait)))
    }


    /// The loop is about to run jobs, which may block it (a log line to a stderr nobody reads, a
    /// terminal stopped by Ctrl-S): transfers still in flight go on on the engine's own transfer
    /// thread until none is left, since libcurl counts their timeouts whether or not anyone drives
    /// them (an attack found a description answered in 1 s timed out at 2, stderr blocked for 5).
    /// A lone request, as a search's, has ended by the time its task's job runs: nothing moves.
    func willRunJobs() {
        let handOff: Handle? = state.withLock { state in
            guard state.running, state.onLoop, !active.isEmpty, let multi = state.multi else { return nil }
            state.onLoop = false
            loop?.detach(self)
            return multi
        }
        if let multi = handOff { queue.async { self.run(multi) } }
    }

    /// Wakes whichever thread drives the transfers (the loop's, in libcurl's poll, or the
    /// engine's own): to look at a cancellation, or, as the loop's `IdleWork`, to run a job
    /// enqueued from another thread.
    func interrupt() {
        state.withLock { state in
            if state.running, let multi = state.multi { ccurl_multi_wakeup(multi.raw) }
        }
    }

    /// The transfer thread: rounds, and sleeps in `curl_multi_poll` between them until a socket,
    /// a timer or a wakeup needs it. Returns when nothing is left.
    private func run(_ multi: Handle) {
        while true {
            switch round(multi) {
            case .done: return
            case .wait(let wait), .finished(let wait): _ = ccurl_multi_poll(multi.raw, Int32(wait))
            }
        }
    }

    /// What a round leaves: nothing (the driving stops), or transfers to sleep on for at most
    /// `wait` ms, some of them just handed back or not.
    private enum Round {
        case done
        case wait(Int)
        case finished(Int)
    }

    /// Adds new transfers, drops cancelled ones, lets libcurl work and hands back finished ones.
    private func round(_ multi: Handle) -> Round {
        var finished = false
        while true {
            let idle = active.isEmpty
            let incoming: [Transfer]? = state.withLock { state in
                if idle && state.inbox.isEmpty {
                    state.running = false
                    if state.onLoop { loop?.detach(self) }
                    return nil
                }
                defer { state.inbox = [] }
                return state.inbox
            }
            guard let incoming else { return .done }
            for transfer in incoming {
                if transfer.isCancelled {
                    transfer.finish(.failure(transfer.cancellation))
                    finished = true
                } else if ccurl_multi_add_handle(multi.raw, transfer.easy) == CURLM_OK {
                    active.append(transfer)
                } else {
                    transfer.finish(.failure(.connection(host: transfer.host, reason: "libcurl refused the transfer")))
                    finished = true
                }
            }
            active.removeAll { transfer in
                guard transfer.isCancelled else { return false }
                ccurl_multi_remove_handle(multi.raw, transfer.easy)
                transfer.finish(.failure(transfer.cancellation))
                finished = true
                return true
            }
            var running: Int32 = 0
            _ = ccurl_multi_perform(multi.raw, &running)
            var left: Int32 = 0
            while let message = ccurl_multi_info_read(multi.raw, &left) {
                guard message.pointee.msg == CURLMSG_DONE,
                      let index = active.firstIndex(where: { $0.easy == message.pointee.easy_handle })
                else { continue }
                let code = ccurl_message_result(message)
                let transfer = active.remove(at: index)
                ccurl_multi_remove_handle(multi.raw, transfer.easy)
                transfer.finish(transfer.outcome(code))
                finished = true
            }
            // A transfer bounded by silence only that has been silent for its timeout is given up.
            let now = ContinuousClock.now
            active.removeAll { transfer in
                guard let stall = transfer.stall(at: now) else { return false }
                ccurl_multi_remove_handle(multi.raw, transfer.easy)
                transfer.finish(.failure(stall))
                finished = true
                return true
            }
            if active.isEmpty { continue }
            // At most 10 s asleep; libcurl shortens it to its next timer (timeouts, low-speed checks),
            // and the nearest end of a silence allowed wakes it too.
            let wait = min(10_000, active.compactMap { $0.silenceLeft(at: now) }.min().map { Self.milliseconds($0) } ?? 10_000)
            return finished ? .finished(wait) : .wait(wait)
        }
    }
}

extension Engine {
    /// `duration` in whole milliseconds, rounded up, at least 1.
    fileprivate static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}

/// One request in flight: its easy handle and what has been received. Touched by the sending task
/// until submitted, then only by the thread driving the transfers (libcurl's callbacks run there);
/// `cancelled` is the one field both sides use.
private final class Transfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let url: String
    let host: String
    let limit: Int?
    let sink: HTTPBodySink?
    let timeout: Double
    let certificates: Certificates
    let cancelled = Atomic(false)
    var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorText: UnsafeMutablePointer<CChar>
    private var body: [UInt8] = []
    private var headers: [(name: String, value: String)] = []
    /// Whether the blank line after the final answer's headers has come: what follows is trailers.
    private var headersEnded = false
    /// Whether the answer whose headers are being read is informational (1xx): another follows it.
    private var informational = false
    private var passedLimit = false
    /// Body bytes received so far, whether kept or handed to the sink.
    private var received = 0
    /// The status of the answer whose headers were read last (the final one once the body comes).
    private var status = 0
    /// Whether the sink refused a piece (it knows why): the transfer stopped there.
    private var sinkRefused = false
    private var released = false
    /// Whether `timeout` bounds silence only (`HTTPRequest.boundsSilenceOnly`).
    let boundsSilenceOnly: Bool
    /// When a byte (of the head or the body) last came, or the transfer was made.
    private var lastActivity = ContinuousClock.now

    /// Nil when libcurl cannot make a handle (memory ran out).
    init?(request: HTTPRequest, host: String, certificates: Certificates) {
        guard let easy = ccurl_easy_init() else { return nil }
        self.easy = easy
        self.certificates = certificates
        url = request.url
        self.host = host
        limit = request.maxBodyBytes
        sink = request.sink
        timeout = request.timeout
        boundsSilenceOnly = request.boundsSilenceOnly
        errorText = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    var cancellation: TransportError { .interrupted(host: host, reason: "cancelled") }

    /// One request header as libcurl sends it. Every control character in the value (CR, LF, NUL,
    /// the other C0 codes and DEL) becomes a space, scalar by scalar: a line break would start a
    /// second header line, or a whole second request, and a NUL would cut the line short. Swift's
    /// `Character` cannot do it: "\r\n" is one Character, equal to neither "\r" nor "\n" (a token
    /// holding "\r\n\r\nGET /x HTTP/1.1" was sent as a second request).
    static func headerLine(name: String, value: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            clean.append(scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F ? " " : scalar)
        }
        return clean.isEmpty ? "\(name);" : "\(name): \(String(clean))"
    }

    /// Sets every option; false when libcurl refuses one (the URL or a header it cannot send).
    func configure(_ request: HTTPRequest) -> Bool {
        var ok = true
        func set(_ option: CURLoption, _ value: Int) { ok = ok && ccurl_setopt_long(easy, option, value) == CURLE_OK }
        func set(_ option: CURLoption, _ value: String) { ok = ok && ccurl_setopt_string(easy, option, value) == CURLE_OK }

        set(CURLOPT_URL, request.url)
        ok = ok && ccurl_allow_http_only(easy) == CURLE_OK
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        set(CURLOPT_PIPEWAIT, 1)
        // A proxy's answer to CONNECT is not passed to the header callback: the status lines it
        // sees are the 1xx ones and the final one (see `header`).
        set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        set(CURLOPT_ACCEPT_ENCODING, "")
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        if let file = certificates.file { set(CURLOPT_CAINFO, file) }
        if let directory = certificates.directory { set(CURLOPT_CAPATH, directory) }

        // Held to 1 ms ... ~24 days (what a C long of milliseconds holds anywhere): no NaN,
        // infinity or huge setting can trap the conversion to an integer.
        let seconds = request.timeout.isNaN ? 1 : min(max(request.timeout, 0.001), Double(Int32.max) / 1000)
        let milliseconds = Int((seconds * 1000).rounded(.up))
        // A download has no total bound (it may take minutes while data flows): only connecting,
        // and silence, which the engine measures from the last byte (`stall(at:)`).
        set(CURLOPT_TIMEOUT_MS, request.boundsSilenceOnly ? 0 : milliseconds)
        set(CURLOPT_CONNECTTIMEOUT_MS, Int((HTTPTimeout.connectSeconds(within: seconds) * 1000).rounded(.up)))
        set(CURLOPT_LOW_SPEED_LIMIT, 1)
        set(CURLOPT_LOW_SPEED_TIME, max(1, Int(seconds.rounded(.up))))
        if let limit = request.maxBodyBytes {
            ok = ok && ccurl_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)) == CURLE_OK
        }

        switch request.method.uppercased() {
        case "GET" where request.body == nil: set(CURLOPT_HTTPGET, 1)
        case "HEAD": set(CURLOPT_NOBODY, 1)
        case "POST": set(CURLOPT_POST, 1)
        default: set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body, request.method.uppercased() != "HEAD" {
            // COPYPOSTFIELDS copies the bytes, so the array need not outlive this call; its size
            // must be set first, or libcurl would stop at the first zero byte.
            ok = ok && ccurl_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)) == CURLE_OK
            ok = ok && body.withUnsafeBytes { bytes in
                let base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return ccurl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base)) == CURLE_OK
            }
        }

        // No "Expect: 100-continue" (a second's wait before a body the server never asked to see).
        var lines = ["Expect:"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append(Self.headerLine(name: name, value: value))
        }
        for line in lines { headerList = ccurl_slist_append(headerList, line) }
        ok = ok && ccurl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList) == CURLE_OK

        let me = Unmanaged.passUnretained(self).toOpaque()
        ok = ok && ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorText) == CURLE_OK
        ok = ok && ccurl_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, { data, size, count, me in
            guard let me else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(me).takeUnretainedValue().receive(data, size * count)
        }) == CURLE_OK
        ok = ok && ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, me) == CURLE_OK
        ok = ok && ccurl_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, { data, size, count, me in
            guard let me else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(me).takeUnretainedValue().header(data, size * count)
        }) == CURLE_OK
        ok = ok && ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, me) == CURLE_OK
        return ok
    }

    /// How much longer this transfer may stay silent, for one bounded by silence only.
    func silenceLeft(at now: ContinuousClock.Instant) -> Duration? {
        guard boundsSilenceOnly else { return nil }
        return max(.zero, lastActivity + .seconds(timeout) - now)
    }

    /// The error of a transfer bounded by silence only that got nothing for `timeout` seconds,
    /// or nil: no answer at all is a timeout, silence after the head or some body a stall.
    func stall(at now: ContinuousClock.Instant) -> TransportError? {
        guard let left = silenceLeft(at: now), left <= .zero else { return nil }
        return silenceError()
    }

    private func silenceError() -> TransportError {
        guard status == 0 && received == 0 else { return .stalled(host: host, seconds: timeout, received: received) }
        return neverConnected ? .connectTimeout(host: host, seconds: HTTPTimeout.connectSeconds(within: timeout)) : .timeout(host: host, seconds: timeout)
    }

    /// Whether the connection (TCP, then TLS for https) was never made.
    private var neverConnected: Bool {
        var connected: curl_off_t = 0, secured: curl_off_t = 0
        _ = ccurl_getinfo_offset(easy, CURLINFO_CONNECT_TIME_T, &connected)
        _ = ccurl_getinfo_offset(easy, CURLINFO_APPCONNECT_TIME_T, &secured)
        return connected == 0 || (url.lowercased().hasPrefix("https://") && secured == 0)
    }

    /// A piece of the (decompressed) body. Returning less than `count` stops the transfer.
    private func receive(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = ContinuousClock.now
        if let limit, received + count > limit {
            passedLimit = true
            return 0
        }
        received += count
        guard let data, count > 0 else { return count }
        let piece = UnsafeRawBufferPointer(start: data, count: count)
        if let sink, (200..<300).contains(status) {
            guard sink.receive(piece) else {
                sinkRefused = true
                return 0
            }
        } else {
            body.append(contentsOf: piece)
        }
        return count
    }

    /// One header line, or a status line: each status line starts a new answer (after a
    /// `100 Continue`, say), so only the last answer's headers are kept. libcurl also passes a
    /// chunked body's trailers here, after the blank line that ends the final (not 1xx) answer's
    /// headers; they are not headers of the answer (nothing vouches for what follows a body) and
    /// are dropped, a trailer that looks like a status line too (it started a new answer, whose
    /// headers the next trailers became).
    private func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = ContinuousClock.now
        guard let data, count > 0, !headersEnded else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = []
            let code = line.split(separator: " ", maxSplits: 2).dropFirst().first
            informational = code.map { $0.count == 3 && $0.hasPrefix("1") } ?? false
            status = code.flatMap { Int($0.prefix(3)) } ?? 0
        } else if line == "\r\n" || line == "\n" {
            headersEnded = !informational
            if headersEnded { announceLength() }
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            headers.append((name, value))
        }
        return count
    }

    /// Tells the sink the body's length, for a 2xx answer that announces one and is not compressed
    /// (libcurl hands over the body decompressed: a compressed length is not what will come).
    private func announceLength() {
        guard let sink, (200..<300).contains(status) else { return }
        func value(_ name: String) -> String? { headers.last { $0.name.lowercased() == name }?.value }
        guard value("content-encoding").map({ $0.isEmpty || $0.lowercased() == "identity" }) ?? true,
              let length = value("content-length").flatMap({ Int($0) }), length >= 0 else { return }
        sink.announce(length: length)
    }

    /// What a finished transfer gives: the answer, or the error its result code means.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        guard code == CURLE_OK else { return .failure(error(code)) }
        var status = 0
        _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var merged: [String: String] = [:]
        for (name, value) in headers {
            // A header sent twice is one, its values joined by commas (RFC 9110, 5.3).
            let key = name.lowercased()
            merged[key] = merged[key].map { $0 + ", " + value } ?? value
        }
        return .success(HTTPResponse(status: status, headers: merged, body: body))
    }

    private func error(_ code: CURLcode) -> TransportError {
        let detail = errorText.pointee != 0 ? String(cString: errorText) : String(cString: ccurl_easy_strerror(code))
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL(url)
        case CURLE_COULDNT_RESOLVE_PROXY:
            let proxy = ProxySetting(for: url)
            return .proxy(proxy: proxy?.address ?? "?", variable: proxy?.variable ?? "all_proxy", reason: detail)
        case CURLE_COULDNT_CONNECT:
            // libcurl names the host it failed to connect to: the proxy's, when one was used.
            if let proxy = ProxySetting(for: url), detail.lowercased().contains(text: "connect to \(proxy.host) ") {
                return .proxy(proxy: proxy.address, variable: proxy.variable, reason: detail)
            }
            return .connection(host: host, reason: detail)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .connection(host: host, reason: detail)
        case CURLE_OPERATION_TIMEDOUT:
            // Never connected (TCP, then TLS for https): the connect timeout applied, not the total.
            if neverConnected {
                return .connectTimeout(host: host, seconds: HTTPTimeout.connectSeconds(within: timeout))
            }
            // libcurl's low-speed check, the backstop of the engine's own: a stall, for a download.
            return boundsSilenceOnly ? silenceError() : .timeout(host: host, seconds: timeout)
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(host: host, limit: limit ?? 0)
        case CURLE_WRITE_ERROR where passedLimit:
            return .tooLarge(host: host, limit: limit ?? 0)
        case CURLE_WRITE_ERROR where sinkRefused:
            return .interrupted(host: host, reason: "the body could not be stored")
        case CURLE_SSL_CONNECT_ERROR where Self.notTLS(url: url, reason: detail):
            return .notTLS(host: host, reason: detail)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .untrustedCertificate(host: host, reason: detail, authorities: certificates.authorities)
        case CURLE_SSL_CACERT_BADFILE:
            return .unreadableAuthorities(certificates.unreadable(), reason: detail)
        default:
            return .interrupted(host: host, reason: detail)
        }
    }

    /// Whether a failed TLS handshake with `url` means its server does not speak TLS: an https
    /// address, and OpenSSL's words for an answer that is no TLS record (a plain http server's
    /// `HTTP/1.1 400`: "wrong version number", "packet length too long", "record layer failure")
    /// or for a connection closed at the greeting ("SSL_ERROR_SYSCALL", "unexpected eof").
    static func notTLS(url: String, reason: String) -> Bool {
        guard url.lowercased().hasPrefix("https://") else { return false }
        let reason = reason.lowercased()
        return ["wrong version number", "packet length too long", "record layer failure", "ssl_error_syscall", "unexpected eof"]
            .contains { reason.contains(text: $0) }
    }

    /// Hands the outcome to the waiting task, once, and frees what libcurl holds.
    func finish(_ result: Result<HTTPResponse, TransportError>) {
        let continuation = continuation
        self.continuation = nil
        release()
        continuation?.resume(returning: result)
    }

    /// Frees the easy handle and the header list (the handle is out of the multi handle by now).
    func release() {
        guard !released else { return }
        released = true
        ccurl_easy_cleanup(easy)
        ccurl_slist_free_all(headerList)
        headerList = nil
        errorText.deallocate()
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self).unicodeScalars
        while let first = view.first, scalars.contains(first) { view.removeFirst() }
        while let last = view.last, scalars.contains(last) { view.removeLast() }
        return String(view)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
