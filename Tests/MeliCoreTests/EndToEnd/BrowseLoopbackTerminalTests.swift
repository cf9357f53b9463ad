import Foundation
import Testing

/// `browse` in a real terminal (tmux) against a stand-in API on loopback that counts what it is
/// asked: the built `meli-qa`, searching as you type without a request a keystroke, and loading
/// the next page as the selection nears the end.
@Suite("browse in a real terminal against a counting API", .serialized)
final class BrowseLoopbackTerminalTests: @unchecked Sendable {
    let home: TemporaryDirectory
    let api: BrowseStandIn

    init() throws {
        home = try TemporaryDirectory()
        api = try BrowseStandIn(total: 120)
    }

    deinit { api.stop() }

    /// Exactly this environment: a fresh HOME (no cache), English, the stand-in API.
    func environment() -> [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "MELI_LANG": "en", "MELI_NO_UPDATE_NOTIFIER": "1",
         "MELI_API_BASE_URL": api.server.baseURL, "MELI_HTTP_TIMEOUT": "5"]
    }

    /// The command line that browses the stand-in API.
    func browse(_ arguments: String) throws -> String {
        BrowseScreen.quoted(try BinaryRunner.path(of: "meli-qa")) + " browse " + arguments
    }

    /// Typing "iphone 15" in one go (nine keys) makes one search, for the whole query, once typing
    /// has paused: not one a key.
    @Test func typingQuicklyMakesOneSearchRequest() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(try browse("--site MLA"))
        _ = try tmux.waitUntil("browse's search screen") { _ in (try? tmux.alternateScreen()) == true }
        _ = try tmux.waitUntil("browse's first frame") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let before = api.searches.count

        try tmux.type("iphone 15")
        _ = try tmux.waitUntil("the results of the search") {
            $0.contains(BrowseStandIn.title(1)) && BrowseScreen.selected($0) != nil && BrowseScreen.shows(number: 120, $0)
        }
        // Any late request (a second debounce, a search a key) would have been sent by now.
        usleep(600_000)
        let made = Array(api.searches.dropFirst(before))
        #expect(made.count == 1, "searches made: \(made)")
        #expect(made.first?["q"] == "iphone 15", "searches made: \(made)")
        try BrowseScreen.quit(tmux)
    }

    /// A server that echoes the token (here every title and description holds `Loopback`, the
    /// token of this run) has it masked on the screen, on the item screen and in the log printed
    /// after the session, as the commands' output has.
    @Test func theTokenIsMaskedOnTheScreen() throws {
        var environment = environment()
        environment["MELI_ACCESS_TOKEN"] = "Loopback"
        let tmux = try Tmux(environment: environment)
        try tmux.run(try browse("phone --site MLA -v") + " 2> " + BrowseScreen.quoted(home.path + "/log"))
        let list = try tmux.waitUntil("the results") { $0.contains("phone 001") }
        #expect(!list.contains("Loopback"), "\(list)")
        #expect(list.contains("<redacted> phone 001"), "\(list)")
        try tmux.press("Enter")
        let item = try tmux.waitUntil("the item") { $0.contains("line one") }
        #expect(!item.contains("Loopback"), "\(item)")
        try BrowseScreen.quit(tmux)
        var log = ""
        // Written once the terminal is restored, as the process ends.
        _ = Tmux.poll {
            log = (try? String(contentsOfFile: home.path + "/log", encoding: .utf8)) ?? ""
            return log.contains("/items/")
        }
        #expect(log.contains("GET"), "the log after the session: \(log)")
        #expect(!log.contains("Loopback"), "\(log)")
    }

    /// The number of the selected result (`Loopback phone 042` → 42).
    static func selectedNumber(_ screen: String) -> Int? {
        guard let row = BrowseScreen.selected(screen), let range = row.range(of: #"Loopback phone [0-9]{3}"#, options: .regularExpression) else {
            return nil
        }
        return Int(row[range].suffix(3))
    }

    /// Tab, then End, selects the last row of the first page, which asks for the next one
    /// (offset 50); its rows follow the first page's.
    @Test func scrollingToTheEndLoadsTheNextPage() throws {
        let tmux = try Tmux(environment: environment())
        try tmux.run(try browse("iphone --site MLA"))
        _ = try tmux.waitUntil("the first page with the total") {
            $0.contains(BrowseStandIn.title(1)) && BrowseScreen.selected($0) != nil && BrowseScreen.shows(number: 120, $0)
        }
        #expect(api.searches.map { $0["offset"] ?? "0" } == ["0"], "searches: \(api.searches)")

        // The query line has the keys at first (End moves its cursor): Tab gives them to the list.
        try tmux.press("Tab", "End")
        let paged = Tmux.poll { self.api.searches.contains { $0["offset"] == "50" } }
        #expect(paged, "no request for the second page: \(api.searches)")
        // Down until the selection is past the first page: each key only once the last one's frame
        // is drawn, so that none is pressed before the second page is there to move into.
        var screen = ""
        let moved = Tmux.poll {
            screen = (try? tmux.capture()) ?? screen
            if (Self.selectedNumber(screen) ?? 0) > 50 { return true }
            try? tmux.press("Down")
            usleep(100_000)
            return false
        }
        #expect(moved, "the selection never went past row 50:\n\(screen)")
        #expect(screen.contains(BrowseStandIn.title(51)), "row 51 is not shown:\n\(screen)")
        #expect(api.searches.filter { $0["offset"] == "50" }.count == 1, "searches: \(api.searches)")
        try BrowseScreen.quit(tmux)
    }
}
