extension Message {
    /// The messages of refused packages, in English and Spanish.
    enum Refusal {}
}

extension Message.Refusal {
    static func installRefused(package: String, reason: Message) -> Message {
        Message(
            en: "\(package) is refused: \(reason.english); nothing was installed",
            es: "\(package) fue rechazado: \(reason.spanish); no se instaló nada")
    }
    static let refusedBadName = Message(
        en: "it is not named like a meli package (<binary>_<version>_<os>_<arch>.tar.gz)",
        es: "no se llama como un paquete de meli (<binario>_<versión>_<so>_<arquitectura>.tar.gz)")
    static let refusedUnsigned = Message(
        en: "it is not signed, and this binary installs only packages signed by a key it trusts; ask its publisher for a signed build (scripts/publish signs with MELI_SIGNING_KEY), or, for a tarball you were given with its signature, put the .sig beside it",
        es: "no está firmado, y este binario solo instala paquetes firmados con una clave en la que confía; pida a quien lo publica una versión firmada (scripts/publish firma con MELI_SIGNING_KEY), o, para un tarball que recibió con su firma, ponga el .sig a su lado")
    static let refusedBadSignature = Message(
        en: "its signature is not a trusted key's signature of this file (another key signed it, or the file was changed); get the package from its channel again, and ask its publisher which key signs it",
        es: "su firma no es la de una clave de confianza para este archivo (lo firmó otra clave, o el archivo cambió); vuelva a obtener el paquete de su canal, y pregunte a quien lo publica qué clave lo firma")
    static func refusedOtherBinary(binary: String) -> Message {
        Message(
            en: "it is a package of \(binary), and a binary installs only packages of itself",
            es: "es un paquete de \(binary), y un binario solo instala paquetes de sí mismo")
    }
    static func refusedOtherBinaryHint(binary: String) -> Message {
        Message(
            en: "Install it with \(binary)'s own 'self install', or download this binary's package.",
            es: "Instálelo con el 'self install' del propio \(binary), o descargue el paquete de este binario.")
    }
    static func refusedOtherPlatform(platform: String, machine: String) -> Message {
        Message(
            en: "it is built for \(platform), and this machine is \(machine)",
            es: "está compilado para \(platform), y esta máquina es \(machine)")
    }
    static func refusedNoChecksums(path: String) -> Message {
        Message(
            en: "there is no \(path) beside it, so it cannot be verified",
            es: "no hay un \(path) a su lado, así que no se puede verificar")
    }
    static let refusedNoChecksumsHint = Message(
        en: "Download checksums.txt from the same place as the tarball and put it beside the tarball.",
        es: "Descargue checksums.txt del mismo lugar que el tarball y póngalo junto al tarball.")
    static func refusedNoChecksumLine(path: String) -> Message {
        Message(en: "\(path) has no line for it", es: "\(path) no tiene una línea para él")
    }
    static func refusedChecksumMismatch(actual: String, expected: String) -> Message {
        Message(
            en: "it does not match its published sha256 (sha256 \(actual), expected \(expected)): it was changed or damaged",
            es: "no coincide con su sha256 publicado (sha256 \(actual), se esperaba \(expected)): fue modificado o está dañado")
    }
    static let refusedDownloadAgainHint = Message(en: "Download it again.", es: "Descárguelo de nuevo.")
    static let refusedNotGzip = Message(en: "it is not a readable gzip file", es: "no es un archivo gzip legible")
    static let refusedTruncated = Message(
        en: "the archive ends too early (truncated)",
        es: "el archivo termina antes de tiempo (truncado)")
    static func refusedDamagedHeader(offset: String) -> Message {
        Message(en: "the tar header at byte \(offset) is damaged", es: "la cabecera tar en el byte \(offset) está dañada")
    }
    static func refusedAbsolutePath(entry: String) -> Message {
        Message(en: "the entry '\(entry)' is an absolute path", es: "la entrada '\(entry)' es una ruta absoluta")
    }
    static func refusedClimbsOut(entry: String) -> Message {
        Message(en: "the entry '\(entry)' climbs out with '..'", es: "la entrada '\(entry)' sale de su carpeta con '..'")
    }
    static func refusedOutsideFolder(entry: String, top: String) -> Message {
        Message(
            en: "the entry '\(entry)' is outside its folder \(top)/",
            es: "la entrada '\(entry)' está fuera de su carpeta \(top)/")
    }
    static func refusedControlCharacters(entry: String) -> Message {
        Message(
            en: "the entry name '\(entry)' holds a NUL, a control character or one that reorders text, or is not UTF-8",
            es: "el nombre de la entrada '\(entry)' tiene un NUL, un carácter de control o uno que reordena el texto, o no es UTF-8")
    }
    static func refusedHardLink(entry: String) -> Message {
        Message(en: "it holds hard links ('\(entry)')", es: "contiene enlaces duros ('\(entry)')")
    }
    static func refusedSpecialFile(entry: String) -> Message {
        Message(
            en: "the entry '\(entry)' is a device, fifo or socket",
            es: "la entrada '\(entry)' es un dispositivo, un fifo o un socket")
    }
    static func refusedUnsupportedEntry(entry: String, type: String) -> Message {
        Message(
            en: "the entry '\(entry)' is of a tar type ('\(type)') that a package never holds",
            es: "la entrada '\(entry)' es de un tipo tar ('\(type)') que un paquete nunca contiene")
    }
    static func refusedLinkLeadsOut(entry: String) -> Message {
        Message(en: "the link '\(entry)' leads out of its folder", es: "el enlace '\(entry)' lleva fuera de su carpeta")
    }
    static func refusedEmptyLink(entry: String) -> Message {
        Message(en: "the link '\(entry)' has an empty target", es: "el enlace '\(entry)' tiene un destino vacío")
    }
    static func refusedEntryUnderLink(entry: String) -> Message {
        Message(en: "an entry lies inside the link '\(entry)'", es: "hay una entrada dentro del enlace '\(entry)'")
    }
    static func refusedDuplicate(entry: String) -> Message {
        Message(en: "the entry '\(entry)' appears twice", es: "la entrada '\(entry)' aparece dos veces")
    }
    static func refusedTooLarge(limit: String) -> Message {
        Message(en: "it unpacks to more than \(limit)", es: "desempaquetado ocupa más de \(limit)")
    }
    static func refusedTooManyEntries(limit: String) -> Message {
        Message(en: "it holds more than \(limit) entries", es: "tiene más de \(limit) entradas")
    }
    static func refusedPathTooLong(entry: String, limit: String) -> Message {
        Message(
            en: "the entry '\(entry)' has a path longer than \(limit) bytes",
            es: "la entrada '\(entry)' tiene una ruta de más de \(limit) bytes")
    }
    static func refusedTooDeep(entry: String, limit: String) -> Message {
        Message(
            en: "the entry '\(entry)' is more than \(limit) levels deep",
            es: "la entrada '\(entry)' está a más de \(limit) niveles de profundidad")
    }
    static func refusedLinkTooLong(entry: String, limit: String) -> Message {
        Message(
            en: "the link '\(entry)' has a target longer than \(limit) bytes",
            es: "el enlace '\(entry)' tiene un destino de más de \(limit) bytes")
    }
    static func refusedNoBinary(path: String) -> Message {
        Message(en: "it holds no executable \(path)", es: "no contiene un \(path) ejecutable")
    }
    static func refusedLocalEnv(path: String) -> Message {
        Message(
            en: "it holds \(path): a user's own settings never come in a package, where they would be copied into every user's configuration folder and choose their settings",
            es: "contiene \(path): los valores propios de un usuario nunca vienen en un paquete, donde se copiarían a la carpeta de configuración de cada usuario y elegirían sus valores")
    }
    static let refusedLocalEnvHint = Message(
        en: "Build the package again with scripts/package, which never puts a Local.env in it.",
        es: "Vuelva a armar el paquete con scripts/package, que nunca le pone un Local.env.")
    static func refusedNotSemanticVersion(version: String) -> Message {
        Message(
            en: "its version '\(version)' is not a semantic version (as 1.2.0 or 1.3.0-rc.1)",
            es: "su versión '\(version)' no es una versión semántica (como 1.2.0 o 1.3.0-rc.1)")
    }
    static func refusedStampMismatch(binary: String, name: String) -> Message {
        Message(
            en: "its binary reports version \(binary) (--version), but its name says \(name): it was packaged from another build",
            es: "su binario informa la versión \(binary) (--version), pero su nombre dice \(name): se empaquetó desde otra compilación")
    }
    static func refusedStampMismatchHint(name: String) -> Message {
        Message(
            en: "Package \(name) again from its own build: scripts/package builds it, and refuses a --binary whose --version is not \(name).",
            es: "Vuelva a empaquetar \(name) desde su propia compilación: scripts/package la compila, y rechaza un --binary cuyo --version no sea \(name).")
    }
    static func refusedVersionMismatch(feed: String, file: String) -> Message {
        Message(
            en: "the feed gives it as version \(feed), but the file is version \(file)",
            es: "el canal la da como versión \(feed), pero el archivo es la versión \(file)")
    }
}
