import Foundation
import Synchronization
import Testing
@testable import MeliCore

/// A download's progress line as a user sees it: `self install URL` of the built binary against
/// a loopback server that sends the package slowly (40 bytes, one every 40 ms: over a second),
/// on a pseudo-terminal, piped, and with `-q`.
@Suite("Download progress end to end")
final class ProgressBinaryTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let server: LoopbackServer
    let file = "meli-qa_2.0.0_\(Feed.platform.os)_\(Feed.platform.arch).tar.gz"
    static let body = [UInt8](repeating: UInt8(ascii: "A"), count: 40)

    init() throws {
        home = try TemporaryDirectory()
        let listing = Array("\(SHA256.hex(Self.body))  \(file)\n".utf8)
        server = try LoopbackServer(routes: { target in
            if target.hasSuffix("/checksums.txt") { return .respond(status: 200, body: listing) }
            // Slow enough to be interrupted while the line is drawn (four seconds in all).
            return .trickle(body: Self.body, every: target.hasPrefix("/slow/") ? 0.1 : 0.04)
        })
    }

    deinit {
        server.stop()
    }

    var arguments: [String] { ["self", "install", "\(server.baseURL)/dist/\(file)", "--prefix", home.path + "/prefix"] }
    var environment: [String: String] { ["HOME": home.path, "PATH": "/usr/bin:/bin", "TERM": "xterm"] }

    @Test func onATerminalOneLineIsRedrawnThenCleared() throws {
        let run = try PseudoTerminal.run("meli-qa", arguments, environment: environment)
        let screen = run.screen
        #expect(screen.contains("\r\(file)  "), "\(screen.debugDescription)")
        #expect(screen.contains(" / 40 B  "), "bytes and the total the server announced: \(screen.debugDescription)")
        #expect(screen.contains(" B/s\u{1B}[K"), "the rate, then the rest of the line cleared")
        // The last drawing is followed by a clear of the line, before anything else is written.
        let lastDrawing = try #require(screen.range(of: "B/s\u{1B}[K", options: .backwards))
        #expect(screen[lastDrawing.upperBound...].hasPrefix("\r\u{1B}[K"), "\(screen.debugDescription)")
    }

    /// Ctrl-C while the line is drawn: the process ends killed by SIGINT, and the line is cleared
    /// first (it stayed on the screen).
    @Test func anInterruptClearsTheLine() throws {
        let slow = ["self", "install", "\(server.baseURL)/slow/\(file)", "--prefix", home.path + "/prefix"]
        let run = try PseudoTerminal.run("meli-qa", slow, environment: environment, interruptOn: "B/s\u{1B}[K")
        #expect(run.ending == .signalled(SIGINT))
        let screen = run.screen
        let lastDrawing = try #require(screen.range(of: "B/s\u{1B}[K", options: .backwards), "\(screen.debugDescription)")
        #expect(screen[lastDrawing.upperBound...] == "\r\u{1B}[K", "\(screen.debugDescription)")
    }

    /// TERM=dumb cannot erase a line: none is drawn (README "Progress").
    @Test func aDumbTerminalGetsNoLine() throws {
        var dumb = environment
        dumb["TERM"] = "dumb"
        let run = try PseudoTerminal.run("meli-qa", arguments, environment: dumb)
        #expect(!run.screen.contains("\u{1B}["), "\(run.screen.debugDescription)")
        #expect(!run.screen.contains(" / 40 B"), "\(run.screen.debugDescription)")
    }

    @Test func pipedOrQuietThereIsNoProgress() throws {
        let piped = try BinaryRunner.run("meli-qa", arguments, environment: environment)
        #expect(!piped.stderr.contains("\u{1B}["), "\(piped.stderr.debugDescription)")
        #expect(!piped.stderr.contains(" / 40 B"))
        let quiet = try PseudoTerminal.run("meli-qa", ["-q"] + arguments, environment: environment)
        #expect(!quiet.screen.contains(" / 40 B"), "\(quiet.screen.debugDescription)")
        #expect(!quiet.screen.contains("\u{1B}[K"))
    }
}

/// The progress line's text: sizes from ByteCount, never wider than the terminal.
@Suite("Transfer meter")
struct TransferMeterTests {
    @Test func theLineSaysBytesTotalShareAndRate() {
        #expect(TransferMeter.line(label: "p.tar.gz", received: 1_200_000, total: 4_500_000, seconds: 2, width: 80)
            == "p.tar.gz  1.2 MB / 4.5 MB  26%  600 kB/s")
        #expect(TransferMeter.line(label: "p.tar.gz", received: 999, total: nil, seconds: 1, width: 80) == "p.tar.gz  999 B  999 B/s")
    }

    @Test func aNarrowTerminalCutsTheNameNotTheFigures() {
        let line = TransferMeter.line(label: String(repeating: "x", count: 60), received: 1_200_000, total: 4_500_000, seconds: 2, width: 40)
        #expect(line.count <= 39)
        #expect(line.hasSuffix("1.2 MB / 4.5 MB  26%  600 kB/s"))
        #expect(line.hasPrefix("xxxxxx…"))
    }

    @Test func nothingIsDrawnBeforeTheDelayAndFinishClearsOnlyWhatWasDrawn() {
        let buffer = OutputBuffer()
        let clock = Mutex(Duration.zero)
        let meter = TransferMeter(output: buffer.output(isTerminal: true, width: 80), label: "f", total: 10, elapsed: { clock.withLock { $0 } })
        meter.advance(5)
        meter.finish()
        #expect(buffer.text.isEmpty, "a quick download leaves no trace")
        let slow = TransferMeter(output: buffer.output(isTerminal: true, width: 80), label: "f", total: 10, elapsed: { clock.withLock { $0 } })
        clock.withLock { $0 = .seconds(2) }
        slow.advance(10)
        slow.finish()
        #expect(buffer.text == "\rf  10 B / 10 B  100%  5 B/s\u{1B}[K\r\u{1B}[K")
    }
}
