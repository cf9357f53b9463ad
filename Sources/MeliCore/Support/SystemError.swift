#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system's reasons for a failure: an `errno` code, its name and its words.
///
/// Every reason meli shows for a failed system call comes from `text(_:)`, so the words are the
/// same everywhere (lower-case, as they follow a colon) and can be told apart again by
/// `code(of:)`: `Message.SystemReason` turns them into Spanish.
enum SystemError {
    /// The system's words for `code` (strerror's, in English: meli never sets a C locale), lower-case.
    static func text(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    /// The `errno` code whose words are `text`, in any case (strerror's own or `text(_:)`'s); nil
    /// for any other text.
    static func code(of text: String) -> Int32? {
        let wanted = text.lowercased()
        guard !wanted.isEmpty else { return nil }
        return (1..<256).lazy.map { Int32($0) }.first { Self.text($0) == wanted && !isUnknown($0) }
    }

    /// The symbolic name of `code` (`ENOENT`), for the codes meli may meet; nil for others.
    static func name(_ code: Int32) -> String? { names.first { $0.code == code }?.name }

    /// Whether strerror has no words of its own for `code` ("unknown error 200").
    private static func isUnknown(_ code: Int32) -> Bool { text(code).hasPrefix("unknown error") }

    /// The codes whose names a message may show (the same on Linux and macOS; EAGAIN and
    /// EWOULDBLOCK, ENOTSUP and EOPNOTSUPP are one code on Linux: the first name is kept).
    private static let names: [(code: Int32, name: String)] = [
        (EPERM, "EPERM"), (ENOENT, "ENOENT"), (ESRCH, "ESRCH"), (EINTR, "EINTR"), (EIO, "EIO"), (ENXIO, "ENXIO"),
        (E2BIG, "E2BIG"), (ENOEXEC, "ENOEXEC"), (EBADF, "EBADF"), (ECHILD, "ECHILD"), (EAGAIN, "EAGAIN"),
        (ENOMEM, "ENOMEM"), (EACCES, "EACCES"), (EFAULT, "EFAULT"), (EBUSY, "EBUSY"), (EEXIST, "EEXIST"),
        (EXDEV, "EXDEV"), (ENODEV, "ENODEV"), (ENOTDIR, "ENOTDIR"), (EISDIR, "EISDIR"), (EINVAL, "EINVAL"),
        (ENFILE, "ENFILE"), (EMFILE, "EMFILE"), (ENOTTY, "ENOTTY"), (ETXTBSY, "ETXTBSY"), (EFBIG, "EFBIG"),
        (ENOSPC, "ENOSPC"), (ESPIPE, "ESPIPE"), (EROFS, "EROFS"), (EMLINK, "EMLINK"), (EPIPE, "EPIPE"),
        (ERANGE, "ERANGE"), (EDEADLK, "EDEADLK"), (ENAMETOOLONG, "ENAMETOOLONG"), (ENOLCK, "ENOLCK"),
        (ENOSYS, "ENOSYS"), (ENOTEMPTY, "ENOTEMPTY"), (ELOOP, "ELOOP"), (EOVERFLOW, "EOVERFLOW"), (EILSEQ, "EILSEQ"),
        (ENOTSUP, "ENOTSUP"), (EOPNOTSUPP, "EOPNOTSUPP"), (EADDRINUSE, "EADDRINUSE"), (EADDRNOTAVAIL, "EADDRNOTAVAIL"),
        (ENETDOWN, "ENETDOWN"), (ENETUNREACH, "ENETUNREACH"), (ECONNABORTED, "ECONNABORTED"), (ECONNRESET, "ECONNRESET"),
        (ENOBUFS, "ENOBUFS"), (ENOTCONN, "ENOTCONN"), (ETIMEDOUT, "ETIMEDOUT"), (ECONNREFUSED, "ECONNREFUSED"),
        (EHOSTDOWN, "EHOSTDOWN"), (EHOSTUNREACH, "EHOSTUNREACH"), (EDQUOT, "EDQUOT"), (ESTALE, "ESTALE"),
        (ECANCELED, "ECANCELED"),
    ]
}
