import Foundation
import Testing
@testable import MeliCore

@Suite("Secret setting names")
struct SettingKeyTests {
    @Test(arguments: [
        "MELI_ACCESS_TOKEN", "MELI_CLIENT_SECRET", "db_password", "MY_PASSWD", "aws_credentials", "OpenAPIKey",
        "KEY", "key", "MELI_SIGNING_KEY", "github_token_2", "xTOKENx", "Secret",
        "ſecret", "MELI_ÁPI_TOKEN",
        // Issue 22, attack round 2: PASS as a part of a word, PRIVATE, and the suffixes _PAT, _SK, _PW, _PWD.
        "DB_PASS", "PASS", "pass", "PASSPHRASE", "GPG_PASSPHRASE", "DBPASS", "SSH_PRIVATE", "PRIVATE_KEY_PEM", "private",
        "GITHUB_PAT", "STRIPE_SK", "SMTP_PW", "MYSQL_PWD", "db_pwd", "ÁDB_PASS", "ÁGITHUB_PAT",
    ])
    func secretNames(_ name: String) {
        #expect(SettingKey.isSecret(name))
    }

    @Test(arguments: [
        "", "MELI_API_BASE_URL", "HOME", "KEYS", "MONKEY", "MELI_UPDATE_KEYS", "TOKE", "_KE", "PATH", "TOKEÑ", "MELI_SITE_Ñ",
        // The working folder, and names that merely end in the letters of a suffix.
        "PWD", "OLDPWD", "PAT", "SK", "PW", "MELI_DESK", "XDG_PATH", "MELI_SKU", "MELI_PATH",
    ])
    func plainNames(_ name: String) {
        #expect(!SettingKey.isSecret(name))
    }

    /// The byte matcher that every run uses for its process environment says what the Unicode
    /// matcher says of every ASCII name: 50,000 names made of pieces of the words and suffixes,
    /// in both cases, with underscores and other letters between them (a fixed seed).
    @Test func asciiNamesAreMatchedAsTheUnicodePathMatchesThem() {
        let pieces = ["TOK", "EN", "token", "Tok", "SEC", "ret", "PASS", "pa", "ss", "PRIV", "ate", "CREDENTIAL", "cred",
                      "API", "key", "KEY", "Ke", "y", "PAT", "pat", "SK", "s", "k", "PW", "pw", "D", "d", "_", "_", "__",
                      "X", "MELI", "A", "P", "T", "C", "1", "-", " ", "="]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var secrets = 0
        for _ in 0..<50_000 {
            let name = (0..<next(7)).map { _ in pieces[next(pieces.count)] }.joined()
            let bytes = Array(name.utf8)
            let byBytes = bytes.withUnsafeBufferPointer(SettingKey.isSecretASCII)
            #expect(byBytes == SettingKey.isSecretByScalars(name), "\(name)")
            #expect(SettingKey.isSecret(name) == SettingKey.isSecretByScalars(name), "\(name)")
            if byBytes == true { secrets += 1 }
        }
        // Both answers came up often enough for the comparison to mean something.
        #expect(secrets > 5_000 && secrets < 45_000, "\(secrets)")
        #expect([UInt8]("TOKÉN".utf8).withUnsafeBufferPointer(SettingKey.isSecretASCII) == nil)
    }

    /// A hostile file that assigns `MELI_X = $(DB_PASS)` showed DB_PASS's value, from the file or
    /// from the process environment: the name was not a secret's, so neither was what was worked
    /// out from it. Now both are masked in `env` and `env diff`.
    @Test(arguments: ["DB_PASS", "GPG_PASSPHRASE", "SSH_PRIVATE", "GITHUB_PAT", "STRIPE_SK", "SMTP_PW", "MYSQL_PWD"])
    func aValueWorkedOutFromTheNewNamesIsMasked(_ name: String) async throws {
        let run = try InProcessRun()
        let file = try run.home.write("Hostile.env", """
            #include "\(repositoryFile("Config/Dev.env"))"
            FILE_\(name) = from-the-file-7781
            MELI_X = $(FILE_\(name))
            MELI_Y = $(\(name))

            """)
        for arguments in [["env"], ["env", "--json"], ["env", "diff", file], ["env", "--explain", "MELI_X"], ["env", "--explain", "MELI_Y"]] {
            let result = await run(arguments, terminal: false, environment: ["MELI_ENV_FILE": file, name: "from-the-process-5513"])
            if arguments == ["env"] {
                #expect(result.code == .success, "\(result.err)")
                #expect(result.out.contains("MELI_X\t<redacted>") && result.out.contains("MELI_Y\t<redacted>"), "\(result.out)")
            }
            for secret in ["from-the-file-7781", "from-the-process-5513"] {
                #expect(!result.out.contains(secret) && !result.err.contains(secret), "\(arguments) showed \(secret): \(result.out)")
            }
        }
    }
}
