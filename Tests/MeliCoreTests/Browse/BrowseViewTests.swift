import Testing
@testable import MeliCore

/// The view: exact rows, widths by display columns, the selection's marks, clean server text, Spanish.
@Suite("Browse: view")
struct BrowseViewTests {
    typealias Driver = BrowseDriver

    static let sizes = [TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 60),
                        TerminalSize(columns: 10, rows: 3), TerminalSize(columns: 0, rows: 0), TerminalSize(columns: 99, rows: 5)]
    static let hostile = "HOSTILE\u{1B}[2J\u{1B}]0;title\u{07}\u{9B}2J\u{202E}\u{0}\u{8}\r\u{1B}[8m\u{1B}[30;40mEND"
    static let titles = ["Celular 📱 Samsung Galaxy 🎉🎉 with a long name that goes on and on", "東京の高級カメラ 特別版 超高画質 4K 動画 対応 モデル", hostile, "e\u{301}a\u{308}o\u{303} combining"]

    /// Every screen and focus worth drawing, at `size`.
    static func states(_ size: TerminalSize) -> [(String, BrowseState)] {
        let page = BrowseFixtures.page(count: 50, total: 1234) { titles[$0 % titles.count] }
        var list = Driver.withResults(page, size: size, fromCache: true)
        list.press(.down, .down)
        var panel = list
        panel.press(.tab)
        var help = list
        help.press(.character("?"))
        var item = list
        var loaded = list
        if case .loadItem(_, let ticket) = loaded.press(.enter).first {
            loaded.send(.itemLoaded(ticket: ticket, .success(Answer(BrowseFixtures.item(text: hostile + " 東京 📱", description: hostile + "\n" + titles.joined(separator: " "))))))
        }
        item.press(.enter)
        var failed = Driver(BrowseFixtures.searchState(size: size))
        failed.type("tv")
        failed.send(.searchLoaded(ticket: 1, .failure(BrowseFixtures.failure(hostile))))
        if let ticket = Driver.searches(failed.send(.timer(.debounce(2)))).first?.1 {
            failed.send(.searchLoaded(ticket: ticket, .failure(BrowseFixtures.failure(hostile))))
        }
        var sites = Driver(BrowseState(binary: "meli", site: nil, defaultSite: "MLA", query: nil, size: size))
        sites.send(.sitesLoaded(.success([Site(id: "MLA", name: hostile, currencyID: "ARS"), Site(id: "MLB", name: "Brasil 東京", currencyID: "BRL")])))
        var query = list
        query.press(.character("/"))
        query.type(hostile + " 東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京東京")
        return [("hint", BrowseFixtures.searchState(size: size)), ("list", list.state), ("panel", panel.state), ("help", help.state),
                ("item loading", item.state), ("item", loaded.state), ("failed", failed.state), ("sites", sites.state), ("query", query.state)]
    }

    /// `line` without meli's own SGR escapes (`ESC [ digits ; m`), which take no columns.
    static func visible(_ line: String) -> String {
        var out = ""
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.first {
            if scalar == "\u{1B}", scalars.dropFirst().first == "[" {
                let rest = scalars.dropFirst(2)
                if let end = rest.firstIndex(where: { !(("0"..."9").contains($0) || $0 == ";") }), scalars[end] == "m" {
                    scalars = scalars[(end + 1)...]
                    continue
                }
            }
            out.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
        }
        return out
    }

    @Test(arguments: [TextStyle(colored: true), TextStyle.plain], Language.allCases)
    func everyLineFitsAndNoServerEscapeGetsThrough(style: TextStyle, language: Language) {
        let meli: Set<String> = Set(["7"] + TextStyle.sequences)
        for size in Self.sizes {
            for (name, state) in Self.states(size) {
                let frame = BrowseView.frame(state, style: style, language: language)
                #expect(frame.lines.count == size.rows, "\(name) at \(size)")
                for line in frame.lines {
                    let text = Self.visible(line)
                    #expect(DisplayWidth.of(text) <= size.columns, "\(name) at \(size): \(text.debugDescription)")
                    #expect(!text.unicodeScalars.contains(where: TerminalText.isUnsafe), "\(name) at \(size): \(line.debugDescription)")
                    #expect(!text.contains(text: "[2J") || !line.contains(text: "\u{1B}[2J"))
                    for escape in Self.sgr(line) { #expect(meli.contains(escape), "\(name): ESC[\(escape)m") }
                }
                if let cursor = frame.cursor {
                    #expect(cursor.row < size.rows && cursor.column < size.columns, "\(name) at \(size)")
                }
            }
        }
    }

    /// The parameters of each `ESC [ ... m` in `line`.
    static func sgr(_ line: String) -> [String] {
        line.split(separator: "\u{1B}", omittingEmptySubsequences: true).dropFirst(line.hasPrefix("\u{1B}") ? 0 : 1).compactMap { part in
            guard part.first == "[", let end = part.firstIndex(of: "m") else { return nil }
            return String(part[part.index(after: part.startIndex)..<end])
        }
    }

    @Test func theSelectedRowIsMarkedAndReversedWithoutColour() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 10, total: 10))
        driver.press(.down, .down)
        let lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        let selected = lines.filter { $0.contains(text: "›") }
        #expect(selected.count == 1)
        #expect(selected.first?.hasPrefix("\u{1B}[7m") == true && selected.first?.hasSuffix("\u{1B}[0m") == true)
        #expect(selected.first?.contains(text: "Result 2") == true)
        #expect(lines.filter { $0.contains(text: "\u{1B}") }.count == 1, "no other escape without colour")
        #expect(lines.contains { $0.contains(text: "$ 2.000,50") })
        #expect(lines[2].contains(text: "10 results"))
        #expect(lines.last?.contains(text: "q quit") == true)
    }

    /// At 40 columns the footer keeps the way forward (Enter), the way back to the query line and
    /// quit, and drops what does not fit, the least useful first.
    @Test func aNarrowFooterKeepsTheWayOnAndQuit() {
        let driver = Driver.withResults(BrowseFixtures.page(count: 3, total: 3), size: TerminalSize(columns: 40, rows: 12))
        let footer = BrowseView.frame(driver.state, style: .plain, language: .english).lines.last ?? ""
        #expect(footer == " Enter open  / search  ↑↓ move  q quit  ")
    }

    /// Retrying is offered only where it can help: a network failure (exit 1), not a missing site (exit 5).
    @Test(arguments: [(Int32(1), true), (Int32(5), false)])
    func retryOnlyWhereItHelps(exitCode: Int32, offered: Bool) {
        var driver = BrowseDriver(BrowseFixtures.searchState())
        driver.type("iphone")
        let ticket = BrowseDriver.searches(driver.send(.timer(.debounce(driver.state.search!.generation)))).first!.1
        driver.send(.searchLoaded(ticket: ticket, .failure(BrowseFixtures.failure("it failed", exitCode: exitCode))))
        let lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines.contains { $0.contains(text: "Ctrl-R") } == offered, "\(lines)")
    }

    @Test func spanishLabels() {
        var driver = Driver.withResults(BrowseFixtures.page(count: 3, total: 3), fromCache: true)
        driver.press(.character("/"))
        let lines = BrowseView.frame(driver.state, style: .plain, language: .spanish).lines
        #expect(lines[1].hasPrefix("Buscar: iphone"))
        #expect(lines[2].contains(text: "3 resultados") && lines[2].contains(text: "desde la caché (sin conexión)"))
        #expect(lines.contains { $0.contains(text: "nuevo") } && lines.contains { $0.contains(text: "gratis") })
        #expect(lines.last?.contains(text: "Ctrl-C salir") == true)
        let empty = BrowseView.frame(BrowseFixtures.searchState(), style: .plain, language: .spanish)
        #expect(empty.lines[3].contains(text: "Escriba para buscar."))
        #expect(empty.cursor == CursorPosition(row: 1, column: 8))
    }

    @Test func loadingThenSearchingOverTheOldList() {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("tv")
        driver.send(.timer(.debounce(2)))
        var lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines[3].contains(text: "Loading…") && lines[2].contains(text: "searching…"))
        driver = Driver.withResults(BrowseFixtures.page(count: 3, total: 3))
        driver.press(.character("/"))
        driver.type("x")
        driver.send(.timer(.debounce(driver.state.search!.generation)))
        lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines[2].contains(text: "searching…"))
        #expect(lines[3].contains(text: "Result 0"), "the old list stays until the answer")
    }

    @Test func aMessageOnTwoLinesReadsAsOne() {
        var driver = Driver(BrowseFixtures.searchState())
        driver.type("tv")
        driver.press(.enter)
        driver.send(.searchLoaded(ticket: 1, .failure(BrowseFixtures.failure("no network\nhint: try --offline\u{1B}[2J"))))
        let lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines[3] == DisplayWidth.fit(" no network hint: try --offline (exit 4)", to: 80), "each escape goes whole")
        driver.send(.siteSaved("MLA", BrowseFixtures.failure("disk\u{1B}]0;x\u{07} full")))
        #expect(BrowseView.frame(driver.state, style: .plain, language: .english).lines[2].hasPrefix(" could not save the site: disk full"))
    }

    @Test func noResultsNamesTheQueryAndTheSite() {
        let driver = Driver.withResults(BrowseFixtures.page(count: 0, total: 0))
        let lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines[3].contains(text: "No results for \"iphone\" in Argentina (MLA)."))
    }

    @Test func theItemShowsItsFieldsAndScrolls() throws {
        var driver = Driver.withResults(BrowseFixtures.page(count: 3, total: 3))
        guard case .loadItem(_, let ticket) = driver.press(.enter).first else { Issue.record("no item asked for"); return }
        driver.send(.itemLoaded(ticket: ticket, .success(Answer(BrowseFixtures.item()))))
        var lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines.contains { $0.contains(text: "Price: $ 1.874.999") })
        #expect(lines.contains { $0.contains(text: "Marca: Apple iPhone 15 128GB") })
        driver.press(.end)
        lines = BrowseView.frame(driver.state, style: .plain, language: .english).lines
        #expect(lines[lines.count - 2].contains(text: "https://articulo.mercadolibre.com.ar/MLA-1000"))
        let spanish = BrowseView.frame(driver.state, style: .plain, language: .spanish).lines
        #expect(spanish[spanish.count - 2].contains(text: "https://articulo.mercadolibre.com.ar/MLA-1000"), "the same lines in Spanish")
        #expect(spanish.contains { $0.contains(text: "Enlace") })
    }
}
