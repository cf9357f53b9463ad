/// How much the logger writes, most verbose first (swift-log's levels).
package enum LogLevel: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case trace, debug, info, notice, warning, error, critical

    /// Accepts any letter case (`DEBUG`).
    package init?(parsing text: String) {
        self.init(rawValue: text.lowercased())
    }

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `steps` levels more verbose (positive) or quieter (negative), clamped to the ends.
    package func shifted(by steps: Int) -> LogLevel {
        let index = LogLevel.allCases.firstIndex(of: self)! - steps
        return LogLevel.allCases[min(max(index, 0), LogLevel.allCases.count - 1)]
    }

    package var description: String { rawValue }

    /// `trace, debug, ...`, joined by hand: the generic `joined(separator:)` looked up conformances
    /// at run time (112K instructions of every start, which builds the option's help).
    static let choices: String = {
        var text = ""
        for level in allCases {
            if !text.isEmpty { text += ", " }
            text += level.rawValue
        }
        return text
    }()
}
