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
    static let reservationName = fileName + ".reserve"

    /// A file beside the credentials file, of the size the new one may need, written and synced,
    /// and kept open: the new tokens are written through this descriptor, never by name, and the
    /// name is renamed over the credentials file only while it is still this file.
    package struct Reservation: Sendable {
        package var path: String
        package var size: Int
        let folder: CredentialFolder
        let file: OpenFile
    }

    /// The reservation's path: one fixed name, used under the credentials lock only.
    var reservationPath: String { path + ".reserve" }

    /// Makes `reservationPath` (a new file, 0600) full of zeros and syncs it: room for
    /// `credentials` renewed (tokens may grow: four times their size, at least 4 KiB). Nothing is
    /// sent when this fails. One left by an interrupted renewal is replaced when it is a regular
    /// file of this user or root; anything else there (a link, another user's file) is refused.
    package func reserve(for credentials: Credentials) throws(CredentialsError) -> Reservation {
        let size = max(4096, credentials.encoded().count * 4)
        let ownership = Ownership(fileSystem: fileSystem)
        guard let folder = try CredentialFolder.checked(self, creating: true) else { throw .unwritable(path: displayPath, reason: FileSystem.reason(ENOENT)) }
        let name = Self.reservationName
        let flags = O_WRONLY | O_CREAT | O_EXCL
        var made = try? folder.openFile(name, flags: flags, ownership: ownership)
        if made == nil {
            // Something is there: judged as found (a link, another user's file are refused), then replaced.
            _ = try folder.openFile(name, flags: O_RDONLY, ownership: ownership)
            unlinkat(folder.descriptor, name, 0)
            made = try folder.openFile(name, flags: flags, ownership: ownership)
        }
        guard let file = made else { throw .unwritable(path: folder.shown(name), reason: FileSystem.reason(ENOENT)) }
        var code = write(file.descriptor, [UInt8](repeating: 0, count: size), name)
        if code == 0, fsync(file.descriptor) != 0 { code = errno }
        guard code == 0 else {
            if folder.holds(name, file) { unlinkat(folder.descriptor, name, 0) }
            throw .noSpaceToRenew(path: displayPath, reason: FileSystem.reason(code))
        }
        return Reservation(path: reservationPath, size: size, folder: folder, file: file)
    }

    /// Saves `credentials` into the reserved file (its blocks are already the file's: overwriting
    /// them needs no new space on most file systems), then renames it over the credentials file.
    /// On failure (or when the name no longer holds the reserved file), tries an ordinary save;
    /// the reservation is removed either way, if it is still there.
    package func save(_ credentials: Credentials, into reservation: Reservation) throws(CredentialsError) {
        let bytes = credentials.encoded()
        let folder = reservation.folder
        let name = Self.reservationName
        if bytes.count <= reservation.size, overwrite(reservation.file, with: bytes, name: name), folder.holds(name, reservation.file),
           renameat(folder.descriptor, name, folder.descriptor, Self.fileName) == 0 {
            return
        }
        defer { release(reservation) }
        try save(bytes, in: folder)
    }

    /// Gives the room back without using it.
    package func release(_ reservation: Reservation) {
        if reservation.folder.holds(Self.reservationName, reservation.file) { unlinkat(reservation.folder.descriptor, Self.reservationName, 0) }
    }

    /// `bytes` written over the start of the open file, the rest cut off, and synced.
    private func overwrite(_ file: OpenFile, with bytes: [UInt8], name: String) -> Bool {
        lseek(file.descriptor, 0, SEEK_SET) == 0 && write(file.descriptor, bytes, name) == 0
            && ftruncate(file.descriptor, off_t(bytes.count)) == 0 && fsync(file.descriptor) == 0
    }
}
