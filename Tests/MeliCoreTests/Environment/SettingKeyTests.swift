import Testing
@testable import MeliCore

@Suite("Secret setting names")
struct SettingKeyTests {
    @Test(arguments: [
        "MELI_ACCESS_TOKEN", "MELI_CLIENT_SECRET", "db_password", "MY_PASSWD", "aws_credentials", "OpenAPIKey",
        "KEY", "key", "MELI_SIGNING_KEY", "github_token_2", "xTOKENx", "Secret",
        "ſecret", "MELI_ÁPI_TOKEN",
    ])
    func secretNames(_ name: String) {
        #expect(SettingKey.isSecret(name))
    }

    @Test(arguments: [
        "", "MELI_API_BASE_URL", "HOME", "KEYS", "MONKEY", "MELI_UPDATE_KEYS", "TOKE", "_KE", "PATH", "TOKEÑ", "MELI_SITE_Ñ",
    ])
    func plainNames(_ name: String) {
        #expect(!SettingKey.isSecret(name))
    }
}
