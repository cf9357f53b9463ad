import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `browse` as a person meets it: the built `meli-dev` in a real terminal (tmux), offline against
/// its sandbox, driven by keys and read from the screen; and the terminal it leaves behind.
@Suite("browse in a real terminal", .serialized)
final class BrowseTerminalTests: @unchecked Sendable {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    /// Exactly this environment: a fresh HOME, English, nothing of the machine's.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_LANG": "en", "MELI_NO_UPDATE_NOTIFIER": "1"].merging(extra) { $1 }
    }

    /// The command line that browses the sandbox for iphone on MLA.
    func browse() throws -> String {
        BrowseScreen.quoted(try BinaryRunner.path(of: "meli-dev")) + " browse iphone --site MLA"
    }

    /// The sandbox's three iphone results, in its order.
    static let titles = ["Apple iPhone 15 Pro 256 GB Titanio Natural", "Apple iPhone 13 128 GB Azul Medianoche", "Funda Spigen Ultra Hybrid"]

    /// Waits for the list: a row selected, the first result shown, and the total (3).
    func waitForList(_ tmux: Tmux) throws -> String {
        try tmux.waitUntil("the list of results with its total") {
            BrowseScreen.selected($0) != nil && $0.contains(Self.titles[0]) && BrowseScreen.shows(number: 3, $0)
        }
    }

    /// The file the recorded command line left in the shell's folder, once it is there.
    func recorded(_ name: String, in tmux: Tmux) throws -> String {
        let path = tmux.directory.path + "/" + name
        guard Tmux.poll(timeout: 10, { FileManager.default.fileExists(atPath: path) }) else {
            throw Tmux.Failure(description: "the command never ended (no \(name)); the screen shows:\n\((try? tmux.capture()) ?? "")")
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// What a test checks once `browse` has ended: its exit status, the terminal's settings as
    /// they were, and the shell's screen back (the alternate screen left).
    func expectRestored(_ tmux: Tmux, status: String) throws {
        #expect(try recorded("status", in: tmux) == status + "\n")
        let before = try recorded("before", in: tmux)
        #expect(before.contains("speed"), "stty -a printed: \(before)")
        #expect(try recorded("after", in: tmux) == before, "stty -a differs after browse")
        let screen = try tmux.capture(joined: true)
        #expect(try !tmux.alternateScreen(), "the alternate screen was not left:\n\(screen)")
        #expect(BrowseScreen.selected(screen) == nil, "the list is still shown:\n\(screen)")
        #expect(!screen.contains(Self.titles[0]), "the list is still shown:\n\(screen)")
        #expect(screen.contains("browse iphone"), "the shell's screen (with the command line) is not back:\n\(screen)")
    }

    /// Enter shows the selected item (End scrolls it to its permalink); Esc returns to the list on
    /// the same row; `q` leaves the terminal as it found it.
    @Test func theListTheItemAndBackThenQuitRestoresTheTerminal() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(BrowseScreen.recorded(try browse()))
        _ = try waitForList(tmux)
        try tmux.press("Down")
        let list = try tmux.waitUntil("the second result selected") { BrowseScreen.selected($0)?.contains("iPhone 13 128") == true }
        let row = try #require(BrowseScreen.selected(list))

        try tmux.press("Enter")
        let item = try tmux.waitUntil("the item with its price") { $0.contains("Price:") && $0.contains("iPhone 13 128") }
        #expect(item.contains("$ 978.999"), "the price in the site's format:\n\(item)")
        // The permalink comes last, below the fold at 24 rows: End scrolls to it.
        try tmux.press("End")
        _ = try tmux.waitUntil("the item's permalink") { $0.contains("https://sandbox.meli.invalid/MLA-1400000237") }

        try tmux.press("Escape")
        let back = try tmux.waitUntil("the list again") { !$0.contains("Price:") && BrowseScreen.selected($0) != nil }
        #expect(BrowseScreen.selected(back) == row, "another row is selected:\n\(back)")

        try BrowseScreen.quit(tmux)
        try expectRestored(tmux, status: "0")
    }

    /// SIGTERM restores the terminal and ends the run with 130.
    @Test func sigtermRestoresTheTerminalAndExits130() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(BrowseScreen.recorded(try browse()))
        _ = try waitForList(tmux)
        kill(try tmux.foregroundPID(), SIGTERM)
        try expectRestored(tmux, status: "130")
    }

    /// Ctrl-C quits from the query line too (where `q` is text), and restores the terminal.
    @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(BrowseScreen.recorded(try browse()))
        _ = try waitForList(tmux)
        try tmux.press("C-c")
        try expectRestored(tmux, status: "0")
    }

    /// Ctrl-Z gives the shell its screen and the terminal's settings back; `fg` draws the list again.
    @Test func ctrlZThenFgRedraws() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run("stty -a > before")
        try tmux.run(try browse())
        _ = try waitForList(tmux)
        try tmux.press("C-z")
        let stopped = try tmux.waitUntil("the shell's job control message") { $0.contains("Stopped") }
        #expect(try !tmux.alternateScreen(), "the alternate screen was not left on Ctrl-Z")
        #expect(BrowseScreen.selected(stopped) == nil, "the list is still shown while stopped:\n\(stopped)")
        try tmux.run("stty -a > stopped; mv stopped after")
        #expect(try recorded("after", in: tmux) == recorded("before", in: tmux), "stty -a differs while browse is stopped")
        try tmux.run("fg")
        _ = try waitForList(tmux)
        #expect(try tmux.alternateScreen())
        try BrowseScreen.quit(tmux)
        _ = try tmux.waitUntil("the shell back") { _ in (try? tmux.alternateScreen()) == false }
    }

    /// Stopped, then continued in the background (`kill -CONT`), browse leaves the terminal to the
    /// shell and stops again; `fg` then draws it, and `q` ends it with exit 0.
    @Test func continuedInTheBackgroundItStaysStopped() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(try browse())
        _ = try waitForList(tmux)
        try tmux.press("C-z")
        _ = try tmux.waitUntil("the shell's job control message") { $0.contains("Stopped") }
        try tmux.run("kill -CONT %1; sleep 0.5; jobs > jobs.txt; echo listed")
        let shell = try tmux.waitUntil("the jobs listed") { $0.contains("listed") }
        #expect(try !tmux.alternateScreen(), "browse took the terminal back in the background:\n\(shell)")
        #expect(BrowseScreen.selected(shell) == nil, "the list was drawn over the shell:\n\(shell)")
        #expect(try recorded("jobs.txt", in: tmux).contains("Stopped"), "the job is not stopped again")
        try tmux.run("fg")
        _ = try waitForList(tmux)
        try BrowseScreen.quit(tmux)
        _ = try tmux.waitUntil("the shell back") { _ in (try? tmux.alternateScreen()) == false }
    }

    /// A larger window is filled (the footer on its new last row); at 40x12 the rows are laid out
    /// again for the width, the selected one with its price.
    @Test func aResizeRedrawsAtTheNewSize() throws {
        let tmux = try Tmux(width: 80, height: 24, environment: environment())
        try tmux.run(try browse())
        _ = try waitForList(tmux)

        try tmux.resize(width: 120, height: 30)
        let large = try tmux.waitUntil("the frame redrawn at 120x30") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 30 && !rows[29].trimmingCharacters(in: .whitespaces).isEmpty && BrowseScreen.selected(screen) != nil
        }
        #expect(large.contains(Self.titles[1]))

        try tmux.resize(width: 40, height: 12)
        let small = try tmux.waitUntil("the frame redrawn at 40x12") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 12 && !rows[11].trimmingCharacters(in: .whitespaces).isEmpty && BrowseScreen.selected(screen) != nil
        }
        // Laid out again for 40 columns: the selected row keeps its price, which 80 columns put
        // past the 40th (a window merely cut at 40 columns would have lost it).
        #expect(BrowseScreen.selected(small)?.contains("1.958.999") == true, "the selected row lost its price:\n\(small)")
        try BrowseScreen.quit(tmux)
    }

    /// Under NO_COLOR the selected row is in reverse video and nothing is coloured.
    @Test func noColourSelectsByReverseVideo() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run("NO_COLOR=1 " + (try browse()))
        _ = try waitForList(tmux)
        let screen = try tmux.capture(escapes: true)
        let row = try #require(BrowseScreen.selected(screen))
        #expect(BrowseScreen.sgrParameters(row).contains { $0.contains(7) }, "the selected row is not in reverse video: \(row.debugDescription)")
        let coloured = BrowseScreen.sgrParameters(screen).filter(BrowseScreen.setsColour)
        #expect(coloured.isEmpty, "colour escapes under NO_COLOR: \(coloured)")
        try BrowseScreen.quit(tmux)
    }

    /// Not on a terminal, browse is a usage error that points to `search`.
    @Test func withoutATerminalItPointsToSearch() throws {
        let result = try BinaryRunner.run("meli-dev", ["browse", "iphone", "--site", "MLA"], environment: environment())
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("search"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
