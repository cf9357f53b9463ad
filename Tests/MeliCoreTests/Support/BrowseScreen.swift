import Foundation

/// Reading `browse`'s screen as tmux captures it, and the shell command lines the end-to-end tests
/// type to run it.
enum BrowseScreen {
    /// The row the selection is on (the one marked `›`), nil when none is.
    static func selected(_ screen: String) -> String? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains("›") }.map(String.init)
    }

    /// Whether `number` stands alone on some row (the total), not as a part of a longer number.
    static func shows(number: Int, _ screen: String) -> Bool {
        screen.range(of: #"(^|[^0-9.,])\#(number)([^0-9.,]|$)"#, options: .regularExpression) != nil
    }

    /// The parameters of every SGR escape (`ESC [ ... m`) in a capture made with escapes.
    static func sgrParameters(_ text: String) -> [[Int]] {
        var found: [[Int]] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }) else { break }
            if after[end] == "m" {
                found.append(after[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
            }
            rest = after[end...]
        }
        return found
    }

    /// Whether an SGR parameter list sets a colour (foreground or background, 8, 16, 256 or true colour);
    /// 39 and 49, back to the default colours, do not.
    static func setsColour(_ parameters: [Int]) -> Bool {
        parameters.contains { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }
    }

    /// A command line that records `stty -a` before and after running `command`, and its exit status,
    /// into files `before`, `after` and `status` of the shell's folder.
    static func recorded(_ command: String) -> String {
        "stty -a > before; \(command); echo $? > status.tmp; stty -a > after; mv status.tmp status"
    }

    /// Quits the search screen with `q`: after Tab, which gives the keys to the list when the
    /// query line has them (where `q` is text) and to the panel when the list has them (both quit on `q`).
    static func quit(_ tmux: Tmux) throws {
        try tmux.press("Tab", "q")
    }

    /// `path` quoted for the shell.
    static func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
