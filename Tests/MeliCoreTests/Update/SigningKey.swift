import Foundation
@testable import MeliCore

/// An Ed25519 key made with openssl as a maintainer makes one (README, "Security"), and
/// signatures made with `openssl pkeyutl -sign -rawin`, as scripts/publish-qa makes them: of the
/// one-line statements, never of whole files (brief of issue 22, decisions 1 and 2).
struct SigningKey {
    let directory: TemporaryDirectory
    let pem: String
    /// The public key as Config/signing-keys and MELI_UPDATE_KEYS take it: base64 of 32 bytes.
    let publicKey: String

    init() throws {
        directory = try TemporaryDirectory()
        pem = directory.path + "/key.pem"
        try PackageFixture.shell("openssl genpkey -algorithm ed25519 -out '\(pem)'")
        let result = try BinaryRunner.run(
            "/bin/sh", ["-c", "openssl pkey -in '\(pem)' -pubout -outform DER | tail -c 32 | openssl base64 -A"], environment: ["PATH": "/usr/bin:/bin"])
        publicKey = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The keys a binary trusting this one has.
    var trusted: SigningKeys { SigningKeys(keys: [SigningKeys.decode(publicKey)!]) }

    /// This key's signature (64 raw bytes) of `message`.
    func sign(_ message: [UInt8]) throws -> [UInt8] {
        let input = try directory.write("message-\(UUID().uuidString)", bytes: message)
        try PackageFixture.shell("openssl pkeyutl -sign -inkey '\(pem)' -rawin -in '\(input)' -out '\(input).sig'")
        return Array(try Data(contentsOf: URL(fileURLWithPath: input + ".sig")))
    }

    /// The signature of the statement naming `file` and `sha256` (`meli-package-v1 FILE SHA256\n`).
    func signPackage(file: String, sha256: String) throws -> [UInt8] {
        try sign(Array("meli-package-v1 \(file) \(sha256)\n".utf8))
    }

    /// Writes `<tarball>.sig` beside the tarball at `path`: the signature of its statement.
    @discardableResult
    func signPackage(at path: String) throws -> [UInt8] {
        let signature = try signPackage(file: PathName.lastComponent(of: path), sha256: SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        try Data(signature).write(to: URL(fileURLWithPath: path + ".sig"))
        return signature
    }

    /// The signature of a feed's bytes (`meli-feed-v1 SHA256\n`), as `<feed>.sig` holds it.
    func signFeed(_ bytes: [UInt8]) throws -> [UInt8] {
        try sign(Array("meli-feed-v1 \(SHA256.hex(bytes))\n".utf8))
    }

    /// Writes `<feed>.sig` beside the feed at `path`.
    func signFeed(at path: String) throws {
        try Data(try signFeed(Array(try Data(contentsOf: URL(fileURLWithPath: path))))).write(to: URL(fileURLWithPath: path + ".sig"))
    }
}
