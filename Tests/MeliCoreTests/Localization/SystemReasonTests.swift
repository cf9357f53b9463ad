import Foundation
import Testing
@testable import MeliCore

/// The system's reasons (errno, libcurl, meli's own checks) inside Spanish messages are Spanish;
/// English keeps them as the system gave them.
@Suite("System reasons in Spanish")
struct SystemReasonTests {
    /// Every errno code with Spanish words: strerror's text, in its case or lower-case, gives them.
    @Test func everyTranslatedErrnoIsRecognisedFromTheSystemsOwnWords() throws {
        #expect(Message.SystemReason.byCode.count >= 23)
        for (code, message) in Message.SystemReason.byCode {
            let words = String(cString: strerror(code))
            #expect(Message.SystemReason.reason(words).spanish == message.spanish, "\(words)")
            #expect(Message.SystemReason.reason(words).english == words)
            #expect(Message.SystemReason.reason(SystemError.text(code)).spanish == message.spanish, "\(words)")
            #expect(message.spanish != words.lowercased(), "\(words)")
        }
    }

    @Test func theCommonOnesReadAsSpanish() {
        #expect(SystemError.text(ENOENT).spanishReason == "no existe el archivo o la carpeta")
        #expect(SystemError.text(EACCES).spanishReason == "permiso denegado")
        #expect(SystemError.text(ENOSPC).spanishReason == "no queda espacio en el disco")
        #expect(SystemError.text(ECONNREFUSED).spanishReason == "conexión rechazada")
    }

    /// A code without Spanish words keeps the system's, with its name, so it can be looked up.
    @Test func anUntranslatedErrnoKeepsItsWordsAndGivesItsName() {
        let words = SystemError.text(ESRCH)
        #expect(Message.SystemReason.byCode[ESRCH] == nil)
        #expect(words.spanishReason == "\(words) (ESRCH)")
        #expect("nothing the system says".spanishReason == "nothing the system says")
        #expect(SystemError.code(of: "") == nil)
    }

    @Test func meliOwnReasonsAreTranslated() {
        #expect("it is a directory".spanishReason == "es una carpeta")
        #expect(Message.Update.notRegularFile.english.spanishReason == "no es un archivo regular")
        #expect("not a regular file (a FIFO, a device or a socket)".spanishReason == "no es un archivo regular (un FIFO, un dispositivo o un socket)")
    }

    @Test(arguments: [
        ("Could not resolve host: nowhere.invalid", "no se pudo resolver el nombre del host nowhere.invalid"),
        ("Could not resolve proxy: proxy.invalid", "no se pudo resolver el nombre del proxy proxy.invalid"),
        ("Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server", "no se pudo conectar con 127.0.0.1, puerto 9"),
        ("Failed to connect to 127.0.0.1 port 9 after 2 ms: Connection refused", "no se pudo conectar con 127.0.0.1, puerto 9: conexión rechazada"),
        ("Failed to connect to ::1 port 8080: No route to host", "no se pudo conectar con ::1, puerto 8080: no hay ruta hasta el host"),
        ("Recv failure: Connection reset by peer", "falló la recepción: el otro extremo cortó la conexión"),
        ("Send failure: Broken pipe", "falló el envío: el otro extremo cerró la conexión (tubería rota)"),
        ("Empty reply from server", "el servidor cerró la conexión sin responder"),
        ("transfer closed with 100 bytes remaining to read", "la transferencia se cortó antes de terminar"),
        ("error setting certificate file: /nowhere.pem", "no se pudo usar el archivo de certificados /nowhere.pem"),
        ("Operation timed out after 2001 milliseconds with 0 bytes received", "se agotó el tiempo de espera"),
        ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to localhost:8443 ", "falló la conexión segura (TLS)"),
        ("SSL certificate problem: unable to get local issuer certificate", "problema con el certificado TLS: no se encuentra la autoridad que lo emitió"),
        ("SSL certificate problem: self-signed certificate", "problema con el certificado TLS: certificado autofirmado"),
        ("SSL certificate problem: something new", "problema con el certificado TLS: something new"),
        ("Unsupported proxy syntax in 'x'", "Unsupported proxy syntax in 'x'"),
    ])
    func libcurlsCommonTexts(curl: String, spanish: String) {
        #expect(curl.spanishReason == spanish)
        #expect(Message.SystemReason.reason(curl).english == curl)
    }

    /// A message that takes a reason: English as the system said it, Spanish throughout.
    @Test func aMessageWithAReasonIsSpanishThroughout() {
        let message = Message.Auth.credentialsUnreadable(path: "/x/credentials.json", reason: SystemError.text(EACCES))
        #expect(message.english == "cannot read the credentials file /x/credentials.json: permission denied")
        #expect(message.spanish == "no se puede leer el archivo de credenciales /x/credentials.json: permiso denegado")
    }

    /// The real binary, in Spanish, with an env file that does not exist.
    @Test func theBinarySaysWhyInSpanish() throws {
        let home = try TemporaryDirectory()
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "es_AR.UTF-8", "MELI_NO_UPDATE_NOTIFIER": "1"]
        let result = try BinaryRunner.run("meli-dev", ["--env-file", home.path + "/missing.env", "env"], environment: environment)
        #expect(result.status == 3)
        #expect(result.stderr.contains("no se puede leer el archivo de entorno: no existe el archivo o la carpeta"), "\(result.stderr)")
        #expect(!result.stderr.contains("no such file"), "\(result.stderr)")
    }
}

/// An item's status and condition ids as words on a terminal, in both languages.
@Suite("Catalog values in words")
struct CatalogValueTests {
    @Test(arguments: [
        ("active", "active", "activa"), ("paused", "paused", "pausada"), ("closed", "closed", "finalizada"),
        ("under_review", "under review", "en revisión"), ("inactive", "inactive", "inactiva"),
    ])
    func statuses(id: String, english: String, spanish: String) {
        #expect(Message.CatalogValues.status(id).english == english)
        #expect(Message.CatalogValues.status(id).spanish == spanish)
    }

    @Test func conditionsAndUnknownValues() {
        #expect(Message.CatalogValues.condition("new").spanish == "nuevo")
        #expect(Message.CatalogValues.condition("not_specified").spanish == "sin especificar")
        #expect(Message.CatalogValues.status("archived\u{1B}[2J").spanish == "archived")
        #expect(ItemLine.conditionName("used", .spanish) == "usado")
    }
}
