extension Message {
    /// The messages of TLS and redirect failures, in English and Spanish.
    enum Transport {}
}

extension Message.Transport {
    /// A download that stopped receiving: `seconds` as written (`HTTPTimeout.text`), `received` a `ByteCount`.
    static func stalled(host: String, seconds: String, received: String) -> Message {
        Message(
            en: "the transfer from \(host) stalled: no bytes for \(seconds) \(seconds == "1" ? "second" : "seconds"), after \(received)",
            es: "la transferencia desde \(host) se detuvo: ningún byte en \(seconds) \(seconds == "1" ? "segundo" : "segundos"), tras \(received)")
    }
    static func untrustedCertificate(host: String, reason: String) -> Message {
        Message(
            en: "the secure connection to \(host) was refused: its certificate is not trusted (\(reason))",
            es: "se rechazó la conexión segura con \(host): su certificado no es de confianza (\(reason.spanishReason))")
    }
    /// Whether TLS's `reason` says the certificate is trusted but issued for another name
    /// (OpenSSL's and LibreSSL's words, through libcurl): its authority is not the problem.
    static func isOtherHostsCertificate(_ reason: String) -> Bool {
        reason.contains(text: "subject name matches target host") || reason.contains(text: "does not match target host")
            || reason.contains(text: "subject alt name")
    }
    static func otherHostsCertificate(host: String, reason: String) -> Message {
        Message(
            en: "the secure connection to \(host) was refused: its certificate was issued for another host name (\(reason))",
            es: "se rechazó la conexión segura con \(host): su certificado se emitió para otro nombre de host (\(reason.spanishReason))")
    }
    static func otherHostsCertificateHint(host: String) -> Message {
        Message(
            en: "Use the host name the certificate was issued for in MELI_API_BASE_URL (one for localhost, for instance, does not cover 127.0.0.1), or have the server present a certificate that names \(host).",
            es: "Use en MELI_API_BASE_URL el nombre de host para el que se emitió el certificado (uno para localhost, por ejemplo, no cubre 127.0.0.1), o haga que el servidor presente un certificado que nombre \(host).")
    }
    static func notTLS(host: String, reason: String) -> Message {
        Message(
            en: "the server \(host) did not answer in TLS: is the URL http? (\(reason))",
            es: "el servidor \(host) no respondió con TLS: ¿la dirección es http? (\(reason.spanishReason))")
    }
    static let notTLSHint = Message(
        en: "A server that speaks plain HTTP on that port needs an http:// address (MELI_API_BASE_URL); one that should speak TLS may have something in the way (a proxy, a firewall).",
        es: "Un servidor que habla HTTP sin cifrar en ese puerto necesita una dirección http:// (MELI_API_BASE_URL); si debería hablar TLS, puede haber algo en el medio (un proxy, un cortafuegos).")
    /// `binary` verifies certificates against `authorities`; says how to trust another authority,
    /// and that CURL_CA_BUNDLE, when set, wins over SSL_CERT_FILE and SSL_CERT_DIR (as in curl).
    static func untrustedCertificateHint(binary: String, authorities: CertificateAuthorities) -> Message {
        switch authorities {
        case .system:
            Message(
                en: "\(binary) always verifies certificates, here against the system's authorities. Behind a proxy that signs with its own authority, set SSL_CERT_FILE to a PEM file holding it (or SSL_CERT_DIR to a folder of them); CURL_CA_BUNDLE, when set, wins over both.",
                es: "\(binary) siempre verifica los certificados, aquí con las autoridades del sistema. Detrás de un proxy que firma con su propia autoridad, defina SSL_CERT_FILE con un archivo PEM que la contenga (o SSL_CERT_DIR con una carpeta de ellos); CURL_CA_BUNDLE, si está definida, prevalece sobre ambas.")
        case .variable(let name, let path):
            Message(
                en: "\(binary) always verifies certificates, here against \(name) (\(path)), which does not hold the authority that signed this one. Add that authority to it, or unset \(name); CURL_CA_BUNDLE, when set, wins over SSL_CERT_FILE and SSL_CERT_DIR.",
                es: "\(binary) siempre verifica los certificados, aquí con \(name) (\(path)), que no contiene la autoridad que firmó este. Añada esa autoridad o quite \(name); CURL_CA_BUNDLE, si está definida, prevalece sobre SSL_CERT_FILE y SSL_CERT_DIR.")
        }
    }
    static func unreadableAuthorities(_ authorities: CertificateAuthorities, reason: String) -> Message {
        switch authorities {
        case .system:
            Message(
                en: "cannot read this system's certificate authorities, so no https server can be trusted (\(reason))",
                es: "no se pueden leer las autoridades de certificación del sistema, así que no se puede confiar en ningún servidor https (\(reason.spanishReason))")
        case .variable(let name, let path):
            Message(
                en: "cannot read the certificate authorities in \(path), which \(name) names (\(reason))",
                es: "no se pueden leer las autoridades de certificación de \(path), que indica \(name) (\(reason.spanishReason))")
        }
    }
    static func unreadableAuthoritiesHint(_ authorities: CertificateAuthorities) -> Message {
        switch authorities {
        case .system:
            Message(
                en: "Install them: on Debian and Ubuntu, apt-get install ca-certificates; or set SSL_CERT_FILE to a PEM file of trusted authorities.",
                es: "Instálelas: en Debian y Ubuntu, apt-get install ca-certificates; o defina SSL_CERT_FILE con un archivo PEM de autoridades de confianza.")
        case .variable(let name, _) where name == "SSL_CERT_DIR":
            Message(
                en: "Set SSL_CERT_DIR to a readable folder of PEM certificates, or unset it to use the system's authorities.",
                es: "Defina SSL_CERT_DIR con una carpeta legible de certificados PEM, o quítela para usar las autoridades del sistema.")
        case .variable(let name, _):
            Message(
                en: "Set \(name) to a readable PEM file, or unset it to use the system's authorities\(name == "CURL_CA_BUNDLE" ? " (CURL_CA_BUNDLE, when set, wins over SSL_CERT_FILE and SSL_CERT_DIR)" : "").",
                es: "Defina \(name) con un archivo PEM legible, o quítela para usar las autoridades del sistema\(name == "CURL_CA_BUNDLE" ? " (CURL_CA_BUNDLE, si está definida, prevalece sobre SSL_CERT_FILE y SSL_CERT_DIR)" : "").")
        }
    }
    static func specialFileInAuthorities(entry: String, variable: String) -> Message {
        Message(
            en: "\(entry), in the certificate folder \(variable) names, is not a regular file (a FIFO, a device or a socket): reading it could wait for ever, past any timeout, so no https request was sent",
            es: "\(entry), en la carpeta de certificados que indica \(variable), no es un archivo regular (un FIFO, un dispositivo o un socket): leerlo podría esperar para siempre, más allá de cualquier tiempo límite, así que no se envió ninguna solicitud https")
    }
    static func specialFileInAuthoritiesHint(entry: String, variable: String) -> Message {
        Message(
            en: "Remove \(entry) from the folder (or put a PEM certificate in its place), or unset \(variable) to use the system's authorities.",
            es: "Quite \(entry) de la carpeta (o ponga un certificado PEM en su lugar), o quite \(variable) para usar las autoridades del sistema.")
    }
    static func insecureRedirect(from: String, to: String) -> Message {
        Message(
            en: "\(from) redirected to \(to), which is not encrypted (http); a redirect is followed to plain http only on this machine (localhost), and never from https",
            es: "\(from) redirigió a \(to), que no está cifrada (http); una redirección se sigue a http sin cifrar solo en esta máquina (localhost), y nunca desde https")
    }
    static let insecureRedirectHint = Message(
        en: "Use an https address that answers without leaving https, or check MELI_API_BASE_URL.",
        es: "Use una dirección https que responda sin salir de https, o revise MELI_API_BASE_URL.")
    static func tooManyRedirects(url: String, limit: String) -> Message {
        Message(
            en: "\(url) redirected more than \(limit) times in a row; stopped following",
            es: "\(url) redirigió más de \(limit) veces seguidas; se dejó de seguir")
    }
    static let tooManyRedirectsHint = Message(
        en: "The server may be redirecting in a loop; check the address (MELI_API_BASE_URL), or try later.",
        es: "Puede que el servidor redirija en bucle; revise la dirección (MELI_API_BASE_URL) o inténtelo más tarde.")
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
            es: "no se pueden hacer solicitudes HTTP: no se pudo cargar libcurl (\(reason.spanishReason))")
    }
    static let httpUnavailableHint = Message(
        en: "Install libcurl: on Debian and Ubuntu, apt-get install libcurl4; on Fedora, dnf install libcurl. Commands that need no network (env, --version, the sandbox) work without it.",
        es: "Instale libcurl: en Debian y Ubuntu, apt-get install libcurl4; en Fedora, dnf install libcurl. Los comandos que no usan la red (env, --version, el sandbox) funcionan sin ella.")
}
