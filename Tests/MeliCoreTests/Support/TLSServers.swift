import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-signed certificate and its key, made by `openssl req -x509` in a temporary folder, for
/// `localhost`, `meli.test` and `127.0.0.1`. Trusted by nothing until a client is told about it
/// (`SSL_CERT_FILE`).
final class TestCertificate: @unchecked Sendable {
    let directory: TemporaryDirectory
    var certificate: String { directory.path + "/cert.pem" }
    var key: String { directory.path + "/key.pem" }

    init() throws {
        directory = try TemporaryDirectory()
        let made = try BinaryRunner.run("/usr/bin/env", [
            // RSA rather than EC: the one key type every openssl (macOS's LibreSSL too) makes with `req`.
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
            "-keyout", directory.path + "/key.pem", "-out", directory.path + "/cert.pem", "-days", "2",
            "-subj", "/CN=meli-test", "-addext", "subjectAltName=DNS:localhost,DNS:meli.test,IP:127.0.0.1",
        ], environment: ProcessInfo.processInfo.environment)
        guard made.status == 0 else { throw ServerProcess.Failure(what: "openssl req", output: made.stderr) }
    }
}

/// A server program run for one test (python3's HTTPS server, nghttpd), killed when the value goes.
final class ServerProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var what: String
        var output: String
        var description: String { "\(what) failed: \(output)" }
    }

    let port: UInt16
    private let child: SpawnedProcess
    private let directory: TemporaryDirectory
    /// Where the program's standard error (and, with a known port, its output) goes.
    private var logFile: String { directory.path + "/log" }

    /// Starts `arguments` (looked up on PATH) and waits until `port` accepts connections;
    /// `port` nil: the program prints its port alone on its first line of standard output.
    init(_ arguments: [String], port known: UInt16? = nil) throws {
        directory = try TemporaryDirectory()
        let firstLine = directory.path + "/stdout"
        let what = arguments.joined(separator: " ")
        // nghttpd is in /usr/sbin, which a Debian user's PATH lacks.
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/local/sbin:/usr/sbin"
        child = try SpawnedProcess(arguments, environment: environment,
                                   stdout: known == nil ? firstLine : directory.path + "/log", stderr: directory.path + "/log")
        var found = known
        // Until it says its port and accepts on it (a wait, bounded; a program that died is not waited for).
        for _ in 0..<200 where child.isRunning {
            if found == nil, let text = try? String(contentsOfFile: firstLine, encoding: .utf8), text.contains("\n") {
                found = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if let found, Self.accepts(found) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let found, child.isRunning, Self.accepts(found) else {
            throw Failure(what: what, output: (try? String(contentsOfFile: directory.path + "/log", encoding: .utf8)) ?? "")
        }
        port = found
    }

    /// What the program wrote so far.
    var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// The python3 HTTPS server of Tests/Servers/https_server.py, answering every GET with `body`.
    static func https(certificate: TestCertificate, body: [UInt8]) throws -> ServerProcess {
        let bodyFile = try certificate.directory.write("body.json", bytes: body)
        // Outside Tests/MeliCoreTests: SwiftPM would warn of a file the target does not use.
        let script = repositoryFile("Tests/Servers/https_server.py")
        return try ServerProcess(["python3", script, certificate.certificate, certificate.key, bodyFile])
    }

    /// nghttpd (Debian's nghttp2-server): HTTP/2 only, over TLS, serving the files of `htdocs`
    /// (a request's query is ignored), logging every frame (`-v`).
    static func nghttpd(certificate: TestCertificate, htdocs: String) throws -> ServerProcess {
        let port = try freePort()
        return try ServerProcess(
            ["nghttpd", "-v", "--address=127.0.0.1", "--htdocs=" + htdocs, String(port), certificate.key, certificate.certificate],
            port: port)
    }

    /// A port nothing listens on at the moment (bound to 0 and released).
    static func freePort() throws -> UInt16 {
        let fd = LoopbackSocket.make()
        defer { close(fd) }
        guard let port = LoopbackSocket.bindAnyPort(fd) else { throw POSIXError(.EADDRINUSE) }
        return port
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(_ port: UInt16) -> Bool {
        let fd = LoopbackSocket.make()
        defer { close(fd) }
        return LoopbackSocket.connect(fd, port: port)
    }
}
