#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UpdateCommand {
    /// Downloads, verifies and hands the tarball to this installation's installer.
    static func install(_ build: Feed.Build, from location: String, context: CommandContext) async throws {
        let binary = context.environment.binary
        guard let installation = Installation(executablePath: context.io.executablePath, binary: binary) else {
            throw CommandFailure(.failure, Message(.updateNotInstalled, [binary]), hint: Message(.updateNotInstalledHint))
        }
        let bytes = try await Feed.fetch(Feed.sibling(build.file, of: location), context: context)
        guard SHA256.hex(bytes) == build.sha256.lowercased() else {
            throw CommandFailure(.failure, Message(.updateChecksumMismatch, [build.file]))
        }
        let folder = context.environment.directories.cache + "/update"
        let tarball = folder + "/" + build.file
        do {
            try FileSystem.writeAtomically(bytes, to: tarball, mode: 0o600)
            try FileSystem.writeAtomically(Array("\(build.sha256.lowercased())  \(build.file)\n".utf8), to: folder + "/checksums.txt")
        } catch {
            throw CommandFailure(.failure, .updateCannotSave, context.displayPath(error.path), error.reason)
        }
        defer {
            try? FileSystem.removeFile(tarball)
            try? FileSystem.removeFile(folder + "/checksums.txt")
        }
        let status = Subprocess.run(installation.installer, [tarball, "--prefix", installation.prefix], environment: context.io.environment)
        guard status == 0 else { throw CommandFailure(.failure, Message(.updateInstallFailed, [build.version, status.map { String($0) } ?? "?"])) }
    }
}
