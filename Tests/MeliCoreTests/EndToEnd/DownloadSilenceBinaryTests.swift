import Foundation
import Testing
@testable import MeliCore

/// A package download is bounded by silence, not by its length: `self install URL` of the built
/// binary with `--timeout 0.5` against a loopback server that sends the package in over a second
/// (one byte every 40 ms, never silent for long), and one that stops after 11 bytes.
@Suite("Download silence bound end to end")
final class DownloadSilenceBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer
    static let file = "meli-qa_2.0.0_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
    static let body = [UInt8](repeating: UInt8(ascii: "A"), count: 40)

    init() throws {
        home = try TemporaryDirectory()
        let listing = Array("\(SHA256.hex(Self.body))  \(Self.file)\n".utf8)
        server = try LoopbackServer(routes: { target in
            if target.hasSuffix("/checksums.txt") { return .respond(status: 200, body: listing) }
            if target.hasPrefix("/stall/") { return .stall(body: Self.body, sent: 11, seconds: 5) }
            return .trickle(body: Self.body, every: 0.04)
        })
    }

    deinit {
        server.stop()
    }

    func install(_ folder: String) throws -> RunResult {
        try BinaryRunner.run(
            "meli-qa", ["--timeout", "0.5", "self", "install", "\(server.baseURL)/\(folder)/\(Self.file)", "--prefix", home.path + "/prefix"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
    }

    @Test func aDownloadLongerThanTheTimeoutWhileDataFlowsIsNotCutOff() throws {
        let run = try install("dist")
        // The 40 bytes are no package: the installer refuses them, once the whole download is in.
        #expect(run.stderr.contains("is refused: it is not a readable gzip file"), "\(run.stderr)")
        #expect(!run.stderr.contains("127.0.0.1"), "the transfer is not what failed: \(run.stderr)")
    }

    @Test func aDownloadThatStallsSaysSoWithTheBytesReceived() throws {
        let run = try install("stall")
        #expect(run.status == 1)
        #expect(run.stderr.contains("the transfer from 127.0.0.1 stalled: no bytes for 0.5 seconds, after 11 B"), "\(run.stderr)")
        #expect(!run.stderr.contains("did not answer"), "\(run.stderr)")
    }
}
