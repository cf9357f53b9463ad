extension Message {
    /// The messages of `self install`, `self rollback` and `self uninstall`, in English and Spanish.
    enum Install {}
}

extension Message.Install {
    static let installNoHome = Message(
        en: "HOME is not set, so there is no default folder to install in",
        es: "HOME no está definida, así que no hay una carpeta de instalación por omisión")
    static let installNoHomeHint = Message(en: "Give one with --prefix DIR.", es: "Indique una con --prefix CARPETA.")
    static func installNoBuild(feed: String, binary: String, platform: String) -> Message {
        Message(
            en: "the feed \(feed) has no current build of \(binary) for \(platform); nothing was installed",
            es: "el canal \(feed) no tiene una versión vigente de \(binary) para \(platform); no se instaló nada")
    }
    static func installUnreadable(path: String, reason: String) -> Message {
        Message(
            en: "cannot read \(path): \(reason); nothing was installed",
            es: "no se puede leer \(path): \(reason.spanishReason); no se instaló nada")
    }
    static func installCannotWrite(path: String, reason: String) -> Message {
        Message(
            en: "cannot write \(path): \(reason); the version in use is unchanged",
            es: "no se puede escribir \(path): \(reason.spanishReason); la versión en uso no cambió")
    }
    static let installCannotWriteHint = Message(
        en: "Check that the folder is yours and writable, or choose another with --prefix.",
        es: "Compruebe que la carpeta sea suya y se pueda escribir, o elija otra con --prefix.")
    static func installNotOurs(path: String) -> Message {
        Message(
            en: "\(path) exists and is not a link made by the installer; nothing was changed",
            es: "\(path) existe y no es un enlace creado por el instalador; no se cambió nada")
    }
    static func installNotOursHint(path: String) -> Message {
        Message(
            en: "Move \(path) away (or remove it), then run the command again.",
            es: "Mueva \(path) a otro lugar (o bórrelo) y ejecute el comando de nuevo.")
    }
    static func installBusy(path: String) -> Message {
        Message(
            en: "another install of this binary is running (it holds \(path))",
            es: "hay otra instalación de este binario en curso (tiene \(path))")
    }
    static let installBusyHint = Message(
        en: "Wait for it to finish, then try again.",
        es: "Espere a que termine e inténtelo de nuevo.")
    static func installNotInstalled(binary: String, prefix: String) -> Message {
        Message(en: "\(binary) is not installed in \(prefix)", es: "\(binary) no está instalado en \(prefix)")
    }
    static let installPrefixHint = Message(
        en: "Give the folder it was installed in with --prefix (the default is ~/.local).",
        es: "Indique con --prefix la carpeta donde se instaló (por omisión ~/.local).")
    static func installNoPrevious(binary: String, prefix: String) -> Message {
        Message(
            en: "\(binary) has no previous version in \(prefix) to roll back to",
            es: "\(binary) no tiene una versión anterior en \(prefix) a la que volver")
    }
    static func installBrokenVersion(path: String) -> Message {
        Message(
            en: "the version to switch to, \(path), holds no binary; nothing was changed",
            es: "la versión a la que cambiar, \(path), no contiene el binario; no se cambió nada")
    }
    static let installNoGzip = Message(
        en: "gzip was not found (in /usr/bin, /bin or PATH), and it is needed to unpack the package; nothing was installed",
        es: "no se encontró gzip (en /usr/bin, /bin ni en PATH), y hace falta para desempaquetar el paquete; no se instaló nada")
    static func installNotAPackageFolder(path: String, binary: String) -> Message {
        Message(
            en: "\(path) is not an unpacked \(binary) package, so there is nothing to install from it",
            es: "\(path) no es un paquete de \(binary) desempaquetado, así que no hay nada que instalar desde ahí")
    }
    static func installNotAPackageFolderHint(binary: String) -> Message {
        Message(
            en: "Give a tarball or a feed ('\(binary) self install TARBALL|FEED'), or run the binary of an unpacked package: ./\(binary)_<version>_<os>_<arch>/bin/\(binary) self install",
            es: "Indique un tarball o un canal ('\(binary) self install TARBALL|FEED'), o ejecute el binario de un paquete desempaquetado: ./\(binary)_<versión>_<so>_<arquitectura>/bin/\(binary) self install")
    }
    static func installStagingNotPrivate(path: String) -> Message {
        Message(
            en: "the staging folder \(path) is not a folder of yours alone (another user owns it, or others may open it), so the package is not copied into it; nothing was installed",
            es: "la carpeta de preparación \(path) no es solo suya (es de otro usuario, u otros pueden abrirla), así que el paquete no se copia en ella; no se instaló nada")
    }
    static func installInterrupted(step: String) -> Message {
        Message(en: "the install stopped after its step '\(step)'", es: "la instalación se detuvo tras su paso '\(step)'")
    }
    static func installDone(binary: String, version: String, prefix: String, path: String) -> Message {
        Message(
            en: "\(binary) \(version) installed in \(prefix) (\(path)).",
            es: "\(binary) \(version) instalado en \(prefix) (\(path)).")
    }
    static func installAlready(binary: String, version: String, prefix: String) -> Message {
        Message(
            en: "\(binary) \(version) was already installed in \(prefix), and its files are this package's, byte for byte: nothing was replaced; its links were checked.",
            es: "\(binary) \(version) ya estaba instalado en \(prefix), y sus archivos son los de este paquete, byte a byte: no se sustituyó nada; se revisaron sus enlaces.")
    }
    static func installRepaired(binary: String, version: String, prefix: String, path: String, difference: String) -> Message {
        Message(
            en: "\(binary) \(version) installed again in \(prefix) (\(path)): the copy in use differed from this package (first at \(difference)), so the package's copy took its place.",
            es: "\(binary) \(version) instalado de nuevo en \(prefix) (\(path)): la copia en uso difería de este paquete (primero en \(difference)), así que la copia del paquete ocupó su lugar.")
    }
    static func installFolderOtherOwner(path: String, owner: String) -> Message {
        Message(
            en: "\(path) belongs to another user (\(owner)), who could change what is installed through it; nothing was changed",
            es: "\(path) pertenece a otro usuario (\(owner)), que podría cambiar lo que se instala a través de ella; no se cambió nada")
    }
    static func installFolderOtherOwnerHint(path: String) -> Message {
        Message(
            en: "Install into a prefix of your own (--prefix DIR), or let the folder's owner install there; a folder meant to be the system's belongs to root (chown root \(path)).",
            es: "Instale en un prefijo propio (--prefix CARPETA), o deje que instale ahí quien es dueño de la carpeta; una carpeta que debe ser del sistema pertenece a root (chown root \(path)).")
    }
    static func installPackageOtherOwner(path: String, owner: String) -> Message {
        Message(
            en: "\(path) belongs to another user (\(owner)), who could change the package while it is installed from this folder; nothing was changed",
            es: "\(path) pertenece a otro usuario (\(owner)), que podría cambiar el paquete mientras se instala desde esta carpeta; no se cambió nada")
    }
    static func installPackageWritable(path: String, mode: String) -> Message {
        Message(
            en: "\(path) can be written by users other than its owner (mode \(mode)), who could change the package while it is installed from this folder; nothing was changed",
            es: "\(path) la pueden escribir otros usuarios además de su dueño (modo \(mode)), que podrían cambiar el paquete mientras se instala desde esta carpeta; no se cambió nada")
    }
    static let installUnsafePackageHint = Message(
        en: "Unpack the tarball into a folder of your own (as root, one root owns, such as a folder made with mktemp -d) and run its binary from there, or install the tarball itself: self install TARBALL.",
        es: "Desempaquete el tarball en una carpeta propia (como root, una de root, como la que crea mktemp -d) y ejecute su binario desde ahí, o instale el tarball mismo: self install TARBALL.")
    static func installLinkOtherOwner(path: String, owner: String) -> Message {
        Message(
            en: "\(path) is a symbolic link that belongs to another user (\(owner)), who could point it elsewhere and so change what is installed through it; nothing was changed",
            es: "\(path) es un enlace simbólico que pertenece a otro usuario (\(owner)), que podría apuntarlo a otro lugar y así cambiar lo que se instala a través de él; no se cambió nada")
    }
    static func installLinkOtherOwnerHint(path: String) -> Message {
        Message(
            en: "Install into a prefix whose path goes through no other user's link (--prefix DIR), or have the link removed (rm \(path)).",
            es: "Instale en un prefijo cuya ruta no pase por el enlace de otro usuario (--prefix CARPETA), o haga que eliminen el enlace (rm \(path)).")
    }
    static func installTooManyLinks(path: String, most: Int) -> Message {
        Message(
            en: "the way to \(path) goes through more than \(most) symbolic links; nothing was changed",
            es: "el camino hasta \(path) pasa por más de \(most) enlaces simbólicos; no se cambió nada")
    }
    static func installFolderWritable(path: String, mode: String) -> Message {
        Message(
            en: "\(path) can be written by users other than its owner (mode \(mode)), who could replace what is installed through it; nothing was changed",
            es: "\(path) la pueden escribir otros usuarios además de su dueño (modo \(mode)), que podrían sustituir lo que se instala a través de ella; no se cambió nada")
    }
    static func installFolderWritableHint(path: String) -> Message {
        Message(
            en: "Take their write permission away (chmod go-w \(path)), or install into another prefix with --prefix DIR.",
            es: "Quíteles el permiso de escritura (chmod go-w \(path)), o instale en otro prefijo con --prefix CARPETA.")
    }
    static func installLockOtherOwner(path: String, owner: String) -> Message {
        Message(
            en: "the lock file \(path) belongs to another user (\(owner)), who could hold it and so stop every install, update, rollback and uninstall of this program; nothing was changed",
            es: "el archivo de bloqueo \(path) pertenece a otro usuario (\(owner)), que podría retenerlo y así impedir toda instalación, actualización, vuelta atrás y desinstalación de este programa; no se cambió nada")
    }
    static func installLockNotFile(path: String) -> Message {
        Message(
            en: "the lock file \(path) is not a regular file (a link, a FIFO...); nothing was changed",
            es: "el archivo de bloqueo \(path) no es un archivo regular (un enlace, un FIFO...); no se cambió nada")
    }
    static func installLockHint(path: String) -> Message {
        Message(
            en: "Remove it (rm \(path)) when no install is running: the next one makes its own, which only you can open.",
            es: "Elimínelo (rm \(path)) cuando no haya ninguna instalación en curso: la próxima crea uno propio, que solo usted puede abrir.")
    }
    static func installPrevious(version: String, binary: String) -> Message {
        Message(
            en: "The previous version, \(version), is kept. To go back to it: \(binary) self rollback",
            es: "Se conserva la versión anterior, \(version). Para volver a ella: \(binary) self rollback")
    }
    static func installNotOnPath(folder: String, binary: String) -> Message {
        Message(
            en: "\(folder) is not on your PATH. To run \(binary) by its name, add this line to your shell's startup file (~/.bashrc, ~/.zshrc or ~/.profile):",
            es: "\(folder) no está en su PATH. Para ejecutar \(binary) por su nombre, agregue esta línea al archivo de inicio de su shell (~/.bashrc, ~/.zshrc o ~/.profile):")
    }
    static func installManPath(binary: String) -> Message {
        Message(en: "For 'man \(binary)', add this line too:", es: "Para 'man \(binary)', agregue también esta línea:")
    }
    static func rollbackDone(binary: String, from: String, to: String, path: String) -> Message {
        Message(
            en: "\(binary): switched from \(from) to \(to) (\(path)).",
            es: "\(binary): se cambió de \(from) a \(to) (\(path)).")
    }
    static func rollbackAgain(binary: String, version: String) -> Message {
        Message(
            en: "'\(binary) self rollback' again returns to \(version).",
            es: "'\(binary) self rollback' otra vez vuelve a \(version).")
    }
    static func uninstallDone(binary: String, prefix: String) -> Message {
        Message(en: "\(binary): uninstalled from \(prefix).", es: "\(binary): desinstalado de \(prefix).")
    }
    static func uninstallKept(folders: String) -> Message {
        Message(
            en: "Its configuration, cache and state stay where they are: \(folders).",
            es: "Su configuración, caché y estado quedan donde están: \(folders).")
    }
    static func uninstallLeft(path: String) -> Message {
        Message(
            en: "\(path) still holds files the installer did not make, so it was left in place.",
            es: "\(path) todavía tiene archivos que el instalador no creó, así que se dejó en su lugar.")
    }
    static func installLinkedFolder(path: String, home: String) -> Message {
        Message(
            en: "\(path) is a symbolic link: the relative links the installer makes in it would not reach \(home); nothing was changed",
            es: "\(path) es un enlace simbólico: los enlaces relativos que el instalador crea en él no llegarían a \(home); no se cambió nada")
    }
    static func installLinkedFolderHint(path: String) -> Message {
        Message(
            en: "Install into a prefix whose folders are real folders (--prefix DIR), or replace the link \(path) with a folder.",
            es: "Instale en un prefijo cuyas carpetas sean carpetas reales (--prefix CARPETA), o sustituya el enlace \(path) por una carpeta.")
    }
    static func installLinkDoesNotResolve(path: String, expected: String) -> Message {
        Message(
            en: "\(path) does not lead to \(expected) after the install",
            es: "\(path) no lleva a \(expected) tras la instalación")
    }
    static let installLinkDoesNotResolveHint = Message(
        en: "Check that no folder of the prefix is a symbolic link, then run the command again.",
        es: "Compruebe que ninguna carpeta del prefijo sea un enlace simbólico y ejecute el comando de nuevo.")
    static func installDowngrade(binary: String, installed: String, package: String) -> Message {
        Message(
            en: "\(binary) \(installed) is in use, newer than this package's \(package); nothing was installed. Pass --allow-downgrade to install the older version anyway, or run '\(binary) self rollback' to go back to the previous one",
            es: "\(binary) \(installed) está en uso y es más nuevo que el \(package) de este paquete; no se instaló nada. Use --allow-downgrade para instalar igualmente la versión anterior, o ejecute '\(binary) self rollback' para volver a la anterior")
    }
    static let selfAllowDowngradeHelp = Message(
        en: "Install the package even when its version is older than the one in use.",
        es: "Instalar el paquete aunque su versión sea más antigua que la que está en uso.")
    static func installNoCrypto(library: String) -> Message {
        Message(
            en: "cannot check the package's signature: \(library) could not be loaded; install it (Debian: apt install libssl3) and run again; nothing was installed",
            es: "no se puede verificar la firma del paquete: no se pudo cargar \(library); instálela (Debian: apt install libssl3) y vuelva a ejecutar; no se instaló nada")
    }
    static func installFolderUnchecked(binary: String) -> Message {
        Message(
            en: "Note: installed from an unpacked folder, so nothing was checked here: the sha256 and the signature belong to the tarball. Check a tarball before unpacking it (README: \"Verify a download by hand\"), or install the tarball itself: '\(binary) self install TARBALL'.",
            es: "Nota: se instaló desde una carpeta desempaquetada, así que aquí no se verificó nada: el sha256 y la firma son del tarball. Verifique el tarball antes de desempaquetarlo (README: \"Verify a download by hand\"), o instale el tarball mismo: '\(binary) self install TARBALL'.")
    }
    static func installOriginUnchecked(binary: String) -> Message {
        Message(
            en: "Note: \(binary) trusts no signing key (Config/signing-keys, MELI_UPDATE_KEYS), so only the package's sha256 was checked, not who made it.",
            es: "Nota: \(binary) no confía en ninguna clave de firma (Config/signing-keys, MELI_UPDATE_KEYS), así que solo se verificó el sha256 del paquete, no quién lo hizo.")
    }
}
