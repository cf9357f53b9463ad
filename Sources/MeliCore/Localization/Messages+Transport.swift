/// The messages of TLS and redirect failures, in English and Spanish.
extension Message {
    static func untrustedCertificate(host: String, reason: String) -> Message {
        Message(
            en: "the secure connection to \(host) was refused: its certificate is not trusted (\(reason))",
            es: "se rechazó la conexión segura con \(host): su certificado no es de confianza (\(reason))")
    }
    static let untrustedCertificateHint = Message(
        en: "meli always verifies certificates against the system's authorities. Behind a proxy that signs with its own authority, set SSL_CERT_FILE to a PEM file holding it (or SSL_CERT_DIR to a folder of them); if SSL_CERT_FILE, SSL_CERT_DIR or CURL_CA_BUNDLE is set, check that it names a readable file or folder.",
        es: "meli siempre verifica los certificados con las autoridades del sistema. Detrás de un proxy que firma con su propia autoridad, define SSL_CERT_FILE con un archivo PEM que la contenga (o SSL_CERT_DIR con una carpeta de ellos); si SSL_CERT_FILE, SSL_CERT_DIR o CURL_CA_BUNDLE están definidas, comprueba que nombren un archivo o carpeta legible.")
    static func insecureRedirect(from: String, to: String) -> Message {
        Message(
            en: "\(from) redirected to \(to), which is not encrypted (http); a redirect is followed to plain http only on this machine (localhost), and never from https",
            es: "\(from) redirigió a \(to), que no está cifrada (http); una redirección se sigue a http sin cifrar solo en esta máquina (localhost), y nunca desde https")
    }
    static let insecureRedirectHint = Message(
        en: "Use an https address that answers without leaving https, or check MELI_API_BASE_URL.",
        es: "Usa una dirección https que responda sin salir de https, o revisa MELI_API_BASE_URL.")
    static func tooManyRedirects(url: String, limit: String) -> Message {
        Message(
            en: "\(url) redirected more than \(limit) times in a row; stopped following",
            es: "\(url) redirigió más de \(limit) veces seguidas; se dejó de seguir")
    }
    static let tooManyRedirectsHint = Message(
        en: "The server may be redirecting in a loop; check the address (MELI_API_BASE_URL), or try later.",
        es: "Puede que el servidor redirija en bucle; revisa la dirección (MELI_API_BASE_URL) o inténtalo más tarde.")
    static func redirectWithBody(from: String, to: String) -> Message {
        Message(
            en: "\(from) redirected to \(to), another host, and asked for the request's body to be sent there again; not followed, as the body is meant for \(from) only",
            es: "\(from) redirigió a \(to), otro host, y pidió reenviarle el cuerpo de la solicitud; no se siguió, porque el cuerpo es solo para \(from)")
    }
    static func badRedirect(from: String, location: String) -> Message {
        Message(
            en: "\(from) redirected to '\(location)', which is not an http or https address; not followed",
            es: "\(from) redirigió a '\(location)', que no es una dirección http ni https; no se siguió")
    }
    static func httpUnavailable(reason: String) -> Message {
        Message(
            en: "cannot make HTTP requests: libcurl could not be loaded (\(reason))",
            es: "no se pueden hacer solicitudes HTTP: no se pudo cargar libcurl (\(reason))")
    }
    static let httpUnavailableHint = Message(
        en: "Install libcurl: on Debian and Ubuntu, apt-get install libcurl4; on Fedora, dnf install libcurl. Commands that need no network (env, --version, the sandbox) work without it.",
        es: "Instala libcurl: en Debian y Ubuntu, apt-get install libcurl4; en Fedora, dnf install libcurl. Los comandos que no usan la red (env, --version, el sandbox) funcionan sin ella.")
}
