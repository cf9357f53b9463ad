import Foundation
import MeliHTTP
import Testing
@testable import MeliCore

/// A FIFO among SSL_CERT_DIR's hashed entries hung every https request past MELI_HTTP_TIMEOUT
/// (three times over, with the retries) and the update notice past its 1.5 s bound, on every run:
/// OpenSSL opens the entry named by the issuer's hash with fopen, which waits for a writer, and no
/// timeout of libcurl's reaches it (attack report). Against the python3 HTTPS server, with the
/// FIFO named by the test certificate's own hash, so that OpenSSL looks it up. Each wait is
/// bounded: should the request wait on the FIFO again, the test opens the FIFO's other end after
/// a generous bound, which ends the wait, and fails.
@Suite("A certificate folder holding a FIFO", .serialized)
final class CertificateFolderTests: @unchecked Sendable {
    let certificate: TestCertificate
    let server: ServerProcess
    let folder: TemporaryDirectory
    /// `<subject hash>.0`, the name OpenSSL looks the test certificate's issuer up by.
    let hashedEntry: String

    init() throws {
        certificate = try TestCertificate()
        server = try ServerProcess.https(certificate: certificate, body: CurlBehaviourTests.page)
        folder = try TemporaryDirectory()
        let hash = try BinaryRunner.run("/usr/bin/env", ["openssl", "x509", "-hash", "-noout", "-in", certificate.certificate],
                                        environment: ProcessInfo.processInfo.environment)
        hashedEntry = folder.path + "/" + hash.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + ".0"
    }

    /// The bound on a wait that should take milliseconds.
    static let bound: Duration = .seconds(30)

    /// Opens the FIFO at `path` for writing and closes it: a reader waiting in open(2) then reads its end.
    static func release(_ path: String) {
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    /// `send`'s outcome, and whether it waited past `bound`: then the FIFO is released (as often
    /// as the TLS library opens it again) until the send ends.
    func boundedSend(_ transport: CurlTransport, _ request: HTTPRequest) async -> (outcome: Result<HTTPResponse, TransportError>, waited: Bool) {
        let send = Task { () -> Result<HTTPResponse, TransportError> in
            do throws(TransportError) { return .success(try await transport.send(request)) } catch { return .failure(error) }
        }
        let fifo = hashedEntry
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: Self.bound) } catch { return false }
            while !Task.isCancelled {
                Self.release(fifo)
                try? await Task.sleep(for: .milliseconds(50))
            }
            return true
        }
        let outcome = await send.value
        watchdog.cancel()
        return (outcome, await watchdog.value)
    }

    @Test func aFIFOInTheFolderIsRefusedAtOnceNamingIt() async throws {
        #expect(mkfifo(hashedEntry, 0o600) == 0)
        let request = HTTPRequest(url: "https://localhost:\(server.port)/sites", timeout: 2)
        let (outcome, waited) = await boundedSend(CurlTransport(environment: ["SSL_CERT_DIR": folder.path]), request)
        let refused = TransportError.specialFileInAuthorities(entry: hashedEntry, variable: "SSL_CERT_DIR")
        #expect(!waited, "the request waited on the FIFO for \(Self.bound)")
        guard case .failure(let error) = outcome else {
            Issue.record("the request went through")
            return
        }
        #expect(error == refused)
        #expect(error.isFinal, "not tried again")
        let failure = APIError.transport(error).failure(binary: "meli-qa")
        #expect(failure.exitCode == .configuration)
        #expect(failure.text.english.hasPrefix("\(hashedEntry), in the certificate folder SSL_CERT_DIR names, is not a regular file"))
        #expect(!server.log.contains("GET /"))
    }

    /// The same folder with the certificate in the FIFO's place is used: the FIFO was in the one
    /// place OpenSSL reads, and a folder of regular files (and a sub-folder) is not refused.
    @Test func theFolderWithTheCertificateInItsPlaceIsTrusted() async throws {
        #expect(FileManager.default.createFile(atPath: hashedEntry, contents: FileManager.default.contents(atPath: certificate.certificate)))
        try FileManager.default.createDirectory(atPath: folder.path + "/java", withIntermediateDirectories: false)
        let request = HTTPRequest(url: "https://localhost:\(server.port)/sites", timeout: 10)
        let (outcome, _) = await boundedSend(CurlTransport(environment: ["SSL_CERT_DIR": folder.path]), request)
        guard case .success(let response) = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(response.status == 200)
    }

    /// The built binary: exit 3 at once, the entry and what to do said, in English and Spanish;
    /// SSL_CERT_DIR may list folders separated by ':' (as OpenSSL reads it), each looked at.
    @Test func theBinaryStopsWithAConfigurationError() throws {
        #expect(mkfifo(hashedEntry, 0o600) == 0)
        let home = try TemporaryDirectory()
        for language in ["en", "es"] {
            let environment = [
                "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_API_BASE_URL": "https://localhost:\(server.port)",
                "MELI_HTTP_TIMEOUT": "2", "MELI_LANG": language, "SSL_CERT_DIR": home.path + ":" + folder.path,
            ]
            let out = home.path + "/out-\(language)", err = home.path + "/err-\(language)"
            let process = try SpawnedProcess([try BinaryRunner.path(of: "meli-qa"), "search", "x"], environment: environment, stdout: out, stderr: err)
            let started = ContinuousClock.now
            while process.isRunning, ContinuousClock.now - started < Self.bound { usleep(20_000) }
            if process.isRunning {
                Issue.record("meli-qa waited on the FIFO for \(Self.bound)")
                process.signal(SIGKILL)
            }
            #expect(process.wait() == .exited(3))
            let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            #expect(stderr.contains(hashedEntry), "\(stderr)")
            #expect(stderr.contains(language == "en" ? "Remove \(hashedEntry) from the folder" : "Quite \(hashedEntry) de la carpeta"), "\(stderr)")
        }
        #expect(!server.log.contains("GET /"))
    }
}
