import Foundation
import Testing
@testable import MeliCore

/// A hostile env file given to `env diff OTHER` or `--env-file` could `#include` any file the user
/// can read, and every line of it that did not parse was quoted whole in its error, up to 100 a file
/// (issue 22, item 8): an SSH private key, `/etc/shadow` as root, `/proc/self/environ`. Here such a
/// file includes a real private key (made by openssl), `/proc/self/environ` with a marker in the
/// process environment, a binary file, a Latin-1 file, and an env file whose broken lines hold a
/// secret after their mistake; every command that loads it, at every verbosity, is run with the
/// built `meli-qa`, and every byte it writes is grepped for their contents.
@Suite("Includes cannot read files out")
final class IncludeReadOutBinaryTests: @unchecked Sendable {
    static let environMarker = "environ-marker-value-31337"
    static let binaryMarker = "BINARY-FILE-MARKER-8086"
    static let latinMarker = "LATIN1-FILE-MARKER-6502"
    static let brokenLineSecret = "after-the-mistake-2718"

    let home: TemporaryDirectory
    /// The private key's PEM text.
    let key: String

    init() throws {
        home = try TemporaryDirectory()
        let keyPath = home.path + "/id_key.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", keyPath]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        key = try String(contentsOfFile: keyPath, encoding: .utf8)
        var blob: [UInt8] = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        blob.insert(contentsOf: Array("\n\(Self.binaryMarker) = 1\n".utf8), at: 300)
        try home.write("blob.bin", bytes: blob)
        try home.write("latin.txt", bytes: Array("GREETING = caf".utf8) + [0xE9] + Array("\n\(Self.latinMarker) = 1\n".utf8))
        try home.write("half.env", """
            PLAIN = 1
            not a setting \(Self.brokenLineSecret)
            -----BEGIN \(Self.brokenLineSecret)
            QUOTED = "\(Self.brokenLineSecret)
            ESCAPE = "x\\q\(Self.brokenLineSecret)"
            REFERENCE = $(PLAIN:lowr)\(Self.brokenLineSecret)

            """)
        // The attack round's e6.env: a key whose first line someone made a setting, so that it
        // passes the first-line gate, included from another folder.
        let body = key.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined(separator: "\n")
        try home.write("keys/e6.env", "A = 1\n\(body)\n")
        try home.write("mal/E6.env", "#include \"\(repositoryFile("Config/QA.env"))\"\n#include \"../keys/e6.env\"\n")
        try home.write("Hostile.env", """
            #include "\(repositoryFile("Config/QA.env"))"
            #include "id_key.pem"
            #include "/proc/self/environ"
            #include? "blob.bin"
            #include "latin.txt"
            #include "half.env"

            """)
    }

    /// What must never be printed: each line of the key's body and every 12-character piece of
    /// it (a quote cut short still shows a piece), and each marker.
    var contents: [String] {
        let body = key.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let pieces = stride(from: 0, to: body.count - 12, by: 6).map { String(body.dropFirst($0).prefix(12)) }
        return pieces + key.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
            + [Self.environMarker, Self.binaryMarker, Self.latinMarker, Self.brokenLineSecret]
    }

    func qa(_ arguments: [String]) throws -> RunResult {
        try BinaryRunner.run("meli-qa", arguments, environment: [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_TEST_MARKER": Self.environMarker,
        ], directory: home.path)
    }

    /// A key included from outside the chosen file's folder, past the first-line gate: its lines
    /// are pointed at by place alone. (Before, 43% of an RSA-2048 key body was printed.)
    @Test func aKeyIncludedFromAnotherFolderIsNeverQuoted() throws {
        let hostile = home.path + "/mal/E6.env"
        for command in [["env", "diff", hostile], ["env", "--env-file", hostile], ["env", "diff", "mal/E6.env", "--json", "-vvv"]] {
            let result = try qa(command)
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("keys/e6.env:2:"), "\(command): \(result.stderr)")
            for secret in contents {
                #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(command) printed '\(secret)':\n\(result.stderr)")
            }
        }
    }

    @Test func noCommandPrintsWhatTheIncludedFilesHold() throws {
        #expect(key.hasPrefix("-----BEGIN PRIVATE KEY-----"), "openssl made a key")
        let hostile = home.path + "/Hostile.env"
        let commands = [
            ["env", "--env-file", hostile], ["env", "--json", "--env-file", hostile],
            ["env", "--explain", "MELI_LOG_LEVEL", "--env-file", hostile], ["env", "diff", hostile], ["env", "diff", "./Hostile.env", "--json"],
            ["site", "--env-file", hostile], ["sites", "--env-file", hostile],
        ]
        for verbosity in [[], ["-q"], ["-v"], ["-vvv"]] {
            for command in commands {
                let result = try qa(command + verbosity)
                let what = (command + verbosity).joined(separator: " ")
                #expect(result.status == 3, "\(what): \(result.stderr)")
                for secret in contents {
                    #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(what) printed '\(secret)':\n\(result.stderr)")
                }
                // Each refusal is said, naming the include and why.
                #expect(result.stderr.contains("id_key.pem': it is not an environment file"), "\(what): \(result.stderr)")
                #expect(result.stderr.contains("cannot include '/proc/self/environ': the system makes it up"), "\(what): \(result.stderr)")
                #expect(result.stderr.contains("blob.bin': it is not an environment file: it holds a NUL byte"), "\(what): \(result.stderr)")
                #expect(result.stderr.contains("latin.txt': it is not an environment file: it is not UTF-8 text (line 1)"), "\(what): \(result.stderr)")
                #expect(result.stderr.contains("half.env:2:5: error:"), "the env file's own mistakes are still reported: \(result.stderr)")
            }
        }
    }
}
