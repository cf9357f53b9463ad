#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UpdateCommand {
    /// Downloads `build`, checks it against the feed's sha256 and installs it in process with the
    /// installer of `self install`, into the prefix this binary is installed in.
    static func install(_ build: Feed.Build, from location: String, context: App) async throws {
        let binary = context.environment.binary
        guard let prefix = context.installation?.prefix else {
            throw UpdateError.notInstalled(binary: binary)
        }
        let installer = context.installer(prefix: prefix)
        let outcome = try await download(build, from: location, into: installer, context: context)
        SelfCommand.report(outcome, installer, context)
    }

    /// Fetches a feed's build (a sibling of the feed), verifies it and installs it with `installer`.
    static func download(_ build: Feed.Build, from location: String, into installer: Installer, context: App) async throws -> Installer.Outcome {
        let file = build.file
        // A package name of this binary (so no '/', no leading '.'), at the build's version.
        try build.checkFileVersion(binary: installer.binary)
        try installer.refuseDowngrade(to: build.version)
        // No more than the feed says the file holds, and never more than the installer would unpack.
        let limit = min(build.size ?? PackageLimits.standard.maxBytes, PackageLimits.standard.maxBytes)
        let bytes = try await Feed.fetch(Feed.sibling(file, of: location), context: context, limit: limit, download: file)
        guard SHA256.hex(bytes) == build.sha256.lowercased() else {
            throw FeedError.checksumMismatch(file: file)
        }
        return try installSaved(bytes, as: file, sha256: build.sha256, signature: build.signature, into: installer, context: context)
    }

    /// Fetches the checksums.txt beside a tarball URL, then the tarball when it is listed there, and
    /// installs it with `installer`.
    static func download(url: String, into installer: Installer, context: App) async throws -> Installer.Outcome {
        let file = PathName.lastComponent(of: url)
        let listing = Feed.sibling("checksums.txt", of: url)
        let sums = try await Feed.fetch(listing, context: context, limit: Feed.maxBytes, download: "checksums.txt")
        let expected = try Installer.publishedSHA256(of: file, in: sums, listing: listing)
        let limit = PackageLimits.standard.maxBytes
        let bytes = try await Feed.fetch(url, context: context, limit: limit, download: file)
        // The detached signature beside it, when this binary checks signatures (absent: refused unsigned).
        var signature: [UInt8]?
        if !installer.trustedKeys.isEmpty {
            signature = try? await Feed.fetch(url + ".sig", context: context, limit: 1024, download: file + ".sig")
        }
        return try installSaved(bytes, as: file, sha256: expected, signature: signature, into: installer, context: context)
    }

    /// Saves the verified download in a folder of its own in this binary's cache (0700, the file
    /// 0600), installs it, and removes that folder: a file of the same name already there (left by
    /// another run, or planted) is neither replaced nor removed.
    private static func installSaved(
        _ bytes: [UInt8], as file: String, sha256: String, signature: [UInt8]?, into installer: Installer, context: App
    ) throws -> Installer.Outcome {
        guard !file.utf8.contains(UInt8(ascii: "/")), file.utf8.first != UInt8(ascii: "."), !file.isEmpty else { throw InstallError.refused(package: file, .badName) }
        let fileSystem = context.io.fileSystem
        let folder = context.environment.directories.cache + "/update/" + String(UInt64.random(in: 1...UInt64.max), radix: 36)
        guard fileSystem.kind(of: folder) == .missing else { throw UpdateError.cannotSave(path: context.displayPath(folder), reason: "it exists already") }
        let tarball = folder + "/" + file
        defer {
            try? fileSystem.removeTree(folder)
            // update/ itself too, once empty: a refused install left it behind.
            _ = rmdir(PathName.directory(of: folder))
        }
        do {
            try fileSystem.makeDirectories(folder, mode: 0o700)
            try fileSystem.writeAtomically(bytes, to: tarball, mode: 0o600)
        } catch {
            throw UpdateError.cannotSave(path: context.displayPath(error.path), reason: error.reason)
        }
        // With no signature from the feed, the saved file has no .sig beside it: refused unsigned.
        return try installer.install(tarball: tarball, expectedSHA256: sha256, signature: signature)
    }
}
