/// The item screen: its title on the query line, then its lines from the scroll position.
extension BrowseView {
    /// The item screen's parts: loading, its error, or its lines from the scroll position.
    static func itemScreen(_ item: ItemScreen, state: BrowseState, pen: Pen, rows: Int) -> Screen {
        let title = pen.style.paint(pen.line(" " + TerminalText.clean(item.summary.title)), bold: true)
        var status = ""
        var body: [String]
        switch item.item {
        case .loading:
            status = pen.say(.Browse.loading)
            body = []
        case .failed(let failure):
            status = pen.say(.Browse.failure(failure.line, exitCode: failure.exitCode))
            body = failureLines(failure, pen: pen)
        case .loaded(let answer):
            if answer.fromCache { status = pen.say(.Browse.fromCache) }
            let lines = ItemLine.lines(answer.value, width: BrowseLayout.itemWidth(state.size), language: pen.language)
            let first = max(0, min(item.scroll, lines.count - rows))
            body = lines.dropFirst(first).prefix(rows).map { line in
                let text = pen.line(" " + line.text)
                switch line.kind {
                case .title, .heading: return pen.style.paint(text, bold: true)
                case .link: return pen.style.paint(text, .blue)
                case .field, .text: return text
                }
            }
        }
        let keys: [(Message, Message)] = [(.Browse.keyEsc, .Browse.actionBack), (.Browse.keyOpen, .Browse.actionOpenLink), (.Browse.keyMove, .Browse.actionScroll),
                                           (.Browse.keyHelp, .Browse.actionKeys), (.Browse.keyQuit, .Browse.actionQuit)]
        let site = state.search?.site
        return Screen(
            title: titleBar(state, site: site, right: TerminalText.clean(item.summary.id), pen: pen),
            query: title,
            status: pen.line(" " + status),
            body: body,
            footer: footer(keys, pen: pen),
            cursor: nil)
    }

    /// The help overlay: every key and what it does, in a box over the body.
    static func helpBox(pen: Pen, rows: Int) -> [String] {
        let keysWidth = Message.Browse.helpLines.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let inner = max(0, min(pen.width - 4, 76))
        let entries = Message.Browse.helpLines.flatMap { keys, action in
            BrowseText.wrap(pen.say(action), width: max(1, inner - keysWidth - 2)).enumerated().map { index, text in
                DisplayWidth.fit(index == 0 ? keys : "", to: keysWidth) + "  " + text
            }
        }
        let title = " " + pen.say(.Browse.helpTitle) + " "
        let top = "┌" + DisplayWidth.truncate(title, to: inner) + String(repeating: "─", count: max(0, inner - DisplayWidth.of(title))) + "┐"
        let closing = ["", pen.say(.Browse.helpClose)]
        let middle = (entries + closing).map { "│" + DisplayWidth.fit($0, to: inner) + "│" }
        let bottom = "└" + String(repeating: "─", count: inner) + "┘"
        var box = [top] + middle + [bottom]
        if box.count > rows { box = Array(box.prefix(max(0, rows - 1))) + (rows > 0 ? [bottom] : []) }
        let margin = String(repeating: " ", count: max(0, (pen.width - inner - 2) / 2))
        return box.map { pen.line(margin + $0) }
    }
}
