#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Message {
    /// Why the system refused: the words of an `errno` code (as `SystemError.text` gives them), of
    /// libcurl and of meli's own file checks, which errors carry as English text.
    enum SystemReason {}
}

extension Message.SystemReason {
    static let noEntry = Message(en: "no such file or directory", es: "no existe el archivo o la carpeta")
    static let accessDenied = Message(en: "permission denied", es: "permiso denegado")
    static let notPermitted = Message(en: "operation not permitted", es: "operación no permitida")
    static let exists = Message(en: "file exists", es: "el archivo ya existe")
    static let notFolder = Message(en: "not a directory", es: "una parte de la ruta no es una carpeta")
    static let isFolder = Message(en: "is a directory", es: "es una carpeta")
    static let noSpace = Message(en: "no space left on device", es: "no queda espacio en el disco")
    static let readOnly = Message(en: "read-only file system", es: "el sistema de archivos es de solo lectura")
    static let linkLoop = Message(en: "too many levels of symbolic links", es: "demasiados niveles de enlaces simbólicos")
    static let nameTooLong = Message(en: "file name too long", es: "el nombre de archivo es demasiado largo")
    static let tooManyOpen = Message(en: "too many open files", es: "demasiados archivos abiertos")
    static let tooManyOpenInSystem = Message(en: "too many open files in system", es: "demasiados archivos abiertos en el sistema")
    static let busy = Message(en: "device or resource busy", es: "el dispositivo o recurso está ocupado")
    static let crossDevice = Message(en: "invalid cross-device link", es: "no se puede enlazar ni mover entre sistemas de archivos distintos")
    static let timedOut = Message(en: "connection timed out", es: "se agotó el tiempo de conexión")
    static let refused = Message(en: "connection refused", es: "conexión rechazada")
    static let hostUnreachable = Message(en: "no route to host", es: "no hay ruta hasta el host")
    static let networkUnreachable = Message(en: "network is unreachable", es: "la red no es accesible")
    static let networkDown = Message(en: "network is down", es: "la red no está disponible")
    static let reset = Message(en: "connection reset by peer", es: "el otro extremo cortó la conexión")
    static let aborted = Message(en: "software caused connection abort", es: "se abortó la conexión")
    static let brokenPipe = Message(en: "broken pipe", es: "el otro extremo cerró la conexión (tubería rota)")
    static let invalidArgument = Message(en: "invalid argument", es: "argumento inválido")
    static let inputOutput = Message(en: "input/output error", es: "error de entrada/salida")
    static let tryAgain = Message(en: "resource temporarily unavailable", es: "recurso no disponible por el momento")
    static let quota = Message(en: "disk quota exceeded", es: "se superó la cuota de disco")
    static let notEmpty = Message(en: "directory not empty", es: "la carpeta no está vacía")
    static let noMemory = Message(en: "cannot allocate memory", es: "no hay memoria suficiente")
    static let textBusy = Message(en: "text file busy", es: "el archivo ejecutable está en uso")
    static let fileTooBig = Message(en: "file too large", es: "el archivo es demasiado grande")
    static let noDevice = Message(en: "no such device or address", es: "no existe el dispositivo o la dirección")
    static let badDescriptor = Message(en: "bad file descriptor", es: "descriptor de archivo inválido")
    static let interrupted = Message(en: "interrupted system call", es: "llamada al sistema interrumpida")
    static let notTerminal = Message(en: "inappropriate ioctl for device", es: "no es una terminal")
    static let notSupported = Message(en: "operation not supported", es: "operación no soportada")

    /// The Spanish words of each `errno` code meli translates (their English is strerror's,
    /// which varies between systems: the code decides, never the English words above).
    static let byCode: [Int32: Message] = [
        ENOENT: noEntry, EACCES: accessDenied, EPERM: notPermitted, EEXIST: exists, ENOTDIR: notFolder, EISDIR: isFolder,
        ENOSPC: noSpace, EROFS: readOnly, ELOOP: linkLoop, ENAMETOOLONG: nameTooLong, EMFILE: tooManyOpen,
        ENFILE: tooManyOpenInSystem, EBUSY: busy, EXDEV: crossDevice, ETIMEDOUT: timedOut, ECONNREFUSED: refused,
        EHOSTUNREACH: hostUnreachable, ENETUNREACH: networkUnreachable, ENETDOWN: networkDown, ECONNRESET: reset,
        ECONNABORTED: aborted, EPIPE: brokenPipe, EINVAL: invalidArgument, EIO: inputOutput, EAGAIN: tryAgain,
        EDQUOT: quota, ENOTEMPTY: notEmpty, ENOMEM: noMemory, ETXTBSY: textBusy, EFBIG: fileTooBig, ENXIO: noDevice,
        EBADF: badDescriptor, EINTR: interrupted, ENOTTY: notTerminal, ENOTSUP: notSupported,
    ]

    /// The reasons meli's own checks give where the system's would stand.
    static let meliReasons: [Message] = [
        Message(en: "it is a directory", es: "es una carpeta"),
        Message(en: "it is larger than it may be", es: "es más grande de lo que puede ser"),
        Message(en: "someone else could change it", es: "otra persona podría cambiarlo"),
        Message(en: "not a plain file name", es: "no es un nombre de archivo simple"),
        Message(en: "not a regular file", es: "no es un archivo regular"),
        Message(en: "not a regular file (a FIFO, a device or a socket)", es: "no es un archivo regular (un FIFO, un dispositivo o un socket)"),
        Message(en: "larger than 1 MiB", es: "ocupa más de 1 MiB"),
        Message(en: "not trusted", es: "no es de confianza"),
        Message(en: "unreadable link", es: "enlace ilegible"),
        Message(en: "the body could not be stored", es: "no se pudo guardar el cuerpo de la respuesta"),
        Message(en: "cancelled", es: "cancelada"),
        Message.Update.notRegularFile,
    ]

    /// `text`, a reason as an error carries it (the system's words, libcurl's, or a check's), in
    /// both languages: English as given; Spanish translated when known, otherwise the words as
    /// given, with the `errno` name after them when they are a system's (`no such process (ESRCH)`).
    static func reason(_ text: String) -> Message {
        if let own = meliReasons.first(where: { $0.english == text }) { return Message(en: text, es: own.spanish) }
        if let code = SystemError.code(of: text) {
            if let known = byCode[code] { return Message(en: text, es: known.spanish) }
            return Message(en: text, es: SystemError.name(code).map { "\(text) (\($0))" } ?? text)
        }
        return Message(en: text, es: Message.CurlReason.spanish(text) ?? text)
    }
}

extension String {
    /// This reason, as an error carries it, in Spanish (`Message.SystemReason.reason`): what a
    /// message's `es:` text interpolates where its English one has the reason as given.
    var spanishReason: String { Message.SystemReason.reason(self).spanish }
}
