#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UpdateCommand {
    /// Downloads `build`, checks it against the feed's sha256 and installs it in process with the
    /// installer of `self install`, into the prefix this binary is installed in.
    static func install(_ build: Feed.Build, from location: String, app: App) async throws {
        let binary = app.environment.binary
        guard let prefix = app.installation?.prefix else {
            throw UpdateError.notInstalled(binary: binary)
        }
        let installer = app.installer(prefix: prefix)
        let outcome = try await download(build, from: location, into: installer, app: app)
        SelfCommand.report(outcome, installer, app)
    }

    /// Fetches a feed's build (a sibling of the feed) into a download file, checks it against the
    /// feed's sha256, and installs it with `installer`, which verifies its own copy again.
    static func download(_ build: Feed.Build, from location: String, into installer: Installer, app: App) async throws -> Installer.Outcome {
        let file = build.file
        // A package name of this binary (so no '/', no leading '.'), at the build's version.
        try build.checkFileVersion(binary: installer.binary)
        // Refused before anything is downloaded: a build the feed gives no signature for, when
        // this binary checks signatures, and an older build than the one in use.
        if !installer.trustedKeys.isEmpty, build.signature == nil { throw InstallError.refused(package: file, .unsigned) }
        try installer.refuseDowngrade(to: build.version)
        // No more than the feed says the file holds, and never more than the installer would unpack.
        let limit = min(build.size ?? PackageLimits.standard.maxBytes, PackageLimits.standard.maxBytes)
        return try await downloading(file, app: app) { download in
            let sha256 = try await Feed.download(
                Feed.sibling(file, of: location), into: download, source: app.feedSource, limit: limit, file: file,
                meter: app.transferMeter(file, total: build.size))
            guard sha256 == build.sha256.lowercased() else { throw FeedError.checksumMismatch(file: file) }
            return try installer.install(package: download.descriptor, file: file, path: download.path, expectedSHA256: build.sha256, signature: build.signature)
        }
    }

    /// Fetches the checksums.txt beside a tarball URL, then the tarball when it is listed there, and
    /// installs it with `installer`.
    static func download(url: String, into installer: Installer, app: App) async throws -> Installer.Outcome {
        let file = PathName.lastComponent(of: url)
        do { _ = try PackageName(file, binary: installer.binary) } catch { throw InstallError.refused(package: file, error) }
        let listing = Feed.sibling("checksums.txt", of: url)
        let sums = try await Feed.fetch(listing, source: app.feedSource, limit: Feed.maxBytes, download: "checksums.txt")
        let expected = try Installer.publishedSHA256(of: file, in: sums, listing: listing)
        // The detached signature beside it, when this binary checks signatures: none is refused
        // before the tarball is downloaded.
        var signature: [UInt8]?
        if !installer.trustedKeys.isEmpty {
            signature = try? await Feed.fetch(url + ".sig", source: app.feedSource, limit: 1024, download: file + ".sig")
            if signature == nil { throw InstallError.refused(package: file, .unsigned) }
        }
        return try await downloading(file, app: app) { download in
            _ = try await Feed.download(
                url, into: download, source: app.feedSource, limit: PackageLimits.standard.maxBytes, file: file,
                meter: app.transferMeter(file, total: nil))
            return try installer.install(package: download.descriptor, file: file, path: download.path, expectedSHA256: expected, signature: signature)
        }
    }

    /// Runs `body` with a new download of `file` in this binary's cache (`DownloadFolder`), and
    /// removes it afterwards, installed or not. One stopped by Ctrl-C or a kill is removed by the
    /// next download or `cache clear`.
    private static func downloading(
        _ file: String, app: App, _ body: (DownloadFolder.Download) async throws -> Installer.Outcome
    ) async throws -> Installer.Outcome {
        let folder = app.downloadFolder
        let download: DownloadFolder.Download
        do { download = try folder.begin(file: file) } catch {
            switch error {
            case .untrusted(let problem): throw UpdateError.untrustedDownloads(path: app.displayPath(folder.directory), problem: problem)
            case .cannotWrite(let failure): throw UpdateError.cannotSave(path: app.displayPath(failure.path), reason: failure.reason)
            }
        }
        defer { download.end() }
        return try await body(download)
    }
}

extension App {
    /// The progress line of downloading `file` (`total` bytes when known): on standard error when
    /// it is a terminal, never under `-q` (nil then).
    func transferMeter(_ file: String, total: Int?) -> TransferMeter? {
        // TERM=dumb (Emacs' shell, some CI consoles) cannot erase a line: no line rather than
        // one left behind, or redrawn as a pile of lines.
        guard stderr.isTerminal, !globals.quiet, io.environment["TERM"] != "dumb" else { return nil }
        return TransferMeter(output: stderr, label: file, total: total, elapsed: io.clock.elapsed, interruptOutput: 2)
    }
}
