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
