#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Room for the next credentials file, taken before a refresh token is spent: a refresh token
/// works once, so the new tokens it buys must be saved whatever the disk's state by then.
extension CredentialStore {
    /// A file beside the credentials file, of the size the new one may need, written and synced.
    package struct Reservation: Sendable {
        package var path: String
        package var size: Int
    }

    /// The reservation's path: one fixed name, used under the credentials lock only.
    var reservationPath: String { path + ".reserve" }

    /// Writes and syncs `reservationPath` full of zeros, room for `credentials` renewed (tokens
    /// may grow: four times their size, at least 4 KiB). Nothing is sent when this fails.
    package func reserve(for credentials: Credentials) throws(CredentialsError) -> Reservation {
        let size = max(4096, credentials.encoded().count * 4)
        do {
            try fileSystem.writeAtomically([UInt8](repeating: 0, count: size), to: reservationPath, mode: 0o600)
        } catch {
            try? fileSystem.removeFile(reservationPath)
            throw .noSpaceToRenew(path: displayPath, reason: error.reason)
        }
        return Reservation(path: reservationPath, size: size)
    }

    /// Saves `credentials` into the reserved file (its blocks are already the file's: overwriting
    /// them needs no new space on most file systems), then renames it over the credentials file.
    /// On failure, tries an ordinary save; the reservation is removed either way.
    package func save(_ credentials: Credentials, into reservation: Reservation) throws(CredentialsError) {
        let bytes = credentials.encoded()
        if bytes.count <= reservation.size, Self.overwrite(reservation.path, with: bytes), rename(reservation.path, path) == 0 {
            return
        }
        defer { try? fileSystem.removeFile(reservation.path) }
        do {
            try fileSystem.writeAtomically(bytes, to: path, mode: 0o600)
        } catch {
            throw .unwritable(path: displayPath, reason: error.reason)
        }
    }

    /// Gives the room back without using it.
    package func release(_ reservation: Reservation) {
        try? fileSystem.removeFile(reservation.path)
    }

    /// `bytes` written over the start of the file at `path`, the rest cut off, and synced.
    private static func overwrite(_ path: String, with bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + offset, bytes.count - offset, off_t(offset)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return ftruncate(fd, off_t(bytes.count)) == 0 && fsync(fd) == 0
    }
}
