/// Where things go on the screen, in one place for the state machine (to keep the selection
/// visible) and the view (to draw it): a title bar, the query line and the status line on top, the
/// key footer at the bottom, the body between them.
package enum BrowseLayout {
    /// Title bar, query line, status line.
    static let headerRows = 3
    static let footerRows = 1
    /// The panel's width beside the list, when the screen is wide enough to show both.
    static let panelColumns = 35
    static let panelBesideFrom = 100
    /// Rows within this many of the last loaded result make the next page load.
    static let pagingMargin = 10
    /// Results asked for at a time.
    static let pageSize = 50
    /// Rows or lines one step of the mouse wheel moves.
    static let wheelStep = 3

    /// The rows of the list, the item's lines or the panel (0 on a screen too small for any).
    package static func bodyRows(_ size: TerminalSize) -> Int {
        max(0, size.rows - headerRows - footerRows)
    }

    /// The width an item's lines are laid out for: the screen's, less a margin column.
    static func itemWidth(_ size: TerminalSize) -> Int { max(1, size.columns - 1) }

    /// The panel's entries shown below its heading, of `bodyRows` rows.
    static func panelRows(_ bodyRows: Int) -> Int { max(1, bodyRows - 1) }

    /// Whether the panel sits beside the list (else it replaces it).
    static func panelBeside(_ size: TerminalSize) -> Bool { size.columns >= panelBesideFrom }

    /// The first row to show so that `selection` is visible among `visible` rows of `count`,
    /// moving as little as possible from `scroll` and leaving no blank rows below the last one.
    static func scroll(_ scroll: Int, keeping selection: Int, visible: Int, count: Int) -> Int {
        let visible = max(1, visible)
        var first = min(scroll, selection)
        if selection >= first + visible { first = selection - visible + 1 }
        return max(0, min(first, count - visible))
    }

    /// Where a navigation key moves a selection among `count` rows, `page` at a time; nil when
    /// `key` does not move it. `letters`: j, k, g and G move too (they are not typed text).
    static func move(_ selection: Int, _ key: KeyPress, count: Int, page: Int, letters: Bool, homeEnd: Bool = true) -> Int? {
        let page = max(1, page)
        let target: Int
        switch key {
        case .up: target = selection - 1
        case .down: target = selection + 1
        case .pageUp: target = selection - page
        case .pageDown: target = selection + page
        case .wheelUp: target = selection - wheelStep
        case .wheelDown: target = selection + wheelStep
        case .home where homeEnd: target = 0
        case .end where homeEnd: target = count - 1
        case .character("k") where letters: target = selection - 1
        case .character("j") where letters: target = selection + 1
        case .character("g") where letters: target = 0
        case .character("G") where letters: target = count - 1
        default: return nil
        }
        return max(0, min(target, count - 1))
    }
}
